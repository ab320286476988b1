import { teamInsightApiPaths } from '@app/contract/api-paths';
import { teamOverviewEnvelope, type TeamOverview, type TeamOverviewQuery } from '@app/contract/team-insights';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { teamInsightsKey } from './team-insight-keys';

/** `GET /api/organisations/{id}/team-overview?position_title=&tenure=`: every member. */
export async function getTeamOverview(organisationId: string, filter: TeamOverviewQuery, signal?: AbortSignal): Promise<TeamOverview> {
  const envelope = dataOrThrow(await httpClient.get(teamInsightApiPaths.teamOverview(organisationId), { ...filter }, { schema: teamOverviewEnvelope, signal }));
  if (envelope === null) throw new Error('The team overview answered with no body');
  return envelope.data;
}

export function useTeamOverview(organisationId: string, filter: TeamOverviewQuery) {
  return useQuery({
    queryKey: [...teamInsightsKey(organisationId), 'overview', filter],
    queryFn: ({ signal }) => getTeamOverview(organisationId, filter, signal),
    // The previous filter's numbers stay while the next ones load, so the page does not jump.
    placeholderData: keepPreviousData,
  });
}
