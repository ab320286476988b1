import { organisationApiPaths } from '@app/contract/api-paths';
import { organisationEnvelope } from '@app/contract/organisations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { organisationKey } from './billing-keys';

/** `GET /api/organisations/{id}`: the organisation with its services, billing details and the caller's role (404 for a stranger). */
export async function getOrganisation(organisationId: string, signal?: AbortSignal) {
  const envelope = dataOrThrow(await httpClient.get(organisationApiPaths.organisation(organisationId), undefined, { schema: organisationEnvelope, signal }));
  if (envelope === null) throw new Error('The organisation answered with no body');
  return envelope.data;
}

export function organisationQueryOptions(organisationId: string) {
  return queryOptions({
    queryKey: [...organisationKey(organisationId), 'details'],
    queryFn: ({ signal }) => getOrganisation(organisationId, signal),
    // A 404 (not a member, or no such organisation) stays a 404: asking again changes nothing.
    retry: false,
  });
}

export function useOrganisation(organisationId: string) {
  return useQuery(organisationQueryOptions(organisationId));
}
