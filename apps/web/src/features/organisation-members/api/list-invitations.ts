import { organisationApiPaths } from '@app/contract/api-paths';
import { invitationList } from '@app/contract/organisation-members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { organisationKey } from './organisation-keys';

/** `GET /api/organisations/{id}/invitations`: the pending ones, expired included, newest first; owners and admins. */
export async function listInvitations(organisationId: string, signal?: AbortSignal) {
  const result = await httpClient.get(organisationApiPaths.invitations(organisationId), undefined, { schema: invitationList, signal });
  return dataOrThrow(result)?.data ?? [];
}

export function invitationsQueryOptions(organisationId: string) {
  return queryOptions({
    queryKey: [...organisationKey(organisationId), 'invitations'],
    queryFn: ({ signal }) => listInvitations(organisationId, signal),
  });
}

export function useInvitations(organisationId: string, enabled: boolean) {
  return useQuery({ ...invitationsQueryOptions(organisationId), enabled });
}
