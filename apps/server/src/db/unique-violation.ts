/**
 * True when a query failed on a unique constraint or index (PostgreSQL 23505), optionally a given
 * one. Drizzle wraps the driver's error, so the cause chain is searched.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const pgError = current as Error & { code?: unknown; constraint?: unknown };
    if (pgError.code === '23505') return constraint === undefined || pgError.constraint === constraint;
  }
  return false;
}
