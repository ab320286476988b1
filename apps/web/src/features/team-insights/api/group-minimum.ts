import { teamInsightApiPaths } from '@app/contract/api-paths';
import { groupMinimumEnvelope, type GroupMinimum } from '@app/contract/team-insights';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { httpClient, type RequestResult } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { teamInsightsKey } from './team-insight-keys';

const groupMinimumKey = (organisationId: string) => [...teamInsightsKey(organisationId), 'group-minimum'] as const;

/** `GET /api/organisations/{id}/group-minimum`: the minimum, its default and floor, and every change (owners and admins). */
export async function getGroupMinimum(organisationId: string, signal?: AbortSignal): Promise<GroupMinimum> {
  const envelope = dataOrThrow(await httpClient.get(teamInsightApiPaths.groupMinimum(organisationId), undefined, { schema: groupMinimumEnvelope, signal }));
  if (envelope === null) throw new Error('The group minimum answered with no body');
  return envelope.data;
}

export function useGroupMinimum(organisationId: string, enabled: boolean) {
  return useQuery({ queryKey: groupMinimumKey(organisationId), queryFn: ({ signal }) => getGroupMinimum(organisationId, signal), enabled });
}

/**
 * `PUT /api/organisations/{id}/group-minimum` `{ minimum }`. The result as it came (a 422 carries
 * the floor's message on `minimum`); on success every team-insights query of the organisation is
 * refreshed, since the overview's groups follow the minimum.
 */
export function useChangeGroupMinimum(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (minimum: number): Promise<RequestResult<{ data: GroupMinimum }>> => httpClient.put(teamInsightApiPaths.groupMinimum(organisationId), { minimum }, { schema: groupMinimumEnvelope }),
    onSuccess: async (result) => {
      if (result.data === null) return;
      queryClient.setQueryData(groupMinimumKey(organisationId), result.data.data);
      await queryClient.invalidateQueries({ queryKey: teamInsightsKey(organisationId) });
    },
  });
}
