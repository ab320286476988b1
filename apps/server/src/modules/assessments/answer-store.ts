import type pg from 'pg';

// The questionnaire's hot path in plain SQL over the pool: named prepared statements (parsed and
// planned once per connection), and the history insert, the upsert of the current answer and the
// read of all current answers in one round trip (bench/answering.mjs).

export interface StoredAnswer {
  itemId: string;
  value: number;
}

export interface AnswerWrite {
  userId: string;
  itemId: string;
  assessment: string;
  itemVersion: number;
  value: number;
  answeredAt: Date;
}

export interface HistoryEntry {
  itemId: string;
  value: number;
  answeredAt: Date;
}

type AnswerArrays = { item_ids: string[] | null; choice_values: number[] | null };

// One row of two arrays rather than a row per answer: less to send and to parse on every call.
const selectCurrentAnswers = 'SELECT array_agg(item_id) AS item_ids, array_agg(choice_value) AS choice_values FROM current_answers WHERE user_id = $1';

/** The user's current answers (item id to choice value), through whatever client or pool. */
export async function currentAnswersOf(db: pg.Pool | pg.PoolClient, userId: string): Promise<Map<string, number>> {
  const result = await db.query<AnswerArrays>({ name: 'questionnaire_current_answers', text: selectCurrentAnswers, values: [userId] });
  return toAnswerMap(result.rows);
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

/**
 * Opens the transaction of one answer and serialises the answers of one user: two answers posted
 * at once (two tabs, a double click) run one after the other, so the second sees the first and the
 * completion of a set is never missed. FOR NO KEY UPDATE does not block inserts that only
 * reference the user (tokens, orders). One round trip: BEGIN and the lock go as one simple query,
 * which takes no parameters, so the id (a UUID read from our own users row) is quoted in.
 * The transaction commits without waiting for the WAL flush (synchronous_commit off): a crash may
 * lose the last moments of answers, all of a transaction or none of it, and the user is asked
 * those questions again (docs/decisions.md, "Questionnaire server").
 * False when the user no longer exists.
 */
export async function beginAnswerTransaction(client: pg.PoolClient, userId: string): Promise<boolean> {
  const results = (await client.query(`BEGIN; SET LOCAL synchronous_commit TO off; SELECT 1 FROM users WHERE id = ${client.escapeLiteral(userId)} FOR NO KEY UPDATE`)) as unknown as pg.QueryResult[];
  return results[2]?.rowCount === 1;
}

// One statement: the answers as they were before it (its snapshot), plus, unless the same choice
// is given again, a history row and the upsert of the current answer.
const writeAnswer = `
WITH previous AS (
  SELECT choice_value FROM current_answers WHERE user_id = $1::uuid AND item_id = $2::text
), changed AS (
  SELECT 1 AS yes WHERE NOT EXISTS (SELECT 1 FROM previous WHERE choice_value = $5::smallint)
), history AS (
  INSERT INTO question_answers (user_id, assessment, item_id, item_version, choice_value, answered_at)
  SELECT $1::uuid, $3::text, $2::text, $4::int, $5::smallint, $6::timestamptz FROM changed
), upsert AS (
  INSERT INTO current_answers (user_id, item_id, assessment, item_version, choice_value, answered_at)
  SELECT $1::uuid, $2::text, $3::text, $4::int, $5::smallint, $6::timestamptz FROM changed
  ON CONFLICT (user_id, item_id) DO UPDATE SET
    assessment = excluded.assessment,
    item_version = excluded.item_version,
    choice_value = excluded.choice_value,
    answered_at = excluded.answered_at
)
SELECT array_agg(item_id) AS item_ids, array_agg(choice_value) AS choice_values FROM current_answers WHERE user_id = $1::uuid`;

/**
 * Stores an answer and returns the user's current answers including it, and whether anything
 * changed (giving the same choice again writes nothing). Call inside beginAnswerTransaction's
 * transaction.
 */
export async function storeAnswer(client: pg.PoolClient, write: AnswerWrite): Promise<{ answers: Map<string, number>; changed: boolean }> {
  const result = await client.query<AnswerArrays>({
    name: 'questionnaire_write_answer',
    text: writeAnswer,
    values: [write.userId, write.itemId, write.assessment, write.itemVersion, write.value, write.answeredAt],
  });
  const answers = toAnswerMap(result.rows);
  const changed = answers.get(write.itemId) !== write.value;
  answers.set(write.itemId, write.value);
  return { answers, changed };
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

/** Writes a set's result; a recomputation keeps the first completion time. */
export async function storeResult(client: pg.PoolClient, write: ResultWrite): Promise<void> {
  await client.query({
    name: 'questionnaire_store_result',
    text: `INSERT INTO assessment_results (user_id, assessment, scores, flags, scoring_version, completed_at, first_completed_at, computed_at)
           VALUES ($1, $2, $3, $4, $5, $6, $6, $7)
           ON CONFLICT (user_id, assessment) DO UPDATE SET
             scores = excluded.scores, flags = excluded.flags, scoring_version = excluded.scoring_version,
             completed_at = excluded.completed_at, computed_at = excluded.computed_at`,
    values: [write.userId, write.assessment, JSON.stringify(write.scores), write.flags, write.scoringVersion, write.completedAt, write.computedAt],
  });
}

function toAnswerMap(rows: readonly AnswerArrays[]): Map<string, number> {
  const answers = new Map<string, number>();
  const { item_ids: itemIds, choice_values: values } = rows[0] ?? { item_ids: null, choice_values: null };
  itemIds?.forEach((itemId, index) => answers.set(itemId, values?.[index] ?? Number.NaN));
  return answers;
}
