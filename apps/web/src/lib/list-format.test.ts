import { describe, expect, it } from 'vitest';
import { formatList } from './list-format.ts';

describe('formatList', () => {
  it('writes a list as the interface language does', () => {
    expect(formatList(['BIG5', 'Environment', 'Values'])).toBe('BIG5, Environment, and Values');
    expect(formatList(['BIG5', 'Environment', 'Values', 'Team'])).toBe('BIG5, Environment, Values, and Team');
    expect(formatList(['BIG5', 'Environment'])).toBe('BIG5 and Environment');
    expect(formatList(['BIG5'])).toBe('BIG5');
    expect(formatList([])).toBe('');
  });
});
