import type pg from 'pg';
import type { AnsweredPositions } from './question-sequence.ts';
import type { QuestionnaireProgress } from './questionnaire-status.ts';

// The questionnaire's hot path in plain SQL over the pool, as named prepared statements (parsed
// and planned once per connection). An answer is usually one statement, one round trip, in its
// own implicit transaction (bench/answering.mjs); only the answer that completes a set, or changes
// a completed one, takes a transaction of several statements, since its scores are computed in
// Node and stored in the same transaction.

export interface AnswerWrite {
  userId: string;
  itemId: string;
  assessment: string;
  itemVersion: number;
  value: number;
  answeredAt: Date;
  /** The question's place in the sequence, and how many questions the sequence has. */
  position: number;
  sequenceLength: number;
  /** The question's set: its first position and its number of questions. */
  setStart: number;
  setSize: number;
}

export interface StoredAnswer {
  /** The user's answered positions including this answer. */
  answered: string;
  /** False when the same choice was given again (nothing written but the progress row). */
  changed: boolean;
  /** The user's progress row as this write left it (the session cache is updated with it). */
  progress: QuestionnaireProgress;
}

export interface HistoryEntry {
  itemId: string;
  value: number;
  answeredAt: Date;
}

/** The answer's write found that it completes its set (or changes a completed one): redo it with scoring. */
export const needsScoring = Symbol('needs scoring');

/**
 * One statement for the whole write, so that it commits on its own:
 *
 * - `settings`: the implicit transaction commits without waiting for the WAL flush
 *   (synchronous_commit off, local to this transaction; docs/decisions).
 * - `progress`: the user's progress row, upserted first. Its row lock orders the answers of one
 *   user (ON CONFLICT DO UPDATE waits for a concurrent answer and then sees its committed row), and
 *   its bit for this question is set. Unless $11 (scoring) is true, the row is left as it is when
 *   the answer would complete the set, or the set is already complete: the statement then writes
 *   nothing and returns no bits, and the caller redoes the answer in a transaction that scores it.
 * - `current`: the current answer, upserted only when the choice differs (RETURNING is empty for
 *   the same choice given again), and `history`: its append-only history row, only then.
 */
const writeAnswer = `
WITH settings AS (
  SELECT set_config('synchronous_commit', 'off', true)
), progress AS (
  INSERT INTO questionnaire_progress AS progress (user_id, answered_positions, answered_items, updated_at)
  SELECT $1::uuid, set_bit(repeat('0', $7::int)::varbit, $8::int, 1), 1, $6::timestamptz FROM settings
  WHERE $11::boolean OR $10::int > 1
  ON CONFLICT (user_id) DO UPDATE SET
    answered_positions = set_bit(progress.answered_positions, $8::int, 1),
    answered_items = bit_count(set_bit(progress.answered_positions, $8::int, 1)),
    updated_at = excluded.updated_at
  WHERE $11::boolean OR position('0' IN substring(set_bit(progress.answered_positions, $8::int, 1)::text FROM $9::int + 1 FOR $10::int)) > 0
  RETURNING answered_positions, answered_items, completed
), current AS (
  INSERT INTO current_answers (user_id, item_id, assessment, item_version, choice_value, answered_at)
  SELECT $1::uuid, $2::text, $3::text, $4::int, $5::smallint, $6::timestamptz FROM progress
  ON CONFLICT (user_id, item_id) DO UPDATE SET
    assessment = excluded.assessment,
    item_version = excluded.item_version,
    choice_value = excluded.choice_value,
    answered_at = excluded.answered_at
  WHERE current_answers.choice_value <> excluded.choice_value
  RETURNING 1
), history AS (
  INSERT INTO question_answers (user_id, assessment, item_id, item_version, choice_value, answered_at)
  SELECT $1::uuid, $3::text, $2::text, $4::int, $5::smallint, $6::timestamptz FROM current
)
SELECT progress.answered_positions::text AS answered, progress.answered_items, progress.completed, EXISTS (SELECT 1 FROM current) AS changed
FROM (SELECT 1) AS one LEFT JOIN progress ON true`;

type WriteRow = { answered: string | null; answered_items: number | null; completed: string[] | null; changed: boolean };

function storedAnswerOf(row: WriteRow | undefined): StoredAnswer | undefined {
  if (!row?.answered) return undefined;
  return { answered: row.answered, changed: row.changed, progress: { answeredItems: row.answered_items ?? 0, completed: row.completed ?? [] } };
}

function writeValues(write: AnswerWrite, scoring: boolean): unknown[] {
  return [
    write.userId,
    write.itemId,
    write.assessment,
    write.itemVersion,
    write.value,
    write.answeredAt,
    write.sequenceLength,
    write.position,
    write.setStart,
    write.setSize,
    scoring,
  ];
}

/**
 * Stores an answer on its own (one statement, committed with it), unless it completes its set or
 * changes a completed one: then nothing is written and `needsScoring` is returned.
 */
