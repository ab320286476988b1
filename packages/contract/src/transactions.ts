import { z } from 'zod';
import { cents } from './cart.ts';
import { pageMeta } from './orders.ts';

// Spec section 3 "Transaction": transaction, status, description, date, amount.

export const transactionStatus = z.enum(['succeeded', 'failed', 'pending', 'refunded']);
export type TransactionStatus = z.infer<typeof transactionStatus>;

export const transaction = z.object({
  id: z.string(),
  /** The reference shown in the "Transaction" column (the provider's charge reference). */
  transaction: z.string(),
  status: transactionStatus,
  /** e.g. "Order 2026-000042: BIG5 report, Environment report". */
  description: z.string(),
  /** When it happened, ISO 8601 UTC. */
  date: z.iso.datetime(),
  /** Euro cents. */
  amount: cents,
  order_id: z.string().nullable(),
});
export type Transaction = z.infer<typeof transaction>;

/** `GET /api/transactions?page=&per_page=`: newest first. */
export const transactionList = z.object({ data: z.array(transaction), meta: pageMeta });
export type TransactionList = z.infer<typeof transactionList>;
