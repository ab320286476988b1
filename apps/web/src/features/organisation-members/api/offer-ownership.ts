import { organisationApiPaths } from '@app/contract/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { organisationKey } from './organisation-keys';

/** `POST /api/organisations/{id}/ownership-transfer` `{ user_id }`: an owner offers the ownership; 204. */
export async function offerOwnership(organisationId: string, userId: string) {
  dataOrThrow(await httpClient.post(organisationApiPaths.ownershipTransfer(organisationId), { user_id: userId }));
}

export function useOfferOwnership(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => offerOwnership(organisationId, userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKey(organisationId) }),
  });
}
