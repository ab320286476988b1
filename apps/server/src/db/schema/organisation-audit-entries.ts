import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/**
 * The client's audit log (issue 13): everything a Human Capital Expert does to a shared client's
 * people, written in the transaction of the change itself. Who acted, for which organisation,
 * what, on whom, when. Rows are only ever added; the client's owners and admins read them.
 */
export const organisationAuditEntries = pgTable(
  'organisation_audit_entries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** The organisation whose log this is (the client). */
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The account that acted; null once it is deleted (its name stays in actor_name). */
    actorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    actorName: text().notNull(),
    /** The organisation the actor acted for (the expert); its name kept as it was. */
    actorOrganisationId: uuid().references(() => organisations.id, { onDelete: 'set null' }),
    actorOrganisationName: text().notNull(),
    /** What was done, e.g. 'person_added', 'invitation_sent' (contract: auditActions). */
    action: text().notNull(),
    /** On whom: the person's name and e-mail as they were at the time. */
    subject: text().notNull(),
    /** What changed, for an edit: field names with the values before and after. */
    details: jsonb().$type<Record<string, { from: string | null; to: string | null }>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('organisation_audit_entries_organisation_idx').on(table.organisationId, table.id)],
);
