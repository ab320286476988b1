import { organisationApiPaths } from '@app/contract/api-paths';
import { organisationEnvelope } from '@app/contract/organisations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from './http-client.ts';
import { organisationsRootKey } from './organisation-list.ts';
import { RequestRefusal } from './request-refusal.ts';

// One organisation (issue 12), in lib because the members and the billing features both show it:
// one query and one cache entry, under the key every change of the organisation refreshes.

/** Every query of one organisation sits under this key (its details, members, subscription...). */
export const organisationKey = (organisationId: string) => [...organisationsRootKey, 'detail', organisationId] as const;

/** `GET /api/organisations/{id}`: the organisation with its services, billing details and the caller's role (404 for a stranger). */
export async function getOrganisation(organisationId: string, signal?: AbortSignal) {
  const result = await httpClient.get(organisationApiPaths.organisation(organisationId), undefined, { schema: organisationEnvelope, signal });
  if (result.error !== null) throw new RequestRefusal(result, new Set());
  if (result.data === null) throw new Error('The organisation answered with no body');
  return result.data.data;
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
