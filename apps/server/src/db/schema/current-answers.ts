import { integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** The answer that counts now, one per user and question (the latest row of question_answers). */
export const currentAnswers = pgTable(
  'current_answers',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: text().notNull(),
    assessment: text().notNull(),
    itemVersion: integer().notNull(),
    choiceValue: smallint().notNull(),
    answeredAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.itemId] })],
);
