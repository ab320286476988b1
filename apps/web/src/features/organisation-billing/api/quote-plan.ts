import { organisationApiPaths } from '@app/contract/api-paths';
import { organisationQuoteEnvelope, type OrganisationQuote, type OrganisationQuoteInput } from '@app/contract/organisation-pricing';
import type { BillingPlan, Organisation } from '@app/contract/organisations';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';

/** `POST /api/organisations/quote`: one period's price of a plan, with the billing country's VAT. */
export async function quotePlan(request: OrganisationQuoteInput, signal?: AbortSignal): Promise<OrganisationQuote> {
  const envelope = dataOrThrow(await httpClient.post(organisationApiPaths.quote, request, { schema: organisationQuoteEnvelope, signal }));
  if (envelope === null) throw new Error('The quote answered with no body');
  return envelope.data;
}

/** What the organisation as it stands would pay per period on `plan` (its services, companies and billing country). */
export function quoteRequestOf(organisation: Organisation, plan: BillingPlan, quantities: Record<string, number> = {}): OrganisationQuoteInput {
  return {
    type: organisation.type,
    plan,
    services: organisation.services.map((service) => ({ product_id: service.product_id, quantity: quantities[service.product_id] ?? service.quantity })),
    portfolio_companies: organisation.counts.portfolio_companies,
    country: organisation.billing_details.country,
  };
}

export function planQuoteQueryOptions(request: OrganisationQuoteInput) {
  return queryOptions({
    queryKey: ['organisations', 'quote', request],
    queryFn: ({ signal }) => quotePlan(request, signal),
    staleTime: 60_000,
    retry: 1,
  });
}

export function usePlanQuote(organisation: Organisation | undefined, plan: BillingPlan | undefined) {
  const request = organisation && plan ? quoteRequestOf(organisation, plan) : null;
  return useQuery({ ...planQuoteQueryOptions(request ?? { type: 'business', plan: 'monthly', services: [], country: '' }), enabled: request !== null });
}

/** The price per period of each plan, in the order given. */
export function usePlanQuotes(organisation: Organisation, plans: readonly BillingPlan[]) {
  return useQueries({ queries: plans.map((plan) => planQuoteQueryOptions(quoteRequestOf(organisation, plan))) });
}
