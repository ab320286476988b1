import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The creation wizard's entries so far (issue 12: Back, Next and a reload keep them, on any
 * device): one per account, as typed, replaced by each step and removed by the submit that
 * creates the organisation.
 */
export const organisationDrafts = pgTable(
  'organisation_drafts',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'type', 'details' or 'plan': where the wizard was. */
    step: text().notNull(),
    form: jsonb().$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('organisation_drafts_step_known', sql`${table.step} in ('type', 'details', 'plan')`)],
);
