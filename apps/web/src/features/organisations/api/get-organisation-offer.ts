import { organisationApiPaths } from '@app/contract/api-paths';
import { organisationOfferEnvelope, type OrganisationOffer } from '@app/contract/organisation-pricing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';

/** `GET /api/organisations/offer`: the types with how each is charged, the plans, the services on offer. */
export async function getOrganisationOffer(signal?: AbortSignal): Promise<OrganisationOffer> {
  const result = await httpClient.get(organisationApiPaths.offer, undefined, { schema: organisationOfferEnvelope, signal });
  if (result.error !== null || result.data === null) throw new Error(result.error ?? 'empty offer');
  return result.data.data;
}

export function organisationOfferQueryOptions() {
  return queryOptions({
    queryKey: ['organisation-wizard', 'offer'],
    queryFn: ({ signal }) => getOrganisationOffer(signal),
    // Catalogue data: it changes when the operator edits prices, not while someone fills the wizard.
    staleTime: 5 * 60_000,
  });
}

export function useOrganisationOffer() {
  return useQuery(organisationOfferQueryOptions());
}
