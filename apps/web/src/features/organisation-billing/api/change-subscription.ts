import { organisationApiPaths } from '@app/contract/api-paths';
import { activationEnvelope, type SubscriptionChangeInput } from '@app/contract/organisation-billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { subscriptionKey } from './billing-keys';

/** `PATCH /api/organisations/{id}/subscription`: a plan or service quantities from the next period on. */
export async function changeSubscription(organisationId: string, change: SubscriptionChangeInput) {
  const envelope = dataOrThrow(await httpClient.patch(organisationApiPaths.subscription(organisationId), change, { schema: activationEnvelope }));
  if (envelope === null) throw new Error('The subscription answered with no body');
  return envelope.data;
}

export function useChangeSubscription(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SubscriptionChangeInput) => changeSubscription(organisationId, change),
    onSuccess: (state) => queryClient.setQueryData(subscriptionKey(organisationId), state),
  });
}
