import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The organisations' billing plans (issue 12; spec 3 "Plans"): how many months a period covers and
 * the discount a longer period earns. Catalogue data: seeded once, then the operator's to change
 * (`npm run admin`). The contract plan has no period: its terms are agreed with sales.
 */
export const billingPlans = pgTable(
  'billing_plans',
  {
    /** 'monthly', 'quarterly', 'annual' or 'contract'. */
    plan: text().primaryKey(),
    /** Months per period; null for the contract plan. */
    months: integer(),
    /** Off the period's price, in basis points (500 = 5 %). */
    discountBasisPoints: integer().notNull().default(0),
    position: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('billing_plans_plan_known', sql`${table.plan} in ('monthly', 'quarterly', 'annual', 'contract')`),
    check('billing_plans_months_positive', sql`${table.months} is null or ${table.months} >= 1`),
    check('billing_plans_discount_in_range', sql`${table.discountBasisPoints} between 0 and 10000`),
  ],
);
