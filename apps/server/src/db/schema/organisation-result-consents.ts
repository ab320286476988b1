import { foreignKey, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisationMembers } from './organisation-members.ts';

/**
 * A member's consent that the organisation's owners and admins see their individual results
 * (issue 13 "Consent"). No row: aggregate only, the default. The row hangs on the membership, so
 * leaving or being removed deletes it in the same statement (ON DELETE CASCADE): a member who
 * comes back starts again from aggregate only.
 */
export const organisationResultConsents = pgTable(
  'organisation_result_consents',
  {
    organisationId: uuid().notNull(),
    userId: uuid().notNull(),
    grantedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.userId] }),
    foreignKey({
      name: 'organisation_result_consents_membership_fk',
      columns: [table.organisationId, table.userId],
      foreignColumns: [organisationMembers.organisationId, organisationMembers.userId],
    }).onDelete('cascade'),
  ],
);
