import { sql } from 'drizzle-orm';
import { check, foreignKey, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { reportEditions } from './report-editions.ts';

/**
 * The optional AI narrative of a report edition (issue 11), written from the edition's scores by
 * the `reports.narrative` job when an AI endpoint is configured. 'pending' until written ('ready',
 * with the text and the model that wrote it) or given up after the job's retries ('unavailable',
 * the web then offers a retry). Migration 0019 was written by hand.
 */
export const reportNarratives = pgTable(
  'report_narratives',
  {
    reportId: uuid().notNull(),
    edition: integer().notNull(),
    status: text().notNull().default('pending'),
    /** Plain text, trimmed and capped; shown as text, never as markup. */
    text: text(),
    /** The model that wrote it. */
    model: text(),
    writtenAt: timestamp({ withTimezone: true }),
    /** Calls made to the AI endpoint for this edition, retries included. */
    attempts: integer().notNull().default(0),
    /** Why the last attempt failed, for operators (never shown to the reader). */
    failureReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Touched at every attempt: a pending narrative not touched for long lost its job. */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.reportId, table.edition] }),
    foreignKey({ name: 'report_narratives_report_editions_fk', columns: [table.reportId, table.edition], foreignColumns: [reportEditions.reportId, reportEditions.edition] }).onDelete('cascade'),
    check('report_narratives_status_known', sql`${table.status} in ('pending', 'ready', 'unavailable')`),
    check('report_narratives_ready_has_text', sql`${table.status} <> 'ready' or ${table.text} is not null`),
  ],
);
