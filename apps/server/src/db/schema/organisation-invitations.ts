import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/**
 * Invitations to join an organisation (issue 12): by e-mail, with a link whose token is stored as
 * its SHA-256 only, valid 7 days, one pending per address and organisation. Accepted only by an
 * account with the invited address, verified.
 */
export const organisationInvitations = pgTable(
  'organisation_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    /** 'admin' or 'member'. */
    role: text().notNull(),
    tokenHash: text().notNull(),
    /** 'pending', 'accepted' or 'revoked' (an expired one stays 'pending' past expires_at). */
    status: text().notNull().default('pending'),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    acceptedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('organisation_invitations_token_unique').on(table.tokenHash),
    uniqueIndex('organisation_invitations_one_pending').on(table.organisationId, sql`lower(${table.email})`).where(sql`${table.status} = 'pending'`),
    index('organisation_invitations_organisation_idx').on(table.organisationId, table.createdAt),
    check('organisation_invitations_role_known', sql`${table.role} in ('admin', 'member')`),
    check('organisation_invitations_status_known', sql`${table.status} in ('pending', 'accepted', 'revoked')`),
  ],
);
