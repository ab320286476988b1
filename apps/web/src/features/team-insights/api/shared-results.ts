import { teamInsightApiPaths } from '@app/contract/api-paths';
import { memberResultsEnvelope, sharedResultsList, type MemberResults, type SharedResultsMember } from '@app/contract/team-insights';
import { useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { teamInsightsKey } from './team-insight-keys';

// Individual results follow the member's consent at once (issue 13): these queries are never
// served from the cache. Each mount asks the server again, and nothing is kept once the page
// closes, so a withdrawn consent shows the server's refusal, never what was seen before.
const noCache = { staleTime: 0, gcTime: 0, refetchOnMount: 'always', retry: false } as const;

/** `GET /api/organisations/{id}/shared-results`: the consenting members (owners and admins of a business). */
export async function listSharedMembers(organisationId: string, signal?: AbortSignal): Promise<SharedResultsMember[]> {
  const list = dataOrThrow(await httpClient.get(teamInsightApiPaths.sharedResults(organisationId), undefined, { schema: sharedResultsList, signal }));
  if (list === null) throw new Error('The shared results answered with no body');
  return list.data;
}

export function useSharedMembers(organisationId: string, enabled: boolean) {
  return useQuery({ queryKey: [...teamInsightsKey(organisationId), 'shared-results'], queryFn: ({ signal }) => listSharedMembers(organisationId, signal), enabled, ...noCache });
}

/** `GET /api/organisations/{id}/shared-results/{userId}`: one member's results while they consent (403 with the reason otherwise). */
export async function getMemberResults(organisationId: string, userId: string, signal?: AbortSignal): Promise<MemberResults> {
  const envelope = dataOrThrow(await httpClient.get(teamInsightApiPaths.memberResults(organisationId, userId), undefined, { schema: memberResultsEnvelope, signal }));
  if (envelope === null) throw new Error('The member results answered with no body');
  return envelope.data;
}

export function useMemberResults(organisationId: string, userId: string) {
  return useQuery({ queryKey: [...teamInsightsKey(organisationId), 'shared-results', userId], queryFn: ({ signal }) => getMemberResults(organisationId, userId, signal), ...noCache });
}
