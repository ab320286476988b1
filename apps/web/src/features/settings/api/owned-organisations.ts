import { ownedOrganisationList, type OwnedOrganisation } from '@app/contract/account-settings';
import { accountApiPaths } from '@app/contract/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';

/** `GET /api/user/owned-organisations`: the organisations the user alone owns, which deleting the account needs a choice for. */
export async function listOwnedOrganisations(signal?: AbortSignal): Promise<OwnedOrganisation[]> {
  const result = await httpClient.get(accountApiPaths.ownedOrganisations, undefined, { schema: ownedOrganisationList, signal });
  if (result.error !== null || result.data === null) throw new Error(result.error ?? 'The owned organisations answered with no body');
  return result.data.data;
}

export const ownedOrganisationsQueryOptions = queryOptions({ queryKey: ['settings', 'owned-organisations'], queryFn: ({ signal }) => listOwnedOrganisations(signal) });

export function useOwnedOrganisations() {
  return useQuery(ownedOrganisationsQueryOptions);
}