export async function storeAnswerAlone(pool: pg.Pool, write: AnswerWrite): Promise<StoredAnswer | typeof needsScoring> {
  const result = await pool.query<WriteRow>({ name: 'questionnaire_write_answer', text: writeAnswer, values: writeValues(write, false) });
  return storedAnswerOf(result.rows[0]) ?? needsScoring;
}

/** Stores an answer inside the caller's transaction (beginAnswerTransaction), whatever it completes. */
export async function storeAnswer(client: pg.PoolClient, write: AnswerWrite): Promise<StoredAnswer> {
  const result = await client.query<WriteRow>({ name: 'questionnaire_write_answer', text: writeAnswer, values: writeValues(write, true) });
  const stored = storedAnswerOf(result.rows[0]);
  if (!stored) throw new Error('storing an answer in a transaction wrote no progress row');
  return stored;
}

/**
 * Opens an answer's transaction on a pooled connection, committing without waiting for the WAL
 * flush like the single-statement answers do: a crash may lose the last moments of answers, all of
 * a transaction or none of it, and the user is asked those questions again.
 */
export async function beginAnswerTransaction(client: pg.PoolClient): Promise<void> {
  await client.query('BEGIN; SET LOCAL synchronous_commit TO off');
}

/**
 * Runs `work` on one pooled connection; `work` opens the transaction (beginAnswerTransaction) and
 * this commits it, or rolls it back on an error. A connection whose ROLLBACK failed is destroyed
 * rather than handed to the next request in an unknown state.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

const readQuestionState = `
SELECT (SELECT answered_positions::text FROM questionnaire_progress WHERE user_id = $1::uuid) AS answered,
       (SELECT choice_value FROM current_answers WHERE user_id = $1::uuid AND item_id = $2::text) AS chosen`;

/**
 * What GET /me/question needs: the answered positions, and the current answer to `itemId` (when
 * a question is asked for by id).
 */
export async function questionStateOf(pool: pg.Pool, userId: string, itemId: string | null): Promise<{ answered: AnsweredPositions; chosen: number | undefined }> {
  const result = await pool.query<{ answered: string | null; chosen: number | null }>({ name: 'questionnaire_question_state', text: readQuestionState, values: [userId, itemId] });
  const row = result.rows[0];
  return { answered: row?.answered ?? null, chosen: row?.chosen ?? undefined };
}

type AnswerArrays = { item_ids: string[] | null; choice_values: number[] | null };

/** The user's current answers (item id to choice value), for scoring a set. */
export async function currentAnswersOf(client: pg.PoolClient, userId: string): Promise<Map<string, number>> {
  const result = await client.query<AnswerArrays>({
    name: 'questionnaire_current_answers',
    text: 'SELECT array_agg(item_id) AS item_ids, array_agg(choice_value) AS choice_values FROM current_answers WHERE user_id = $1',
    values: [userId],
  });
  const answers = new Map<string, number>();
  const { item_ids: itemIds, choice_values: values } = result.rows[0] ?? { item_ids: null, choice_values: null };
  itemIds?.forEach((itemId, index) => answers.set(itemId, values?.[index] ?? Number.NaN));
  return answers;
}

/** Every answer the user gave to one assessment, revisions included, oldest first. */
export async function answerHistoryOf(client: pg.PoolClient, userId: string, assessment: string): Promise<HistoryEntry[]> {
  const result = await client.query<{ item_id: string; choice_value: number; answered_at: Date }>({
    name: 'questionnaire_answer_history',
    text: 'SELECT item_id, choice_value, answered_at FROM question_answers WHERE user_id = $1 AND assessment = $2 ORDER BY answered_at, id',
    values: [userId, assessment],
  });
  return result.rows.map((row) => ({ itemId: row.item_id, value: row.choice_value, answeredAt: row.answered_at }));
}

export interface ResultWrite {
  userId: string;
  assessment: string;
  scores: Record<string, unknown>;
  flags: readonly string[];
  scoringVersion: string;
  completedAt: Date;
  computedAt: Date;
}

// The result, and the set in the progress row's `completed` (what the account object's flags
// read). The row exists: the answer that completed the set wrote it earlier in the transaction.
const writeResult = `
WITH result AS (
  INSERT INTO assessment_results (user_id, assessment, scores, flags, scoring_version, completed_at, first_completed_at, computed_at)
  VALUES ($1::uuid, $2::text, $3::jsonb, $4::text[], $5::text, $6::timestamptz, $6::timestamptz, $7::timestamptz)
  ON CONFLICT (user_id, assessment) DO UPDATE SET
    scores = excluded.scores, flags = excluded.flags, scoring_version = excluded.scoring_version,
    completed_at = excluded.completed_at, computed_at = excluded.computed_at
)
UPDATE questionnaire_progress SET completed = array_append(completed, $2::text)
WHERE user_id = $1::uuid AND NOT ($2::text = ANY (completed))`;

/** Writes a set's result; a recomputation keeps the first completion time. */
export async function storeResult(client: pg.PoolClient, write: ResultWrite): Promise<void> {
  await client.query({
    name: 'questionnaire_store_result',
    text: writeResult,
    values: [write.userId, write.assessment, JSON.stringify(write.scores), write.flags, write.scoringVersion, write.completedAt, write.computedAt],
  });
}
