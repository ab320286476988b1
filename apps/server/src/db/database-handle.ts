import type { Database } from './connection.ts';

/**
 * The database or a transaction on it: what every service function takes, so that a caller can run
 * it on its own or inside the caller's transaction (the checkout runs the shop's functions in its
 * order transaction). `transaction` on a transaction opens a savepoint.
 *
 * Functions whose statements only hold together inside a transaction (an advisory xact lock, a
 * savepoint) say so in their comment; the caller opens it.
 */
export type DatabaseHandle = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;
