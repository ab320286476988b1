import { sql } from 'drizzle-orm';
import { customType, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** PostgreSQL's `bit varying`, read and written as its text form ('0110...'). */
const bitString = customType<{ data: string; driverData: string }>({ dataType: () => 'bit varying' });

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
  /**
   * One bit per question of the loaded sequence, in sequence order ('1': answered): the answer's
   * write finds a completed set and the next question from this row alone (bench/answering).
   * Its length is questionnaire_totals.active_items; answered_items is its count of ones.
   */
  answeredPositions: bitString().notNull().default(sql`B''`),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
