import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Cards the offline test provider keeps on its customers (its stand-in for Stripe's attached
 * PaymentMethods): brand, last four and expiry only. Detaching a card or deleting the customer
 * removes them, and a removed card can no longer be charged.
 */
export const testProviderMethods = pgTable(
  'test_provider_methods',
  {
    /** 'pm_test_<last4>_<random>' */
    id: text().primaryKey(),
    customerId: text().notNull(),
    brand: text(),
    last4: text().notNull(),
    expMonth: integer(),
    expYear: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('test_provider_methods_customer_idx').on(table.customerId)],
);
