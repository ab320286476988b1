import { assessmentApiPaths } from '@app/contract/api-paths';
import { questionResponse, type QuestionResponse } from '@app/contract/questionnaire';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { csrfHeaders } from './api.ts';

// The questionnaire through the product's own API (spec 7: GET /me/question, POST
// /me/question/{id}/answer), for tests that need a user who has finished it, or got part-way.


async function questionOrNull(response: APIResponse, what: string): Promise<QuestionResponse | null> {
  if (response.status() === 204) return null;
  if (response.status() !== 200) throw new Error(`${what}: expected 200 or 204, got ${response.status()}: ${await response.text()}`);
  return questionResponse.parse(await response.json());
}

/**
 * A varied answer, so the answers do not look careless (the same answer ten times in a row is
 * flagged): the choice at a position that moves with each question.
 */
function variedChoice(response: QuestionResponse, answeredSoFar: number): string {
  const choices = [...response.question.choices].sort((a, b) => a.order - b.order);
  const choice = choices[(answeredSoFar * 3 + 1) % choices.length];
  if (choice === undefined) throw new Error(`question ${response.question.id} has no choices`);
  return choice.id;
}

/**
 * Answers the open questions of the user whose access token is given, from the first unanswered
 * one, until `limit` answers are given or none is left (the server answers 204). Resolves to the
 * number of answers given.
 */
export async function answerQuestionsThroughApi(
  request: APIRequestContext,
  accessToken: string,
  { limit = Number.POSITIVE_INFINITY }: { limit?: number } = {},
): Promise<number> {
  const auth = { Authorization: `Bearer ${accessToken}` };
  let current = await questionOrNull(await request.get(assessmentApiPaths.question, { headers: auth }), `GET ${assessmentApiPaths.question}`);
  let answered = 0;
  while (current !== null && answered < limit) {
    const path = assessmentApiPaths.answer(current.question.id);
    const response = await request.post(path, {
      headers: { ...auth, ...(await csrfHeaders(request)) },
      data: { choice_id: variedChoice(current, answered) },
    });
    answered += 1;
    current = await questionOrNull(response, `POST ${path}`);
  }
  return answered;
}

/** Answers every open question: the user's registration is then complete. */
export async function completeQuestionnaireThroughApi(request: APIRequestContext, accessToken: string): Promise<number> {
  return answerQuestionsThroughApi(request, accessToken);
}
