import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/**
 * An investor's portfolio (issue 13, spec 6 "Investor"): the investor's owners and admins invite a
 * portfolio company's representative by e-mail (a link whose token is stored as its SHA-256 only,
 * valid 7 days); the representative, an owner or admin of the company's organisation, accepts it
 * for that organisation, which links it: the investor's owners and admins then read the company's
 * team overview, read-only. Either side ends the link ('ended'), the investor revokes a pending one.
 */
export const portfolioLinks = pgTable(
  'portfolio_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    investorOrganisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    companyName: text().notNull(),
    representativeEmail: text().notNull(),
    tokenHash: text().notNull(),
    /** 'pending', 'accepted', 'revoked' (by the investor before acceptance) or 'ended' (by either side after). */
    status: text().notNull().default('pending'),
    /** The company's organisation, set on acceptance. */
    companyOrganisationId: uuid().references(() => organisations.id, { onDelete: 'cascade' }),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    acceptedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('portfolio_links_token_unique').on(table.tokenHash),
    uniqueIndex('portfolio_links_one_pending').on(table.investorOrganisationId, sql`lower(${table.representativeEmail})`).where(sql`${table.status} = 'pending'`),
    uniqueIndex('portfolio_links_one_accepted').on(table.investorOrganisationId, table.companyOrganisationId).where(sql`${table.status} = 'accepted'`),
    index('portfolio_links_company_idx').on(table.companyOrganisationId).where(sql`${table.status} = 'accepted'`),
    index('portfolio_links_investor_idx').on(table.investorOrganisationId, table.createdAt),
    check('portfolio_links_status_known', sql`${table.status} in ('pending', 'accepted', 'revoked', 'ended')`),
    check('portfolio_links_accepted_has_company', sql`${table.status} <> 'accepted' or ${table.companyOrganisationId} is not null`),
    check('portfolio_links_not_itself', sql`${table.companyOrganisationId} is null or ${table.companyOrganisationId} <> ${table.investorOrganisationId}`),
  ],
);
