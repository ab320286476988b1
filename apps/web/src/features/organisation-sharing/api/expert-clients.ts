import { expertClientEnvelope, expertClientList, organisationShareApiPaths } from '@app/contract/organisation-shares';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { expertSharingKey } from './sharing-keys';

/** `GET /api/organisations/{id}/clients`: an HC expert's clients (offers waiting, active, ended); owners and admins. */
export async function listExpertClients(expertId: string, signal?: AbortSignal) {
  return dataOrThrow(await httpClient.get(organisationShareApiPaths.clients(expertId), undefined, { schema: expertClientList, signal }))?.data ?? [];
}

export function useExpertClients(expertId: string) {
  return useQuery({ queryKey: [...expertSharingKey(expertId), 'clients'], queryFn: ({ signal }) => listExpertClients(expertId, signal) });
}

export type ShareAnswer = 'accept' | 'decline' | 'revoke';

/** Accept, decline or end a client's share; the whole result comes back so a refusal can be shown. */
export function useAnswerShare(expertId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (clientId: string, answer: ShareAnswer) => {
      const options = { schema: expertClientEnvelope };
      const result =
        answer === 'revoke'
          ? await httpClient.delete(organisationShareApiPaths.client(expertId, clientId), undefined, options)
          : await httpClient.post(answer === 'accept' ? organisationShareApiPaths.clientAccept(expertId, clientId) : organisationShareApiPaths.clientDecline(expertId, clientId), undefined, options);
      await queryClient.invalidateQueries({ queryKey: expertSharingKey(expertId) });
      return result;
    },
    [expertId, queryClient],
  );
}
