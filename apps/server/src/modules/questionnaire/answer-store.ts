import type pg from 'pg';
import { z } from 'zod';
import { checkedRow } from '../../db/checked-row.ts';
import type { AnsweredPositions } from './question-sequence.ts';
import type { QuestionnaireProgress } from './questionnaire-status.ts';

// The questionnaire's hot path in plain SQL over the pool, as named prepared statements (parsed
// and planned once per connection). An answer is usually one statement, one round trip, in its
// own implicit transaction (bench/answering.mjs). The answer that completes a set, or changes a
// completed one, takes two more: its set's answers are read, scored in Node, and the answer is
// stored with the scores in one statement that checks nothing changed in between. No transaction
// holds a connection (or the user's progress row) while Node scores.

/** The pool, or one connection checked out of it (an answer's statements share one: service.ts). */
export type Queryable = pg.Pool | pg.PoolClient;

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
  /** The user's progress row as this write left it (the session cache is updated with it). */
  progress: QuestionnaireProgress;
}

// The parts both answer statements share, after their `progress` part:
// - `current`: the current answer, upserted only when the choice differs (RETURNING is empty for
//   the same choice given again; a change keeps first_answered_at), and `history`: its
//   append-only history row, only then;
// - the answer: the progress row as the write left it (no row: nothing was written), its completed
//   sets as JSON (parsed by JSON.parse rather than node-postgres' array parser).
const currentAndHistory = `
current AS (
  INSERT INTO current_answers (user_id, item_id, assessment, item_version, choice_value, answered_at, first_answered_at)
  SELECT $1::uuid, $2::text, $3::text, $4::int, $5::smallint, $6::timestamptz, $6::timestamptz FROM progress
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
)`;

const storedProgress = `
SELECT progress.answered_positions::text AS answered, progress.answered_items, array_to_json(progress.completed) AS completed
FROM (SELECT 1) AS one LEFT JOIN progress ON true`;

/**
 * What scoring a set needs, as one JSON value read in one snapshot: the progress row's version
 * (xmin) and bits, and the set's current answers with the time each was first given (milliseconds
 * since the epoch), of the user $1; `set` is the parameter that names the set.
 */
const scoringStateJson = (set: string): string => `
SELECT json_build_object(
  'version', stored.xmin::text,
  'answered', stored.answered_positions::text,
  'answers', (SELECT json_agg(json_build_array(item_id, choice_value, floor(extract(epoch FROM first_answered_at) * 1000)::bigint))
              FROM current_answers WHERE user_id = $1::uuid AND assessment = ${set}::text))
FROM (SELECT 1) AS one LEFT JOIN questionnaire_progress AS stored ON stored.user_id = $1::uuid`;

/**
 * The answer on its own: one statement, committed with it.
 *
 * - `settings`: the implicit transaction commits without waiting for the WAL flush
 *   (synchronous_commit off, local to this transaction; docs/decisions).
 * - `progress`: the user's progress row, upserted first. Its row lock orders the answers of one
 *   user (ON CONFLICT DO UPDATE waits for a concurrent answer and then sees its committed row), and
 *   its bit for this question is set. The row is left as it is when the answer would complete the
 *   set, or the set is already complete: the statement then writes nothing and returns no bits
 *   but what scoring the set needs (`scoring_state`, read only then), and the caller stores the
 *   answer with its set's scores instead (storeAnswerWithResult).
 */
const writeAnswer = `
WITH settings AS (
  SELECT set_config('synchronous_commit', 'off', true)
), progress AS (
  INSERT INTO questionnaire_progress AS progress (user_id, answered_positions, answered_items, updated_at)
  SELECT $1::uuid, set_bit(repeat('0', $7::int)::varbit, $8::int, 1), 1, $6::timestamptz FROM settings
  WHERE $10::int > 1
  ON CONFLICT (user_id) DO UPDATE SET
    answered_positions = set_bit(progress.answered_positions, $8::int, 1),
    answered_items = bit_count(set_bit(progress.answered_positions, $8::int, 1)),
    updated_at = excluded.updated_at
  WHERE position('0' IN substring(set_bit(progress.answered_positions, $8::int, 1)::text FROM $9::int + 1 FOR $10::int)) > 0
  RETURNING answered_positions, answered_items, completed
), ${currentAndHistory}
SELECT stored.*, CASE WHEN stored.answered IS NULL THEN (${scoringStateJson('$3')}) END AS scoring_state
FROM (${storedProgress}) AS stored`;

