import type { z } from 'zod';

/**
 * A row of hand-written SQL, checked against the shape the code reads before it is used: the
 * hot paths' statements (GET /api/cart's basket, an answer's writes) are plain SQL whose result
 * TypeScript cannot see, so a column or JSON key renamed on one side would otherwise be read as
 * undefined and priced or counted as such. A row of another shape throws (the request fails, and
 * with it every test that runs the statement), naming the statement and what differs.
 */
export function checkedRow<Schema extends z.ZodType>(statement: string, schema: Schema, row: unknown): z.output<Schema> {
  const checked = schema.safeParse(row);
  if (checked.success) return checked.data;
  throw new RowShapeError(statement, checked.error.issues);
}

export class RowShapeError extends Error {
  constructor(
    readonly statement: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    const differences = issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(row)'}: ${issue.message}`).join('; ');
    super(`${statement} returned a row the code does not read: ${differences}`);
    this.name = 'RowShapeError';
  }
}
