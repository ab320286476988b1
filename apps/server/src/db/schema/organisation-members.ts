import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/** The accounts that belong to an organisation, with their role (issue 12: owner, admin, member). */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'owner', 'admin' or 'member'. */
    role: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.userId] }),
    index('organisation_members_user_idx').on(table.userId),
    check('organisation_members_role_known', sql`${table.role} in ('owner', 'admin', 'member')`),
  ],
);