/**
 * The answer with its set's result, in one statement (so in one transaction), only if the user's
 * progress row is still the version the result was computed from (its xmin, read with the set's
 * answers by the declined answer or scoringStateOf; every answer written changes it). Otherwise nothing is written and no row comes
 * back: another answer of the same user came in between, and the caller reads and scores again.
 * $9 (the scores) null: the set is not complete, or the same choice was given again: only the
 * answer is stored. With scores, the set joins the row's completed sets and its result is stored
 * (a recomputation keeps the first completion time).
 */
const writeAnswerWithResult = `
WITH settings AS (
  SELECT set_config('synchronous_commit', 'off', true)
), progress AS (
  INSERT INTO questionnaire_progress AS progress (user_id, answered_positions, answered_items, completed, updated_at)
  SELECT $1::uuid, set_bit(repeat('0', $7::int)::varbit, $8::int, 1), 1,
         CASE WHEN $9::jsonb IS NULL THEN '{}'::text[] ELSE ARRAY[$3::text] END, $6::timestamptz
  FROM settings
  ON CONFLICT (user_id) DO UPDATE SET
    answered_positions = set_bit(progress.answered_positions, $8::int, 1),
    answered_items = bit_count(set_bit(progress.answered_positions, $8::int, 1)),
    completed = CASE WHEN $9::jsonb IS NULL OR $3::text = ANY (progress.completed) THEN progress.completed ELSE array_append(progress.completed, $3::text) END,
    updated_at = excluded.updated_at
  WHERE progress.xmin = $12::xid
  RETURNING answered_positions, answered_items, completed
), result AS (
  INSERT INTO assessment_results (user_id, assessment, scores, flags, scoring_version, completed_at, first_completed_at, computed_at)
  SELECT $1::uuid, $3::text, $9::jsonb, $10::text[], $11::text, $6::timestamptz, $6::timestamptz, $6::timestamptz
  FROM progress WHERE $9::jsonb IS NOT NULL
  ON CONFLICT (user_id, assessment) DO UPDATE SET
    scores = excluded.scores, flags = excluded.flags, scoring_version = excluded.scoring_version,
    completed_at = excluded.completed_at, computed_at = excluded.computed_at
), ${currentAndHistory}
${storedProgress}`;

// The rows these statements return, checked before use (db/checked-row.ts): plain SQL that
// TypeScript cannot see, on the answering hot path.
const writeRow = z.strictObject({ answered: z.string().nullable(), answered_items: z.number().nullable(), completed: z.array(z.string()).nullable() });

const scoringStateShape = z
  .strictObject({
    version: z.string().nullable(),
    answered: z.string().nullable(),
    answers: z.array(z.tuple([z.string(), z.number(), z.number()])).nullable(),
  })
  .nullable();

const writeAloneRow = writeRow.extend({ scoring_state: scoringStateShape });

const scoringStateRow = z.strictObject({ scoring_state: scoringStateShape });

const questionStateRow = z.strictObject({ answered: z.string().nullable(), chosen: z.number().nullable() });

type WriteRow = z.output<typeof writeRow>;

/** The statement's one row, checked; undefined when it returned none. */
function firstRowOf<Schema extends z.ZodType>(statement: string, schema: Schema, rows: readonly unknown[]): z.output<Schema> | undefined {
  return rows.length === 0 ? undefined : checkedRow(statement, schema, rows[0]);
}

function storedAnswerOf(row: WriteRow | undefined): StoredAnswer | undefined {
  if (!row?.answered) return undefined;
  return { answered: row.answered, progress: { answeredItems: row.answered_items ?? 0, completed: row.completed ?? [] } };
}

/**
 * $1 to $8 of both answer statements. The time goes as ISO text (node-postgres' own conversion of
 * a Date builds it field by field, a visible share of an answer's CPU in the bench's profile).
 */
function answerValues(write: AnswerWrite): unknown[] {
  return [write.userId, write.itemId, write.assessment, write.itemVersion, write.value, write.answeredAt.toISOString(), write.sequenceLength, write.position];
}

