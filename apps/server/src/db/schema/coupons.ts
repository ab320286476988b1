import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Discount codes (issue 5). `redeemed` counts the uses held by orders: reserved while an order
 * awaits payment, kept once it is paid, given back when it fails or expires. Limits compare
 * against it in one conditional UPDATE, so concurrent checkouts cannot exceed them.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored as the operator typed it; matched case-insensitively. */
    code: text().notNull(),
    /** 'percentage' (value in basis points: 1000 = 10 %) or 'fixed' (value in cents). */
    type: text().notNull(),
    value: integer().notNull(),
    validFrom: timestamp({ withTimezone: true }),
    validUntil: timestamp({ withTimezone: true }),
    /** Total uses allowed; null for no limit. */
    maxRedemptions: integer(),
    /** Uses allowed per account; null for no limit. */
    maxRedemptionsPerUser: integer(),
    redeemed: integer().notNull().default(0),
    /** Net subtotal (cents) a basket needs before the code applies. */
    minimumSubtotal: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    description: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coupons_code_lower_unique').on(sql`lower(${table.code})`),
    check('coupons_type_known', sql`${table.type} in ('percentage', 'fixed')`),
    check('coupons_value_range', sql`${table.value} > 0 and (${table.type} <> 'percentage' or ${table.value} <= 10000)`),
    check('coupons_redeemed_not_negative', sql`${table.redeemed} >= 0`),
    check('coupons_minimum_subtotal_not_negative', sql`${table.minimumSubtotal} >= 0`),
  ],
);
