import type { Database } from '../../db/connection.ts';

/**
 * The database or a transaction on it: every shop function takes either, so the checkout can run
 * them inside its own order transaction.
 */
export type ShopDb = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** PostgreSQL refuses a malformed uuid with an error; ids from requests are checked first. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
