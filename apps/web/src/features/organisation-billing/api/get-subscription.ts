import { organisationApiPaths } from '@app/contract/api-paths';
import { activationEnvelope, type ActivationResponse } from '@app/contract/organisation-billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { subscriptionKey } from './billing-keys';

/**
 * `GET /api/organisations/{id}/subscription`: the plan, its state, the next charge and the card
 * renewals use. Null before the first activation attempt (the server answers 404 then).
 */
export async function getSubscription(organisationId: string, signal?: AbortSignal): Promise<ActivationResponse | null> {
  const result = await httpClient.get(organisationApiPaths.subscription(organisationId), undefined, { schema: activationEnvelope, signal });
  if (result.status === 404) return null;
  dataOrThrow(result);
  if (result.data === null) throw new Error('The subscription answered with no body');
  return result.data.data;
}

export function subscriptionQueryOptions(organisationId: string) {
  return queryOptions({
    queryKey: subscriptionKey(organisationId),
    queryFn: ({ signal }) => getSubscription(organisationId, signal),
    retry: false,
  });
}

export function useSubscription(organisationId: string, enabled = true) {
  return useQuery({ ...subscriptionQueryOptions(organisationId), enabled });
}
