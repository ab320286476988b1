import { describe, expect, it } from 'vitest';
import { formatList } from './list-format.ts';

describe('formatList', () => {
  it('writes a list as the language does', () => {
    expect(formatList(['BIG5', 'Environment', 'Values'], 'en')).toBe('BIG5, Environment, and Values');
    expect(formatList(['BIG5', 'Environment'], 'de')).toBe('BIG5 und Environment');
    expect(formatList(['BIG5'], 'en')).toBe('BIG5');
  });

  it('joins with commas for a language tag the runtime refuses', () => {
    expect(formatList(['BIG5', 'Environment'], 'not a language!')).toBe('BIG5, Environment');
  });
});
