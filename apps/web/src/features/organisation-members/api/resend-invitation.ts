import { organisationApiPaths } from '@app/contract/api-paths';
import { invitationEnvelope } from '@app/contract/organisation-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { organisationKey } from './organisation-keys';

/** `POST /api/organisations/{id}/invitations/{invId}/resend`: a new link and 7 more days; the old link stops working. */
export async function resendInvitation(organisationId: string, invitationId: string) {
  return dataOrThrow(await httpClient.post(organisationApiPaths.invitationResend(organisationId, invitationId), undefined, { schema: invitationEnvelope }))?.data ?? null;
}

export function useResendInvitation(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => resendInvitation(organisationId, invitationId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKey(organisationId) }),
  });
}
