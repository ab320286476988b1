import { loadBanks } from '@app/assessments/load-banks';
import { toResultsResponse, type StoredResult } from '@app/assessments/results-response';
import { resultFlag, type AssessmentResultsResponse } from '@app/contract/assessment-results';
import type { QuestionResponse } from '@app/contract/questionnaire';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../../db/connection.ts';
import { assessmentResults } from '../../db/schema/assessment-results.ts';
import type { Clock } from '../../lib/clock.ts';
import { ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/domain-errors.ts';
import {
  questionStateOf,
  scoringStateOf,
  storeAnswerAlone,
  storeAnswerWithResult,
  type AnswerWrite,
  type Queryable,
  type ResultWrite,
  type ScoringState,
  type StoredAnswer,
} from './answer-store.ts';
import {
  buildQuestionSequence,
  choiceOfQuestion,
  firstUnanswered,
  isAssessmentComplete,
  nextUnansweredAfter,
  toQuestionResponse,
  type AnsweredPositions,
  type QuestionSequence,
  type SequenceQuestion,
} from './question-sequence.ts';
import { scoreAssessment } from './scoring.ts';
import type { QuestionnaireProgress } from './questionnaire-status.ts';

// The mandatory questionnaire (spec sections 2, 4, 7; issue 4): which question comes next, storing
// answers, and scoring each set in the same statement (so the same transaction) as the answer that
// completes it.

export const questionnaireMessages = {
  birthDetailsRequired: 'Please save your birth details before answering the questionnaire.',
  unknownQuestion: 'This question does not exist.',
  choiceOfAnotherQuestion: 'This answer does not belong to this question.',
} as const;

/** Who answers: the auth guard's row of the caller is enough (no extra query). */
export interface Respondent {
  id: string;
  locale: string;
  /** The signup-data step is done (a birth date is saved): only then are questions served. */
  signupCompleted: boolean;
}

export interface QuestionnaireServiceDeps {
  db: Database;
  pool: pg.Pool;
  clock: Clock;
}

export type QuestionnaireService = ReturnType<typeof createQuestionnaireService>;

/** Loads the banks once (ASSESSMENT_BANKS_DIR replaces shipped files) and builds the sequence. */
export function loadQuestionSequence(banksDir: string | undefined): QuestionSequence {
  return buildQuestionSequence(loadBanks(banksDir === undefined ? {} : { overrideDir: banksDir }));
}

export function createQuestionnaireService(sequence: QuestionSequence, { db, pool, clock }: QuestionnaireServiceDeps) {
  function questionById(id: string): SequenceQuestion {
    const question = sequence.byId.get(id);
    if (!question) throw new NotFoundError(questionnaireMessages.unknownQuestion);
    return question;
  }

  /**
   * The answer that completes its set, or changes a completed one: its set (read by the declined
   * write) is scored with this answer, and the answer is stored with the result in one statement,
   * which writes nothing if another answer of the same user came in between (a double click, a
   * second tab): then the set is read and scored again.
   */
  async function storeAnswerAndScore(connection: Queryable, question: SequenceQuestion, write: AnswerWrite, declined: ScoringState): Promise<StoredAnswer> {
    let state = declined;
    for (let attempt = 1; ; attempt += 1) {
      const stored = await storeAnswerWithResult(connection, write, state.version, resultWith(question, write, state)).catch(refuseDeletedUser);
      if (stored) return stored;
      if (attempt === maxScoringAttempts) throw new Error(`answer to ${write.itemId}: the progress kept changing over ${maxScoringAttempts} attempts`);
      state = await scoringStateOf(connection, write.userId, question.assessment);
    }
  }

  /**
   * Stores the answer, with its set's result when it completes the set. Its statements share one
   * connection, checked out once: a set's last answer then does not queue for the pool a second
   * time behind every answer that came in meanwhile (when many users complete a set at the same
   * moment, each would otherwise wait for all of them). No transaction is open while Node scores.
   */
  async function storeAnswer(question: SequenceQuestion, write: AnswerWrite): Promise<StoredAnswer> {
    const connection = await pool.connect();
    let failure: Error | undefined;
    try {
      const alone = await storeAnswerAlone(connection, write).catch(refuseDeletedUser);
      return 'stored' in alone ? alone.stored : await storeAnswerAndScore(connection, question, write, alone.declined);
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      // As pool.query does: a connection whose statement failed is closed, not reused.
      connection.release(failure);
    }
  }

  /** The set's result once this answer is in, or null when the set is not complete or the choice is the same again. */
  function resultWith(question: SequenceQuestion, write: AnswerWrite, state: ScoringState): ResultWrite | null {
    if (state.answers.get(write.itemId) === write.value) return null;
    if (!isAssessmentComplete(sequence, question.assessment, withAnswered(state.answered, write))) return null;
    const answers = new Map(state.answers).set(write.itemId, write.value);
    // A first answer is first given now; a changed one keeps its first time.
    const firstAnsweredAt = state.firstAnsweredAt.has(write.itemId) ? state.firstAnsweredAt : new Map(state.firstAnsweredAt).set(write.itemId, write.answeredAt);
    const { scores, flags } = scoreAssessment(sequence, question.assessment, answers, firstAnsweredAt);
    return { scores, flags, scoringVersion: scores.scoring_version };
  }

  return {
    sequence,

    /**
     * GET /me/question: the question `id`, or the first unanswered one of the sequence; null (204)
     * when no id is given and every question is answered.
     */
    async question(respondent: Respondent, id: string | undefined): Promise<QuestionResponse | null> {
      await requireSignupCompleted(pool, respondent);
      // The id is checked before any query: an unknown one is a 404 whatever was answered.
      const asked = id === undefined ? undefined : questionById(id);
      const { answered, chosen } = await questionStateOf(pool, respondent.id, asked?.item.id ?? null);
      const question = asked ?? firstUnanswered(sequence, answered);
      // The first unanswered question has no answer to show.
      return question ? toQuestionResponse(sequence, question, answered, asked ? chosen : undefined, respondent.locale) : null;
    },

    /**
     * POST /me/question/{id}/answer: stores or changes the answer and answers with the next
     * unanswered question (nextUnansweredAfter), or null (204) when none is left. In the same
     * transaction, a set that this answer completes, or changes after completion, is scored.
     * `progress` is the user's progress row as the answer left it.
     */
    async answer(respondent: Respondent, questionId: string, choiceId: string): Promise<{ next: QuestionResponse | null; progress: QuestionnaireProgress }> {
      await requireSignupCompleted(pool, respondent);
      const question = questionById(questionId);
      const choice = choiceOfQuestion(question, choiceId);
      if (!choice) throw new ValidationError({ choice_id: [questionnaireMessages.choiceOfAnotherQuestion] });

      const { start, size } = sequence.rangeOf(question.assessment);
      const write: AnswerWrite = {
        userId: respondent.id,
        itemId: question.item.id,
        assessment: question.assessment,
        itemVersion: question.item.version,
        value: choice.value,
        answeredAt: clock.now(),
        position: question.position,
        sequenceLength: sequence.questions.length,
        setStart: start,
        setSize: size,
      };
      const stored = await storeAnswer(question, write);

      // The next question is unanswered, so it has no answer to show.
      const next = nextUnansweredAfter(sequence, question, stored.answered);
      return { next: next ? toQuestionResponse(sequence, next, stored.answered, undefined, respondent.locale) : null, progress: stored.progress };
    },

    /** GET /api/assessments/results: each assessment's stored result, or null until its set is complete. */
    async results(userId: string): Promise<AssessmentResultsResponse> {
      const rows = await db.select().from(assessmentResults).where(eq(assessmentResults.userId, userId));
      const stored = (assessment: string): StoredResult | null => {
        const row = rows.find((candidate) => candidate.assessment === assessment);
        return row ? { scores: row.scores, completedAt: row.completedAt, flags: resultFlag.array().parse(row.flags) } : null;
      };
      return toResultsResponse({ environment: stored('environment'), big5: stored('big5'), values: stored('values') });
    },
  };
}

/** The user was deleted while answering (their progress row has no user to reference): signed out. */
function refuseDeletedUser(error: unknown): never {
  if (error instanceof Error && 'code' in error && error.code === foreignKeyViolation) throw new UnauthenticatedError();
  throw error;
}

const foreignKeyViolation = '23503';

/** Only the same user's answers arriving at the same moment make a scoring attempt start again. */
const maxScoringAttempts = 10;

/** The answered positions with the answer's own position set. */
function withAnswered(answered: AnsweredPositions, write: AnswerWrite): string {
  const bits = answered ?? '0'.repeat(write.sequenceLength);
  return `${bits.slice(0, write.position)}1${bits.slice(write.position + 1)}`;
}

/**
 * The respondent comes from the session cache, which learns of a birth date saved through another
 * instance by a notification a few milliseconds later: a refusal is confirmed by the database first,
 * so a user sent to the other instance right after saving is not turned away (bench:load, issue 14).
 */
async function requireSignupCompleted(pool: pg.Pool, respondent: Respondent): Promise<void> {
  if (respondent.signupCompleted) return;
  const { rows } = await pool.query<{ saved: boolean }>('select birth_date is not null as saved from users where id = $1', [respondent.id]);
  if (!rows[0]?.saved) throw new ForbiddenError(questionnaireMessages.birthDetailsRequired);
}
