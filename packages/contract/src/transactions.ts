import { z } from 'zod';
import { cents } from './basket.ts';
import { pageMeta } from './orders.ts';

// Spec section 3 "Transaction": transaction, status, description, date, amount.

export const transactionStatus = z.enum(['succeeded', 'failed', 'pending', 'refunded']);
export type TransactionStatus = z.infer<typeof transactionStatus>;

/** One line of the order a payment was for, as the payments list names it. */
export const transactionItem = z.object({
  title: z.string(),
  quantity: z.number().int().positive(),
});
export type TransactionItem = z.infer<typeof transactionItem>;

/** What a payment was for (issue 16): the order's number, what it held, and whether its invoice can be downloaded. */
export const transactionOrder = z.object({
  id: z.string(),
  /** e.g. "2026-000042", as on the invoice. */
  number: z.string(),
  /** The order's lines in their order. */
  items: z.array(transactionItem),
  /** The order is paid: its PDF invoice is at `orderInvoice` (also on a refund's row). */
  invoice_available: z.boolean(),
});
export type TransactionOrder = z.infer<typeof transactionOrder>;

export const transaction = z.object({
  id: z.string(),
  /** The provider's charge reference (`pi_...`): for support, not what the list leads with. */
  transaction: z.string(),
  status: transactionStatus,
  /** e.g. "Order 2026-000042: BIG5 report, Environment report". */
  description: z.string(),
  /** When it happened, ISO 8601 UTC. */
  date: z.iso.datetime(),
  /** Euro cents. */
  amount: cents,
  order_id: z.string().nullable(),
  /** The order paid for; null when the payment has none (or the order is gone). */
  order: transactionOrder.nullable(),
});
export type Transaction = z.infer<typeof transaction>;

/** `GET /api/transactions?page=&per_page=`: newest first. */
export const transactionList = z.object({ data: z.array(transaction), meta: pageMeta });
export type TransactionList = z.infer<typeof transactionList>;
