import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/**
 * One edition of an organisation's team report (issue 13): the aggregates of its team overview as
 * they stood when an owner or admin asked for it (`document`, aggregates and suppressed groups
 * only), and the PDF the reports pipeline renders from them. `request_key` is the request's
 * idempotency key: a retried request finds the edition it made. Editions are never changed.
 */
export const teamReports = pgTable(
  'team_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** 1, 2, ... per organisation. */
    edition: integer().notNull(),
    requestKey: uuid().notNull(),
    /** Who asked for it; null once that account is deleted. */
    requestedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** 'pending', 'generating', 'ready' or 'failed' (as granted_reports). */
    status: text().notNull().default('pending'),
    /** The snapshot the PDF is drawn from (contract: teamReportDocument). */
    document: jsonb().notNull(),
    claimedByJob: text(),
    claimedAt: timestamp({ withTimezone: true }),
    /** Generations started (claims): proves that each edition is made once. */
    generationAttempts: integer().notNull().default(0),
    failureReason: text(),
    storageKey: text(),
    pageCount: integer(),
    byteSize: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    generatedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('team_reports_organisation_edition_unique').on(table.organisationId, table.edition),
    uniqueIndex('team_reports_request_key_unique').on(table.organisationId, table.requestKey),
    index('team_reports_status_idx').on(table.status),
    check('team_reports_status_known', sql`${table.status} in ('pending', 'generating', 'ready', 'failed')`),
  ],
);
