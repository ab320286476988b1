import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/**
 * An organisation's subscription (issue 12): its plan, the period paid for, and how renewals are
 * charged (the saved card of the person who activated it). One per organisation.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    plan: text().notNull(),
    /** 'incomplete' until the first period is paid, then 'active', 'past_due' (renewal failed), 'cancelled'. */
    status: text().notNull().default('incomplete'),
    currentPeriodStart: timestamp({ withTimezone: true }),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    /** A plan chosen for the next period on; applied by the renewal that starts it. */
    pendingPlan: text(),
    /** Service quantities chosen for the next period on (product id to quantity); applied likewise. */
    pendingQuantities: jsonb().$type<Record<string, number>>(),
    /** The account whose card pays (who activated it); null once that account is deleted. */
    payerUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    paymentProvider: text().notNull(),
    /** The provider's saved method renewals are charged to. */
    providerMethodId: text(),
    /**
     * Stripe Billing's subscription (`sub_...`) when Stripe is the provider: Stripe renews and
     * retries, and its webhooks are reconciled into this row by this id (unique: never two rows).
     */
    providerSubscriptionId: text(),
    /** The idempotency key of the activation request that started it. */
    activationKey: uuid().notNull(),
    /** Failed renewal charges in a row, and when the next try is due (dunning). */
    failedAttempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscriptions_organisation_unique').on(table.organisationId),
    uniqueIndex('subscriptions_provider_subscription_unique').on(table.providerSubscriptionId),
    index('subscriptions_due_idx').on(table.status, table.currentPeriodEnd),
    check('subscriptions_status_known', sql`${table.status} in ('incomplete', 'active', 'past_due', 'cancelled')`),
    check('subscriptions_plan_known', sql`${table.plan} in ('monthly', 'quarterly', 'annual', 'contract')`),
  ],
);
