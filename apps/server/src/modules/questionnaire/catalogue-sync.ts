import { and, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { questionnaireItems } from '../../db/schema/questionnaire-items.ts';
import { questionnaireTotals } from '../../db/schema/questionnaire-totals.ts';
import type { QuestionSequence } from './question-sequence.ts';
import { loadQuestionSequence } from './service.ts';

// Any constant unique to this work; instances starting together then mirror one after the other.
const catalogueSyncLockKey = 72_410_401;

interface MirroredItem {
  id: string;
  assessment: string;
  position: number;
}

/**
 * Mirrors the loaded banks into questionnaire_items at start (insert new items, move changed
 * ones, retire the ones an operator's replacement bank dropped) and keeps the counters the account
 * object reads (questionnaire_totals, every user's questionnaire_progress) exact for them. Every
 * instance of a deployment must load the same banks.
 *
 * A start with the banks already mirrored reads the active items and the totals row and writes
 * nothing. When anything differs, or the totals row is missing (the first start after the
 * counters' migration, on a database that already holds answers), the mirror is rewritten and
 * every user's progress is recomputed from current_answers and assessment_results, in the same
 * transaction, so no answer is ever counted against the wrong set of questions.
 */
export async function syncQuestionnaireItems(db: Database, sequence: QuestionSequence, now: Date): Promise<void> {
  const rows = sequence.questions.map((question) => ({ id: question.item.id, assessment: question.assessment, position: question.position }));
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${catalogueSyncLockKey})`);
    const [totals] = await tx.select({ activeItems: questionnaireTotals.activeItems }).from(questionnaireTotals);
    const mirrored = await tx
      .select({ id: questionnaireItems.id, assessment: questionnaireItems.assessment, position: questionnaireItems.position })
      .from(questionnaireItems)
      .where(isNull(questionnaireItems.retiredAt));
    if (totals?.activeItems === rows.length && sameItems(mirrored, rows)) return;

    await tx
      .insert(questionnaireItems)
      .values(rows.map((row) => ({ ...row, retiredAt: null })))
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
    await tx
      .insert(questionnaireTotals)
      .values({ singleton: true, activeItems: rows.length })
      .onConflictDoUpdate({ target: questionnaireTotals.singleton, set: { activeItems: rows.length } });
    await recomputeProgress(tx, now);
  });
}

/** Same items, sets and places (the order of the rows does not matter). */
function sameItems(mirrored: readonly MirroredItem[], loaded: readonly MirroredItem[]): boolean {
  if (mirrored.length !== loaded.length) return false;
  const byId = new Map(mirrored.map((item) => [item.id, item]));
  return loaded.every((item) => {
    const twin = byId.get(item.id);
    return twin !== undefined && twin.assessment === item.assessment && twin.position === item.position;
  });
}

/**
 * Every user's progress row from scratch, against the active items just mirrored (their positions
 * are 0 .. n - 1): users with a current answer or a result get a row, with one bit per active
 * question (answers to retired items do not count); nobody else has one.
 */
async function recomputeProgress(tx: DatabaseHandle, now: Date): Promise<void> {
  await tx.execute(sql`
    insert into questionnaire_progress (user_id, answered_positions, answered_items, completed, updated_at)
    select people.user_id, bits.positions, bit_count(bits.positions)::int, coalesce(results.completed, '{}'), ${now}
    from (select user_id from current_answers union select user_id from assessment_results) people
    cross join lateral (
      select coalesce(string_agg(case when ca.user_id is null then '0' else '1' end, '' order by qi.position), '')::varbit as positions
      from questionnaire_items qi
      left join current_answers ca on ca.user_id = people.user_id and ca.item_id = qi.id
      where qi.retired_at is null
    ) bits
    left join (
      select user_id, array_agg(assessment order by assessment) as completed from assessment_results group by user_id
    ) results on results.user_id = people.user_id
    on conflict (user_id) do update set
      answered_positions = excluded.answered_positions,
      answered_items = excluded.answered_items,
      completed = excluded.completed,
      updated_at = excluded.updated_at`);
}

/**
 * Start-up work beside the migrations and seeds (main.ts, and createTestApp for each test
 * database): mirrors the banks this configuration loads. Not in the app's own ready hook, so that
 * an app whose database is unreachable still starts and answers /health with 503.
 */
export async function syncConfiguredQuestionnaire(db: Database, banksDir: string | undefined, now: Date): Promise<void> {
  await syncQuestionnaireItems(db, loadQuestionSequence(banksDir), now);
}
