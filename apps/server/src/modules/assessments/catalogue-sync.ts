import { and, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import { questionnaireItems } from '../../db/schema/questionnaire-items.ts';
import type { QuestionSequence } from './question-sequence.ts';

// Any constant unique to this work; instances starting together then mirror one after the other.
const catalogueSyncLockKey = 72_410_401;

/**
 * Mirrors the loaded banks into questionnaire_items at start (insert new items, move changed
 * ones, retire the ones an operator's replacement bank dropped), so that the account object's
 * counts come from SQL alone. Every instance of a deployment must load the same banks.
 */
export async function syncQuestionnaireItems(db: Database, sequence: QuestionSequence, now: Date): Promise<void> {
  const rows = sequence.questions.map((question) => ({ id: question.item.id, assessment: question.assessment, position: question.position, retiredAt: null }));
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${catalogueSyncLockKey})`);
    await tx
      .insert(questionnaireItems)
      .values(rows)
      .onConflictDoUpdate({
        target: questionnaireItems.id,
        set: { assessment: sql`excluded.assessment`, position: sql`excluded.position`, retiredAt: null },
      });
    await tx
      .update(questionnaireItems)
      .set({ retiredAt: now })
      .where(
        and(
          isNull(questionnaireItems.retiredAt),
          notInArray(
            questionnaireItems.id,
            rows.map((row) => row.id),
          ),
        ),
      );
  });
}
