import { organisationApiPaths } from '@app/contract/api-paths';
import { organisationQuoteEnvelope, type OrganisationQuote, type OrganisationQuoteInput } from '@app/contract/organisation-pricing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';

/** `POST /api/organisations/quote`: one period's price for a plan, with the billing country's VAT. */
export async function quoteOrganisation(request: OrganisationQuoteInput, signal?: AbortSignal): Promise<OrganisationQuote> {
  const result = await httpClient.post(organisationApiPaths.quote, request, { schema: organisationQuoteEnvelope, signal });
  if (result.error !== null || result.data === null) throw new Error(result.error ?? 'empty quote');
  return result.data.data;
}

export function organisationQuoteQueryOptions(request: OrganisationQuoteInput) {
  return queryOptions({
    queryKey: ['organisation-wizard', 'quote', request],
    queryFn: ({ signal }) => quoteOrganisation(request, signal),
    staleTime: 60_000,
    retry: 1,
  });
}

/** The price of one plan; null request: not enough chosen yet to price (no country), nothing is fetched. */
export function useOrganisationQuote(request: OrganisationQuoteInput | null) {
  return useQuery({
    ...organisationQuoteQueryOptions(request ?? { type: 'business', plan: 'monthly', services: [], country: '' }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}
