import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';

/**
 * The people typed in the wizard's step 2 (spec 3 "Organisation"): users (position title, full
 * name, e-mail), employees (position title, name, e-mail) and portfolio companies (company name,
 * representative e-mail). They are invited once the organisation is active. A Human Capital Expert
 * with a client's share maintains its employees and contractors here too (issue 13).
 */
export const organisationPeople = pgTable(
  'organisation_people',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** 'user', 'employee', 'contractor' (added by a Human Capital Expert) or 'portfolio_company'. */
    list: text().notNull(),
    positionTitle: text(),
    /** The person's name; null for a portfolio company, whose representative is known by e-mail. */
    fullName: text(),
    companyName: text(),
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('organisation_people_email_unique').on(table.organisationId, table.list, sql`lower(${table.email})`),
    check('organisation_people_list_known', sql`${table.list} in ('user', 'employee', 'contractor', 'portfolio_company')`),
  ],
);
