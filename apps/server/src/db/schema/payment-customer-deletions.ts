import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Customers of deleted accounts still to be deleted at the payment provider. Written in the
 * account deletion's own transaction (so none is forgotten, whatever happens after the commit);
 * a scheduled job hands each to the retrying `payments.delete-customer` queue and removes the row.
 */
export const paymentCustomerDeletions = pgTable(
  'payment_customer_deletions',
  {
    id: uuid().primaryKey().defaultRandom(),
    provider: text().notNull(),
    customerId: text().notNull(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_customer_deletions_customer_unique').on(table.provider, table.customerId)],
);
