import { integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The answer that counts now, one per user and question (the latest row of question_answers). */
export const currentAnswers = pgTable(
  'current_answers',
  {
    // No foreign key (its check cost every answer a row lock on the user): answers are written
    // only with the user's questionnaire_progress row, in the same statement, and deleted with it
    // (trigger of migration answers_follow_progress).
    userId: uuid().notNull(),
    itemId: text().notNull(),
    assessment: text().notNull(),
    itemVersion: integer().notNull(),
    choiceValue: smallint().notNull(),
    answeredAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * When the user first answered the item (kept when the answer is changed): the reading time the
     * too-fast flag judges, so scoring a set needs no read of its history.
     */
    firstAnsweredAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.itemId] })],
);
