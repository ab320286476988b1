import { describe, expect, it } from 'vitest';
import { errorBandOf, standardError } from './measurement-precision.ts';

describe('standardError', () => {
  it('is SD x sqrt(1 - reliability)', () => {
    expect(standardError({ label: 'traits', reliability: 0.8, sd: 18 })).toBeCloseTo(8.05, 2);
    expect(standardError({ label: 'facets', reliability: 0.65, sd: 18 })).toBeCloseTo(10.65, 2);
    expect(standardError({ label: 'environment', reliability: 0.75, sd: 18 })).toBe(9);
  });
});

describe('errorBandOf', () => {
  it('is the score plus or minus one standard error, on one decimal, wide rather than narrow', () => {
    expect(errorBandOf(50, 8.05)).toEqual({ low: 41.9, high: 58.1 });
    expect(errorBandOf(72.3, 8.05)).toEqual({ low: 64.2, high: 80.4 });
  });

  it('is clipped to 0-100 and always contains the score', () => {
    expect(errorBandOf(3, 8.05)).toEqual({ low: 0, high: 11.1 });
    expect(errorBandOf(100, 10.65)).toEqual({ low: 89.3, high: 100 });
    expect(errorBandOf(0, 0)).toEqual({ low: 0, high: 0 });
  });
});
