import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * One row: how many questions the loaded banks ask (questionnaire_items not retired), written by
 * the start-up sync. `unanswered_questions` = active_items - questionnaire_progress.answered_items.
 */
export const questionnaireTotals = pgTable(
  'questionnaire_totals',
  {
    singleton: boolean().primaryKey().default(true),
    activeItems: integer().notNull(),
  },
  (table) => [check('questionnaire_totals_single_row', sql`${table.singleton}`)],
);
