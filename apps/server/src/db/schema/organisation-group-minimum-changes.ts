import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/**
 * Every change of an organisation's group minimum for team insights (issue 13): who set it, when,
 * to what. The latest row is the minimum in force; without a row the type's default applies
 * (5, event organisers 10). Rows are only ever added.
 */
export const organisationGroupMinimumChanges = pgTable(
  'organisation_group_minimum_changes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    minimum: integer().notNull(),
    /** Who changed it; null once that account is deleted (the change stays recorded). */
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('organisation_group_minimum_changes_latest_idx').on(table.organisationId, table.id),
    check('organisation_group_minimum_changes_floor', sql`${table.minimum} >= 3`),
  ],
);
