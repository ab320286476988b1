import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/**
 * A client organisation shared with a Human Capital Expert organisation (issue 13, spec 6): offered
 * by the client's owner with a scope, accepted or declined by the expert's owners or admins,
 * revoked by either side. One row per client and expert: a new offer after a decline or a
 * revocation reuses it, so the pair never holds two shares at once.
 */
export const organisationShares = pgTable(
  'organisation_shares',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientOrganisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    expertOrganisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Any of 'maintain_people', 'individual_results', 'aggregates'; at least one. */
    scope: text().array().notNull(),
    /** 'offered', 'active', 'declined' or 'revoked'. */
    status: text().notNull().default('offered'),
    offeredBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Who accepted, declined or revoked it last; null once that account is deleted. */
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Which side revoked it: the client's or the expert's organisation. */
    revokedByOrganisationId: uuid().references(() => organisations.id, { onDelete: 'set null' }),
    offeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('organisation_shares_pair_unique').on(table.clientOrganisationId, table.expertOrganisationId),
    index('organisation_shares_expert_idx').on(table.expertOrganisationId),
    check('organisation_shares_status_known', sql`${table.status} in ('offered', 'active', 'declined', 'revoked')`),
    check('organisation_shares_scope_known', sql`cardinality(${table.scope}) > 0 and ${table.scope} <@ array['maintain_people', 'individual_results', 'aggregates']::text[]`),
    check('organisation_shares_two_organisations', sql`${table.clientOrganisationId} <> ${table.expertOrganisationId}`),
  ],
);
