import { clientShareEnvelope, clientShareList, organisationShareApiPaths, type ShareOfferRequest } from '@app/contract/organisation-shares';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { clientSharingKey } from './sharing-keys';

/** `GET /api/organisations/{id}/shares`: the client's shares with HC experts; owners and admins. */
export async function listClientShares(clientId: string, signal?: AbortSignal) {
  return dataOrThrow(await httpClient.get(organisationShareApiPaths.shares(clientId), undefined, { schema: clientShareList, signal }))?.data ?? [];
}

export function clientSharesQueryOptions(clientId: string) {
  return queryOptions({ queryKey: [...clientSharingKey(clientId), 'shares'], queryFn: ({ signal }) => listClientShares(clientId, signal) });
}

export function useClientShares(clientId: string) {
  return useQuery(clientSharesQueryOptions(clientId));
}

/** `POST /api/organisations/{id}/shares`: the owner's offer; the whole result comes back for the form's 422s. */
export function useOfferShare(clientId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (input: ShareOfferRequest) => {
      const result = await httpClient.post(organisationShareApiPaths.shares(clientId), input, { schema: clientShareEnvelope });
      if (result.data !== null) await queryClient.invalidateQueries({ queryKey: clientSharingKey(clientId) });
      return result;
    },
    [clientId, queryClient],
  );
}

/** `DELETE /api/organisations/{id}/shares/{shareId}`: the expert's access ends at once. */
export function useRevokeShare(clientId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (shareId: string) => {
      const result = await httpClient.delete(organisationShareApiPaths.share(clientId, shareId), undefined, { schema: clientShareEnvelope });
      await queryClient.invalidateQueries({ queryKey: clientSharingKey(clientId) });
      return result;
    },
    [clientId, queryClient],
  );
}
