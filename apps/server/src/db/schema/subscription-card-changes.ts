import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { subscriptions } from './subscriptions.ts';
import { users } from './users.ts';

/**
 * One request to change the card a subscription renews with (issue 12, the Billing page's
 * "payment method"), by its idempotency key: a retried request answers as the first did and never
 * saves a second card; one still on its way keeps another from starting.
 */
export const subscriptionCardChanges = pgTable(
  'subscription_card_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    idempotencyKey: uuid().notNull(),
    /** Who asked (whose card it is); null once that account is deleted. */
    requestedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** 'pending' while the provider is asked, then 'succeeded' (the subscription renews with it) or 'refused'. */
    status: text().notNull().default('pending'),
    /** The provider's method the subscription renews with, once succeeded. */
    providerMethodId: text(),
    /** Why the provider refused the card, as the answer said it. */
    failureMessage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscription_card_changes_key_unique').on(table.subscriptionId, table.idempotencyKey),
    check('subscription_card_changes_status_known', sql`${table.status} in ('pending', 'succeeded', 'refused')`),
  ],
);
