import { organisationApiPaths } from '@app/contract/api-paths';
import { memberProgressSummary } from '@app/contract/organisation-members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { organisationKey } from './organisation-keys';

/** `GET /api/organisations/{id}/members/progress`: how many members are done, in progress, not started; owners and admins only (403 for members). */
export async function getMemberProgress(organisationId: string, signal?: AbortSignal) {
  const summary = dataOrThrow(await httpClient.get(organisationApiPaths.membersProgress(organisationId), undefined, { schema: memberProgressSummary, signal }));
  if (summary === null) throw new Error('The members’ progress answered with no body');
  return summary.data;
}

export function memberProgressQueryOptions(organisationId: string) {
  return queryOptions({
    queryKey: [...organisationKey(organisationId), 'members-progress'],
    queryFn: ({ signal }) => getMemberProgress(organisationId, signal),
  });
}

export function useMemberProgress(organisationId: string) {
  return useQuery(memberProgressQueryOptions(organisationId));
}
