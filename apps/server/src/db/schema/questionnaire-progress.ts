import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Each user's place in the questionnaire, kept by the transaction of every answer (and recomputed
 * by the start-up sync when the banks change), so that the account object reads it with one key
 * look-up instead of counting answers on every request (bench/current-user). No row: nothing
 * answered yet.
 */
export const questionnaireProgress = pgTable('questionnaire_progress', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Current answers to questions of the loaded banks (retired questions do not count). */
  answeredItems: integer().notNull().default(0),
  /** The assessments (environment, big5, values) that have a result: what the *_completed flags report. */
  completed: text().array().notNull().default([]),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
