import { organisationApiPaths } from '@app/contract/api-paths';
import { activationEnvelope } from '@app/contract/organisation-billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { subscriptionKey } from './billing-keys';

/** `POST /api/organisations/{id}/subscription/cancel`: the subscription ends with the current period. */
export async function cancelSubscription(organisationId: string) {
  const envelope = dataOrThrow(await httpClient.post(organisationApiPaths.subscriptionCancel(organisationId), undefined, { schema: activationEnvelope }));
  if (envelope === null) throw new Error('The subscription answered with no body');
  return envelope.data;
}

export function useCancelSubscription(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSubscription(organisationId),
    onSuccess: (state) => queryClient.setQueryData(subscriptionKey(organisationId), state),
  });
}
