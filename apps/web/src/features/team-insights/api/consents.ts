import { teamInsightApiPaths } from '@app/contract/api-paths';
import { consentEnvelope, consentList, type ConsentView, type ResultVisibility } from '@app/contract/team-insights';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { consentsKey, teamInsightsKey } from './team-insight-keys';

/** `GET /api/user/organisation-consents`: the caller's choice in every organisation they belong to. */
export async function listConsents(signal?: AbortSignal): Promise<ConsentView[]> {
  const list = dataOrThrow(await httpClient.get(teamInsightApiPaths.consents, undefined, { schema: consentList, signal }));
  if (list === null) throw new Error('The consents answered with no body');
  return list.data;
}

export function useConsents() {
  return useQuery(queryOptions({ queryKey: consentsKey, queryFn: ({ signal }) => listConsents(signal) }));
}

/** `GET /api/organisations/{id}/consent`: the caller's own choice there (404 for a non-member). */
export async function getConsent(organisationId: string, signal?: AbortSignal): Promise<ConsentView> {
  const envelope = dataOrThrow(await httpClient.get(teamInsightApiPaths.consent(organisationId), undefined, { schema: consentEnvelope, signal }));
  if (envelope === null) throw new Error('The consent answered with no body');
  return envelope.data;
}

export function useConsent(organisationId: string) {
  return useQuery({ queryKey: [...teamInsightsKey(organisationId), 'consent'], queryFn: ({ signal }) => getConsent(organisationId, signal) });
}

/** `PUT /api/organisations/{id}/consent` `{ visibility }`: effective at once; the answer is the saved choice. */
export async function setConsent(organisationId: string, visibility: ResultVisibility): Promise<ConsentView> {
  const envelope = dataOrThrow(await httpClient.put(teamInsightApiPaths.consent(organisationId), { visibility }, { schema: consentEnvelope }));
  if (envelope === null) throw new Error('The consent answered with no body');
  return envelope.data;
}

export function useSetConsent(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (visibility: ResultVisibility) => setConsent(organisationId, visibility),
    onSuccess: (saved) => {
      // Both places that show the choice show the server's answer at once.
      queryClient.setQueryData([...teamInsightsKey(organisationId), 'consent'], saved);
      queryClient.setQueryData<ConsentView[]>(consentsKey, (list) => list?.map((entry) => (entry.organisation_id === organisationId ? saved : entry)));
    },
  });
}
