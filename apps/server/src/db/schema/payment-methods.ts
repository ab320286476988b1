import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A saved card (or Stripe Link). Only what the list shows is kept: brand, last four digits and
 * expiry; the card itself stays with the provider (`providerMethodId`).
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    providerMethodId: text().notNull(),
    /** 'card' | 'link' */
    type: text().notNull(),
    brand: text(),
    last4: text(),
    expMonth: integer(),
    expYear: integer(),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_methods_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('payment_methods_provider_method_unique').on(table.provider, table.providerMethodId),
    uniqueIndex('payment_methods_one_default_per_user').on(table.userId).where(sql`${table.isDefault}`),
  ],
);