/**
 * Stores an answer on its own (one statement, committed with it), unless it completes its set or
 * changes a completed one: then nothing is written and what scoring the set needs comes back.
 */
export async function storeAnswerAlone(pool: Queryable, write: AnswerWrite): Promise<{ stored: StoredAnswer } | { declined: ScoringState }> {
  const result = await pool.query({
    name: 'questionnaire_write_answer',
    text: writeAnswer,
    values: [...answerValues(write), write.setStart, write.setSize],
  });
  const row = firstRowOf('questionnaire_write_answer', writeAloneRow, result.rows);
  const stored = storedAnswerOf(row);
  if (stored) return { stored };
  return { declined: scoringStateFrom(row?.scoring_state ?? null) };
}

/** A set's result, computed in Node from the state scoringStateOf read. */
export interface ResultWrite {
  scores: Record<string, unknown>;
  flags: readonly string[];
  scoringVersion: string;
}

/**
 * Stores an answer with its set's result (or with none: `result` null) if the user's progress is
 * still at `version`; undefined when it moved on meanwhile (nothing written).
 */
export async function storeAnswerWithResult(pool: Queryable, write: AnswerWrite, version: string | null, result: ResultWrite | null): Promise<StoredAnswer | undefined> {
  const values = [...answerValues(write), result ? JSON.stringify(result.scores) : null, result?.flags ?? null, result?.scoringVersion ?? null, version];
  const written = await pool.query({ name: 'questionnaire_write_answer_with_result', text: writeAnswerWithResult, values });
  return storedAnswerOf(firstRowOf('questionnaire_write_answer_with_result', writeRow, written.rows));
}

/** What scoring a set needs, read in one snapshot: the progress row's version and bits, and the set's answers. */
export interface ScoringState {
  /** The progress row's xmin; null before the user's first answer. */
  version: string | null;
  answered: AnsweredPositions;
  /** The set's current answers, item id to choice value. */
  answers: Map<string, number>;
  /** When each of those items was first answered (a later change is not reading time). */
  firstAnsweredAt: Map<string, Date>;
}

const readScoringState = `SELECT (${scoringStateJson('$2')}) AS scoring_state`;

/** Each answer is [item id, choice value, first answered at in milliseconds since the epoch]. */
type ScoringStateJson = z.output<typeof scoringStateShape>;

function scoringStateFrom(json: ScoringStateJson): ScoringState {
  const answers = new Map<string, number>();
  const firstAnsweredAt = new Map<string, Date>();
  for (const [itemId, value, firstAnsweredAtMs] of json?.answers ?? []) {
    answers.set(itemId, value);
    firstAnsweredAt.set(itemId, new Date(firstAnsweredAtMs));
  }
  return { version: json?.version ?? null, answered: json?.answered ?? null, answers, firstAnsweredAt };
}

/** Reads what scoring the user's set needs again (after a write found the progress moved on). */
export async function scoringStateOf(pool: Queryable, userId: string, assessment: string): Promise<ScoringState> {
  const result = await pool.query({ name: 'questionnaire_scoring_state', text: readScoringState, values: [userId, assessment] });
  return scoringStateFrom(firstRowOf('questionnaire_scoring_state', scoringStateRow, result.rows)?.scoring_state ?? null);
}

const readQuestionState = `
SELECT (SELECT answered_positions::text FROM questionnaire_progress WHERE user_id = $1::uuid) AS answered,
       (SELECT choice_value FROM current_answers WHERE user_id = $1::uuid AND item_id = $2::text) AS chosen`;

/**
 * What GET /me/question needs: the answered positions, and the current answer to `itemId` (when
 * a question is asked for by id).
 */
export async function questionStateOf(pool: pg.Pool, userId: string, itemId: string | null): Promise<{ answered: AnsweredPositions; chosen: number | undefined }> {
  const result = await pool.query({ name: 'questionnaire_question_state', text: readQuestionState, values: [userId, itemId] });
  const row = firstRowOf('questionnaire_question_state', questionStateRow, result.rows);
  return { answered: row?.answered ?? null, chosen: row?.chosen ?? undefined };
}
