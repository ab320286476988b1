import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The account's personal billing details (spec section 3 "Billing details", issue 16): one row per
 * account, edited in Settings › Billing and saved from a paid checkout when the buyer asked. Its
 * country is the first that prices the basket's VAT. Goes with the account.
 */
export const billingDetails = pgTable('billing_details', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  billingEmail: text().notNull(),
  addressLine1: text('address_line_1').notNull(),
  addressLine2: text('address_line_2'),
  city: text().notNull(),
  postalCode: text().notNull(),
  /** ISO 3166-1 alpha-2, upper case. */
  country: text().notNull(),
  /** County, state or province, when the country has one. */
  county: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
