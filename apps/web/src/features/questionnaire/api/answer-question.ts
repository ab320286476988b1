import { assessmentApiPaths } from '@app/contract/api-paths';
import { questionResponse, type QuestionResponse } from '@app/contract/questionnaire';
import { httpClient } from '@/lib/http-client';
import { QuestionnaireRequestError } from './questionnaire-request-error';
import { withChoicesInOrder } from './with-choices-in-order';

export type AnswerVariables = { questionId: string; choiceId: string };

/**
 * `POST /me/question/{questionId}/answer` with `choice_id` (spec 7): stores or changes the answer
 * and resolves to the next question object, or null when the server answers 204 (none left).
 */
export async function answerQuestion({ questionId, choiceId }: AnswerVariables): Promise<QuestionResponse | null> {
  const result = await httpClient.post(assessmentApiPaths.answer(questionId), { choice_id: choiceId }, { schema: questionResponse });
  if (result.error !== null) {
    // A 422 names the field: its own message says more than the general one.
    const fieldMessage = result.errors?.choice_id?.[0];
    throw new QuestionnaireRequestError(fieldMessage ?? result.error, result.status);
  }
  return result.data === null ? null : withChoicesInOrder(result.data);
}
