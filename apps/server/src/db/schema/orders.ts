import type { OrderBilling } from '@app/contract/orders';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Order numbers run on across years ("2026-000042"); the year part comes from the order's date. */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 1 });

/**
 * An order: the basket frozen at checkout (lines in order_lines, totals and the VAT rate here),
 * and where its payment stands. Only `fulfil` moves it to 'paid', with a conditional update.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    number: text().notNull(),
    /** Null once the buyer deleted their account: the order stays for the accounts (invoice law). */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** 'pending_payment' | 'requires_action' | 'paid' | 'failed' | 'expired' */
    status: text().notNull(),
    /** The checkout page's key: a retry with it returns this order instead of charging again. */
    idempotencyKey: text().notNull(),
    currency: text().notNull().default('eur'),
    subtotal: integer().notNull(),
    discountAmount: integer().notNull(),
    discountSubtotal: integer().notNull(),
    /** The VAT rate frozen at checkout, in basis points (1900 = 19 %). */
    vatBasisPoints: integer().notNull(),
    vatCountry: text().notNull(),
    vatAmount: integer().notNull(),
    total: integer().notNull(),
    reverseCharge: boolean().notNull().default(false),
    /** The seller's VAT number when the order was placed: the invoice shows it, whatever config says later. */
    sellerVatNumber: text(),
    /** The VAT register's consultation number for the buyer's verified VAT number (reverse charge proof). */
    vatNumberConsultation: text(),
    couponId: uuid(),
    couponCode: text(),
    billing: jsonb().$type<OrderBilling>().notNull(),
    /** 'test' | 'stripe': the provider that holds this order's payment. */
    paymentProvider: text().notNull(),
    /** The provider's payment (PaymentIntent) id, once the charge was attempted. */
    providerPaymentId: text(),
    /** The saved method charged, or the method saved by this payment ("save card"). */
    paymentMethodId: uuid(),
    saveCard: boolean().notNull().default(false),
    /** Issue 16: the buyer asked to keep these billing details with the account once paid. */
    rememberBillingDetails: boolean().notNull().default(false),
    /**
     * Issue 11: when the buyer asked for immediate delivery and acknowledged losing the right of
     * withdrawal, and the wording they ticked (contract `digitalContentConsent.wording` then), so an
     * invoice printed later shows what was agreed. Null on orders placed before the checkbox.
     */
    digitalContentConsentAt: timestamp({ withTimezone: true }),
    digitalContentConsentText: text(),
    failureCode: text(),
    failureMessage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('orders_number_unique').on(table.number),
    // A double click (or a retry) with the same key finds the order instead of creating another.
    uniqueIndex('orders_user_idempotency_unique').on(table.userId, table.idempotencyKey),
    // At most one order per user waits for its payment: twenty checkouts of one basket at once
    // make one order, the others are told a payment is in progress.
    uniqueIndex('orders_one_open_per_user')
      .on(table.userId)
      .where(sql`${table.status} in ('pending_payment', 'requires_action')`),
    uniqueIndex('orders_provider_payment_unique').on(table.paymentProvider, table.providerPaymentId),
    index('orders_user_created_idx').on(table.userId, table.createdAt),
    // The sweeper's scan of stale open orders.
    index('orders_open_created_idx')
      .on(table.createdAt)
      .where(sql`${table.status} in ('pending_payment', 'requires_action')`),
    // A consent has both its time and its wording, or is absent.
    check('orders_digital_content_consent_complete', sql`(${table.digitalContentConsentAt} is null) = (${table.digitalContentConsentText} is null)`),
  ],
);
