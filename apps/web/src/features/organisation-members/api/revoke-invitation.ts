import { organisationApiPaths } from '@app/contract/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { organisationKey } from './organisation-keys';

/** `DELETE /api/organisations/{id}/invitations/{invId}`: withdrawn; its link then says so (410). */
export async function revokeInvitation(organisationId: string, invitationId: string) {
  dataOrThrow(await httpClient.delete(organisationApiPaths.invitation(organisationId, invitationId)));
}

export function useRevokeInvitation(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => revokeInvitation(organisationId, invitationId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKey(organisationId) }),
  });
}
