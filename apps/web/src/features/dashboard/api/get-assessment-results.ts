import { assessmentApiPaths } from '@app/contract/api-paths';
import { assessmentResultsResponse, type AssessmentResultsResponse } from '@app/contract/assessment-results';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';

/** `GET /api/assessments/results`: the user's scores per assessment, null until a set is complete. */
export async function getAssessmentResults(signal?: AbortSignal): Promise<AssessmentResultsResponse> {
  const result = await httpClient.get(assessmentApiPaths.results, undefined, { schema: assessmentResultsResponse, signal });
  if (result.data === null) throw new Error(result.error ?? '');
  return result.data;
}

/**
 * Keyed by the user (the cache outlives a logout, and another account may log in in this tab) and
 * by the count of unanswered questions the account reports: when the questionnaire ends and the
 * account is reloaded, the results are asked for again.
 */
export function assessmentResultsQueryOptions(userId: string, unansweredQuestions: number) {
  return queryOptions({
    queryKey: ['assessments', 'results', userId, unansweredQuestions],
    queryFn: ({ signal }) => getAssessmentResults(signal),
  });
}

export function useAssessmentResults(userId: string, unansweredQuestions: number) {
  return useQuery(assessmentResultsQueryOptions(userId, unansweredQuestions));
}
