import { organisationApiPaths } from '@app/contract/api-paths';
import { acceptedInvitation } from '@app/contract/organisation-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { organisationsRootKey } from '@/lib/organisation-list';
import { dataOrThrow } from '../lib/refusal';

/** `POST /api/invitations/{token}/accept`: the account joins with the invitation's role; answers the organisation joined. */
export async function acceptInvitation(token: string) {
  const envelope = dataOrThrow(await httpClient.post(organisationApiPaths.invitationAccept(token), undefined, { schema: acceptedInvitation }));
  if (envelope === null) throw new Error('Accepting the invitation answered with no body');
  return envelope.data;
}

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationsRootKey }),
  });
}
