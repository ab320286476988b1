import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ReportDocument } from '@app/contract/reports';
import { grantedReports } from './granted-reports.ts';

/**
 * One generated edition of a report: a snapshot of the document the web shows and the stored PDF
 * made from it, with the scoring versions and the date of the answers it was made from. Editions
 * are never changed; an update with newer answers adds the next one and the old stay downloadable.
 */
export const reportEditions = pgTable(
  'report_editions',
  {
    reportId: uuid()
      .notNull()
      .references(() => grantedReports.id, { onDelete: 'cascade' }),
    edition: integer().notNull(),
    document: jsonb().$type<ReportDocument>().notNull(),
    /** Where the PDF lives in the file storage (local folder or S3 bucket). */
    storageKey: text().notNull(),
    pageCount: integer().notNull(),
    byteSize: integer().notNull(),
    scoringVersions: text().array().notNull(),
    /** When the newest answer the scores come from was given. */
    answersDate: timestamp({ withTimezone: true }).notNull(),
    generatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.reportId, table.edition] })],
);
