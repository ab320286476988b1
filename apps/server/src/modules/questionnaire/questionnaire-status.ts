import { eq, sql } from 'drizzle-orm';
import { questionnaireProgress } from '../../db/schema/questionnaire-progress.ts';
import { questionnaireTotals } from '../../db/schema/questionnaire-totals.ts';
import { preparedPerHandle } from '../../db/prepared-per-handle.ts';
import type { DatabaseHandle } from '../../db/database-handle.ts';

/** What the account object reports about the questionnaire (spec section 3). */
export interface QuestionnaireStatus {
  /** Questions of the current banks without an answer. */
  unansweredQuestions: number;
  envCompleted: boolean;
  big5Completed: boolean;
  valuesCompleted: boolean;
}

/** A user's questionnaire_progress row, as far as the account object needs it; null before the first answer. */
export interface QuestionnaireProgress {
  answeredItems: number;
  completed: readonly string[];
}

/** Before the first answer (and for a user that no longer exists). */
export const emptyQuestionnaireStatus: QuestionnaireStatus = { unansweredQuestions: 0, envCompleted: false, big5Completed: false, valuesCompleted: false };

/**
 * The account object's questionnaire part from the two counters the answers and the start-up sync
 * keep (questionnaire_totals.active_items, questionnaire_progress): no counting per request. Pure,
 * so that any query that already reads those columns (the auth guard's) can build it.
 */
export function questionnaireStatusFrom(activeItems: number, progress: QuestionnaireProgress | null): QuestionnaireStatus {
  const answered = progress?.answeredItems ?? 0;
  const completed = progress?.completed ?? [];
  return {
    // Never negative, even if a start-up with smaller banks were still on its way.
    unansweredQuestions: Math.max(0, activeItems - answered),
    envCompleted: completed.includes('environment'),
    big5Completed: completed.includes('big5'),
    valuesCompleted: completed.includes('values'),
  };
}

/** The questionnaire's part of the account object: two key look-ups in one prepared statement. */
export async function questionnaireStatusOf(db: DatabaseHandle, userId: string): Promise<QuestionnaireStatus> {
  const [row] = await statusQuery(db).execute({ userId });
  // No totals row: the banks were never mirrored into this database, so nothing is asked yet.
  if (!row) return emptyQuestionnaireStatus;
  const progress = row.answeredItems === null ? null : { answeredItems: row.answeredItems, completed: row.completed ?? [] };
  return questionnaireStatusFrom(row.activeItems, progress);
}

// Every account object reads this (GET /api/user among them): built once per handle, named.
const statusQuery = preparedPerHandle((db: DatabaseHandle) =>
  db
    .select({ activeItems: questionnaireTotals.activeItems, answeredItems: questionnaireProgress.answeredItems, completed: questionnaireProgress.completed })
    .from(questionnaireTotals)
    .leftJoin(questionnaireProgress, eq(questionnaireProgress.userId, sql.placeholder('userId')))
    .prepare('questionnaire_status'),
);
