import { organisationApiPaths } from '@app/contract/api-paths';
import { activationEnvelope } from '@app/contract/organisation-billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { subscriptionKey } from './billing-keys';

/** `POST /api/organisations/{id}/subscription/resume`: takes the cancellation back before the period ends. */
export async function resumeSubscription(organisationId: string) {
  const envelope = dataOrThrow(await httpClient.post(organisationApiPaths.subscriptionResume(organisationId), undefined, { schema: activationEnvelope }));
  if (envelope === null) throw new Error('The subscription answered with no body');
  return envelope.data;
}

export function useResumeSubscription(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resumeSubscription(organisationId),
    onSuccess: (state) => queryClient.setQueryData(subscriptionKey(organisationId), state),
  });
}
