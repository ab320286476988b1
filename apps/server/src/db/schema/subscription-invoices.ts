import { sql } from 'drizzle-orm';
import type { OrderBilling } from '@app/contract/orders';
import { check, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { subscriptions } from './subscriptions.ts';

/** Subscription invoice numbers, a series of their own ("S-2026-000042"), running on across years. */
export const subscriptionInvoiceNumberSequence = pgSequence('subscription_invoice_number_seq', { startWith: 1 });

/**
 * One billing period of a subscription and its charge (issue 12): amounts and billing details
 * frozen when the period is invoiced; at most one per period (the renewal job's exactly-once).
 */
export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** Invoice number, one series for subscriptions ("S-2026-000001"). */
    number: text().notNull(),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    plan: text().notNull(),
    months: integer().notNull(),
    subtotal: integer().notNull(),
    discountAmount: integer().notNull(),
    net: integer().notNull(),
    vatBasisPoints: integer().notNull(),
    vatAmount: integer().notNull(),
    total: integer().notNull(),
    /** The organisation's billing details when the period was invoiced, as an order keeps its buyer's (the invoice prints them). */
    billing: jsonb().$type<OrderBilling>().notNull().default(sql`'{}'::jsonb`),
    /** 'open' while it is being charged, 'paid', or 'failed' after the last try. */
    status: text().notNull().default('open'),
    /** Charges tried so far: each has its own idempotency key (invoice id and attempt). */
    attempts: integer().notNull().default(0),
    /** Set while a charge is on its way to the provider: a second attempt meanwhile is refused (never two charges). */
    chargingSince: timestamp({ withTimezone: true }),
    providerPaymentId: text(),
    /** Stripe Billing's invoice (`in_...`) this period was paid by: one period invoice per Stripe invoice. */
    providerInvoiceId: text(),
    failureMessage: text(),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscription_invoices_period_unique').on(table.subscriptionId, table.periodStart),
    uniqueIndex('subscription_invoices_number_unique').on(table.number),
    uniqueIndex('subscription_invoices_provider_invoice_unique').on(table.providerInvoiceId),
    check('subscription_invoices_status_known', sql`${table.status} in ('open', 'paid', 'failed')`),
  ],
);
