import { organisationApiPaths } from '@app/contract/api-paths';
import type { AssignableRole } from '@app/contract/organisation-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { organisationKey } from './organisation-keys';

/** `PATCH /api/organisations/{id}/members/{userId}` `{ role }`: 204. */
export async function changeMemberRole(organisationId: string, userId: string, role: AssignableRole) {
  dataOrThrow(await httpClient.patch(organisationApiPaths.member(organisationId, userId), { role }));
}

export function useChangeMemberRole(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: AssignableRole }) => changeMemberRole(organisationId, userId, role),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKey(organisationId) }),
  });
}
