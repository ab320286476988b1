import { organisationApiPaths } from '@app/contract/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { organisationsRootKey } from '@/lib/organisation-list';
import { dataOrThrow } from '../lib/refusal';
import { organisationKey } from './organisation-keys';

/** `POST /api/organisations/{id}/ownership-transfer/accept`: the recipient becomes an owner, the offering owner an admin; 204. */
export async function acceptOwnership(organisationId: string) {
  dataOrThrow(await httpClient.post(organisationApiPaths.ownershipTransferAccept(organisationId)));
}

export function useAcceptOwnership(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptOwnership(organisationId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organisationKey(organisationId) }),
        // The caller's role in their list of organisations changes too.
        queryClient.invalidateQueries({ queryKey: [...organisationsRootKey, 'list'] }),
      ]),
  });
}
