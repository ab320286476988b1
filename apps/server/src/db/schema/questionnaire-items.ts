import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The questions of the loaded item banks, mirrored at every start (modules/questionnaire
 * catalogue-sync), so that SQL alone can count what a user has left to answer (the account
 * object's `unanswered_questions`). The banks themselves stay files; this is their index.
 * Items no longer in the banks are kept with `retired_at` set, since answers name them.
 */
export const questionnaireItems = pgTable('questionnaire_items', {
  id: text().primaryKey(),
  /** environment, big5 or values. */
  assessment: text().notNull(),
  /** Place in the whole sequence (environment, then BIG5, then values), from 0. */
  position: integer().notNull(),
  retiredAt: timestamp({ withTimezone: true }),
});
