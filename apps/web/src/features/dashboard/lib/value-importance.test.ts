import { describe, expect, it } from 'vitest';
import { centredScale, valueImportance } from './value-importance.ts';

describe('valueImportance', () => {
  it.each([
    [1.2, 'muchMore'],
    [0.5, 'muchMore'],
    [0.49, 'more'],
    [0.2, 'more'],
    [0.19, 'about'],
    [0, 'about'],
    [-0.19, 'about'],
    [-0.2, 'less'],
    [-0.49, 'less'],
    [-0.5, 'muchLess'],
    [-1.7, 'muchLess'],
  ] as const)('reads a centred score of %s as %s', (centred, importance) => {
    expect(valueImportance(centred)).toBe(importance);
  });
});

describe('centredScale', () => {
  it('is the largest distance from the average, and at least one scale point', () => {
    expect(centredScale([0.3, -0.4, 0.1])).toBe(1);
    expect(centredScale([1.2, -1.6, 0.1])).toBe(1.6);
    expect(centredScale([])).toBe(1);
  });
});
