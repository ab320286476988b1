import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { users } from './users.ts';

/** Spec section 3 "Transaction": every payment attempt's outcome, as the payments page lists it. */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null once the buyer deleted their account (kept for the accounts). */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    /** The provider's reference (PaymentIntent or refund id). */
    reference: text().notNull(),
    provider: text().notNull(),
    /** 'succeeded' | 'failed' | 'pending' | 'refunded' */
    status: text().notNull(),
    description: text().notNull(),
    amount: integer().notNull(),
    currency: text().notNull().default('eur'),
    failureCode: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_transactions_user_created_idx').on(table.userId, table.createdAt),
    index('payment_transactions_order_idx').on(table.orderId),
    // Recording an outcome twice (the browser's return and the webhook) keeps one row.
    uniqueIndex('payment_transactions_reference_status_unique').on(table.provider, table.reference, table.status),
  ],
);
