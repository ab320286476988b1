import { describe, expect, it } from 'vitest';
import { addMonths } from './billing-period.ts';

describe('addMonths', () => {
  it('keeps the day of the month and the time of day', () => {
    expect(addMonths(new Date('2026-11-26T10:15:00Z'), 1).toISOString()).toBe('2026-12-26T10:15:00.000Z');
    expect(addMonths(new Date('2026-11-26T10:15:00Z'), 3).toISOString()).toBe('2027-02-26T10:15:00.000Z');
    expect(addMonths(new Date('2026-11-26T10:15:00Z'), 12).toISOString()).toBe('2027-11-26T10:15:00.000Z');
  });

  it("ends on the month's last day when it has no such day", () => {
    expect(addMonths(new Date('2027-01-31T00:00:00Z'), 1).toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(new Date('2026-08-31T00:00:00Z'), 3).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });
});
