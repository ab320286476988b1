import { and, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import { questionnaireItems } from '../../db/schema/questionnaire-items.ts';
import type { QuestionSequence } from './question-sequence.ts';
import { loadQuestionSequence } from './service.ts';

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

/**
 * Start-up work beside the migrations and seeds (main.ts, and createTestApp for each test
 * database): mirrors the banks this configuration loads. Not in the app's own ready hook, so that
 * an app whose database is unreachable still starts and answers /health with 503.
 */
export async function syncConfiguredQuestionnaire(db: Database, banksDir: string | undefined, now: Date): Promise<void> {
  await syncQuestionnaireItems(db, loadQuestionSequence(banksDir), now);
}
