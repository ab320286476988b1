import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A user's scores of one assessment, written in the transaction of the answer that completed the
 * set and rewritten when an answer of a completed set is revised. Its existence is what
 * `env_completed` and `big5_completed` report.
 */
export const assessmentResults = pgTable(
  'assessment_results',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** environment, big5 or values. */
    assessment: text().notNull(),
    /** The assessment's part of GET /api/assessments/results, as the contract shapes it. */
    scores: jsonb().$type<Record<string, unknown>>().notNull(),
    /** Response-quality flags ('interpret with caution'), never blocking. */
    flags: text().array().notNull(),
    /** Which scoring rules and bank version produced the scores. */
    scoringVersion: text().notNull(),
    /** When the last answer of the set was given (a revision moves it). */
    completedAt: timestamp({ withTimezone: true }).notNull(),
    /** First completion of the set; revisions keep it. */
    firstCompletedAt: timestamp({ withTimezone: true }).notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.assessment] })],
);
