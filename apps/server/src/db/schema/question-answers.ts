import { bigint, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every answer given, revisions included, with its time: append-only (never updated), so a result
 * can be traced and the answer times feed the response-quality flags.
 */
export const questionAnswers = pgTable(
  'question_answers',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // No foreign key (its check cost every answer a row lock on the user): answers are written
    // only with the user's questionnaire_progress row, in the same statement, and deleted with it
    // (trigger of migration answers_follow_progress).
    userId: uuid().notNull(),
    assessment: text().notNull(),
    itemId: text().notNull(),
    /** The item's version when answered: which wording the person saw. */
    itemVersion: integer().notNull(),
    choiceValue: smallint().notNull(),
    answeredAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('question_answers_user_assessment_idx').on(table.userId, table.assessment, table.answeredAt)],
);
