import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/**
 * An owner's offer of the ownership to another member (issue 12): the organisation keeps its owner
 * until the recipient accepts; then, in one transaction, the recipient becomes owner and the
 * offering owner an admin. One open offer per organisation.
 */
export const organisationOwnershipOffers = pgTable('organisation_ownership_offers', {
  organisationId: uuid()
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  fromUserId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  toUserId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
