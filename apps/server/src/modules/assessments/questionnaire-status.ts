import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import type { DbExecutor } from '../auth/session-service.ts';

/** What the account object reports about the questionnaire (spec section 3). */
export interface QuestionnaireStatus {
  /** Questions of the current banks without an answer. */
  unansweredQuestions: number;
  envCompleted: boolean;
  big5Completed: boolean;
  valuesCompleted: boolean;
}

/** Before the first answer (and for a user that no longer exists). */
export const emptyQuestionnaireStatus: QuestionnaireStatus = { unansweredQuestions: 0, envCompleted: false, big5Completed: false, valuesCompleted: false };

/**
 * The questionnaire's part of the account object, in one prepared statement: the current
 * banks' questions (questionnaire_items) without a current answer, and which sets have a result.
 */
export async function questionnaireStatusOf(db: DbExecutor, userId: string): Promise<QuestionnaireStatus> {
  const [row] = await statusQuery(db).execute({ userId });
  if (!row) return emptyQuestionnaireStatus;
  const completed = new Set(row.completed);
  return {
    unansweredQuestions: row.unanswered,
    envCompleted: completed.has('environment'),
    big5Completed: completed.has('big5'),
    valuesCompleted: completed.has('values'),
  };
}

// Every account object reads this (GET /api/user among them): built once per handle, named.
const statusQueries = new WeakMap<DbExecutor, ReturnType<typeof prepareStatusQuery>>();

function statusQuery(db: DbExecutor) {
  let prepared = statusQueries.get(db);
  if (!prepared) {
    prepared = prepareStatusQuery(db);
    statusQueries.set(db, prepared);
  }
  return prepared;
}

function prepareStatusQuery(db: DbExecutor) {
  return db
    .select({
      // Written out with table names: Drizzle drops the qualifiers of columns inside sql``, and
      // both subqueries must name the outer users row.
      unanswered: sql<number>`(
        select count(*) from questionnaire_items qi
        where qi.retired_at is null
          and not exists (select 1 from current_answers ca where ca.user_id = users.id and ca.item_id = qi.id)
      )::int`,
      completed: sql<string[]>`array(select r.assessment from assessment_results r where r.user_id = users.id)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('questionnaire_status');
}
