import { organisationApiPaths } from '@app/contract/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { organisationKey } from './organisation-keys';

/** `DELETE /api/organisations/{id}/ownership-transfer`: the owner withdraws the open offer; 204. */
export async function withdrawOwnershipOffer(organisationId: string) {
  dataOrThrow(await httpClient.delete(organisationApiPaths.ownershipTransfer(organisationId)));
}

export function useWithdrawOwnershipOffer(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawOwnershipOffer(organisationId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKey(organisationId) }),
  });
}
