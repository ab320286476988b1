import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A card the test provider will keep once the payment succeeds ("save card"): never the number. */
export interface TestProviderMethodToSave {
  providerMethodId: string;
  type: 'card' | 'link';
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
}

/**
 * The offline test provider's payments (its stand-in for Stripe's PaymentIntents). Kept in the
 * database, not in memory, so a payment waiting for its confirmation step survives a restart and
 * any server instance can finish it.
 */
export const testProviderPayments = pgTable(
  'test_provider_payments',
  {
    /** 'pi_test_...' */
    id: text().primaryKey(),
    /** The charge's idempotency key: the same key again is the same payment. */
    idempotencyKey: text().notNull(),
    customerId: text().notNull(),
    amount: integer().notNull(),
    /** 'succeeded' | 'requires_action' | 'failed' | 'canceled' | 'refunded' */
    status: text().notNull(),
    /** What the confirmation step must present (requires_action only). */
    confirmationId: text(),
    failureCode: text(),
    failureMessage: text(),
    methodToSave: jsonb().$type<TestProviderMethodToSave>(),
    metadata: jsonb().$type<Record<string, string>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('test_provider_payments_idempotency_unique').on(table.idempotencyKey), index('test_provider_payments_customer_idx').on(table.customerId)],
);
