import { clientPeopleList, clientPersonEnvelope, organisationShareApiPaths as paths, type ClientPersonRequest, type ClientPersonUpdate } from '@app/contract/organisation-shares';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { expertSharingKey } from './sharing-keys';

const options = { schema: clientPersonEnvelope };

const peopleKey = (expertId: string, clientId: string) => [...expertSharingKey(expertId), 'people', clientId] as const;

/** `GET /api/organisations/{expertId}/clients/{clientId}/people`: the client's employees and contractors; within maintain_people. */
export async function getClientPeople(expertId: string, clientId: string, signal?: AbortSignal) {
  const envelope = dataOrThrow(await httpClient.get(paths.clientPeople(expertId, clientId), undefined, { schema: clientPeopleList, signal }));
  if (envelope === null) throw new Error('The people list answered with no body');
  return envelope.data;
}

export function useClientPeople(expertId: string, clientId: string) {
  return useQuery({ queryKey: peopleKey(expertId, clientId), queryFn: ({ signal }) => getClientPeople(expertId, clientId, signal), retry: false });
}

/** The people's changes (add, edit, remove, invite, withdraw the invitation); each refreshes the list and returns the whole result. */
export function useClientPeopleChanges(expertId: string, clientId: string) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: expertSharingKey(expertId) }), [expertId, queryClient]);
  return {
    add: useCallback(
      async (input: ClientPersonRequest) => {
        const result = await httpClient.post(paths.clientPeople(expertId, clientId), input, options);
        if (result.data !== null) await refresh();
        return result;
      },
      [expertId, clientId, refresh],
    ),
    update: useCallback(
      async (personId: string, input: ClientPersonUpdate) => {
        const result = await httpClient.patch(paths.clientPerson(expertId, clientId, personId), input, options);
        if (result.data !== null) await refresh();
        return result;
      },
      [expertId, clientId, refresh],
    ),
    remove: useCallback(
      async (personId: string) => {
        const result = await httpClient.delete(paths.clientPerson(expertId, clientId, personId));
        await refresh();
        return result;
      },
      [expertId, clientId, refresh],
    ),
    invite: useCallback(
      async (personId: string) => {
        const result = await httpClient.post(paths.clientPersonInvitation(expertId, clientId, personId), undefined, options);
        await refresh();
        return result;
      },
      [expertId, clientId, refresh],
    ),
    withdrawInvitation: useCallback(
      async (personId: string) => {
        const result = await httpClient.delete(paths.clientPersonInvitation(expertId, clientId, personId), undefined, options);
        await refresh();
        return result;
      },
      [expertId, clientId, refresh],
    ),
  };
}
