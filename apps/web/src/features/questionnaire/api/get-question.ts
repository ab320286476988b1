import { assessmentApiPaths } from '@app/contract/api-paths';
import { questionResponse, type QuestionResponse } from '@app/contract/questionnaire';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { questionnaireKeys } from './questionnaire-keys';
import { QuestionnaireRequestError } from './questionnaire-request-error';
import { withChoicesInOrder } from './with-choices-in-order';

/**
 * `GET /me/question` (spec 7): the first unanswered question, or with `id` that question.
 * Resolves to null when the server answers 204 (no questions left).
 */
export async function getQuestion(id: string | null, signal?: AbortSignal): Promise<QuestionResponse | null> {
  const result = await httpClient.get(assessmentApiPaths.question, id === null ? undefined : { id }, { schema: questionResponse, signal });
  if (result.error !== null) throw new QuestionnaireRequestError(result.error, result.status);
  return result.data === null ? null : withChoicesInOrder(result.data);
}

export function questionQueryOptions(id: string | null) {
  return queryOptions({
    queryKey: questionnaireKeys.question(id),
    queryFn: ({ signal }) => getQuestion(id, signal),
    // The overlay keeps these entries current itself (an answer updates its question's entry), and
    // drops them all when it closes; a refetch in between could only undo a newer local answer.
    staleTime: Infinity,
    // The overlay shows its own retry; a silent second attempt would only delay the message.
    retry: false,
  });
}

/** The question the overlay opens with. */
export function useQuestion(id: string | null) {
  return useQuery(questionQueryOptions(id));
}
