import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedRow, RowShapeError } from './checked-row.ts';

const progressRow = z.strictObject({ answered_items: z.number(), completed: z.array(z.string()).nullable() });

describe('checkedRow', () => {
  it('hands back a row of the expected shape, typed', () => {
    const row: { answered_items: number; completed: string[] | null } = checkedRow('progress', progressRow, { answered_items: 3, completed: null });
    expect(row).toEqual({ answered_items: 3, completed: null });
  });

  it('throws for a renamed column, naming the statement and both sides of the difference', () => {
    let error: unknown;
    try {
      checkedRow('progress', progressRow, { answered_count: 3, completed: null });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(RowShapeError);
    expect((error as RowShapeError).message).toMatch(/^progress returned a row the code does not read: /);
    expect((error as RowShapeError).message).toContain('answered_items');
    expect((error as RowShapeError).message).toContain('answered_count');
  });

  it('throws for a value of another type, and for no row at all', () => {
    expect(() => checkedRow('progress', progressRow, { answered_items: '3', completed: null })).toThrow(/answered_items/);
    expect(() => checkedRow('progress', progressRow, undefined)).toThrow(RowShapeError);
  });
});
