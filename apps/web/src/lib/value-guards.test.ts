// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isRecord, nonEmptyString, oneOf, positiveIntegerString, stringListRecord, trimmedString } from './value-guards.ts';

describe('value guards (start-up parsing without zod)', () => {
  it('tells plain objects from arrays and null', () => {
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord([])).toBe(false);
    expect(isRecord(null)).toBe(false);
    expect(isRecord('x')).toBe(false);
  });

  it('keeps non-empty strings as they are, and trims only where asked', () => {
    expect(nonEmptyString(' a ')).toBe(' a ');
    expect(nonEmptyString('')).toBeNull();
    expect(nonEmptyString(3)).toBeNull();
    expect(trimmedString('  token  ')).toBe('token');
    expect(trimmedString('   ')).toBeNull();
    expect(trimmedString(undefined)).toBeNull();
  });

  it('accepts only listed values', () => {
    expect(oneOf(['light', 'dark'] as const, 'dark')).toBe('dark');
    expect(oneOf(['light', 'dark'] as const, 'sepia')).toBeNull();
    expect(oneOf(['light', 'dark'] as const, null)).toBeNull();
  });

  it('reads positive integers written in digits only', () => {
    expect(positiveIntegerString('1900000000')).toBe(1_900_000_000);
    for (const value of ['0', '-5', '1.5', '1e9', ' 12', '', '99999999999999999999', 12]) {
      expect(positiveIntegerString(value)).toBeNull();
    }
  });

  it("reads a 422's field errors, and nothing that only looks like them", () => {
    expect(stringListRecord({ email: ['Must be a valid email'], password: [] })).toEqual({ email: ['Must be a valid email'], password: [] });
    expect(stringListRecord({ email: 'Must be a valid email' })).toBeNull();
    expect(stringListRecord({ email: [1] })).toBeNull();
    expect(stringListRecord(['x'])).toBeNull();
  });
});
