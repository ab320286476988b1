import { organisationApiPaths } from '@app/contract/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { organisationsRootKey } from '@/lib/organisation-list';
import { dataOrThrow } from '../lib/refusal';
import { organisationKey } from './organisation-keys';

/**
 * `DELETE /api/organisations/{id}/members/{userId}`: 204. With the caller's own id it is leaving
 * (anyone but the last owner, who gets a 409 with the rule's message).
 */
export async function removeMember(organisationId: string, userId: string) {
  dataOrThrow(await httpClient.delete(organisationApiPaths.member(organisationId, userId)));
}

export function useRemoveMember(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(organisationId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKey(organisationId) }),
  });
}

/** Leaving: the caller's own membership ends, so the list of their organisations changes too. */
export function useLeaveOrganisation(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ownUserId: string) => removeMember(organisationId, ownUserId),
    onSuccess: () => {
      // The page is left at once: its own queries would only answer 404 now.
      queryClient.removeQueries({ queryKey: organisationKey(organisationId) });
      return queryClient.invalidateQueries({ queryKey: [...organisationsRootKey, 'list'] });
    },
  });
}
