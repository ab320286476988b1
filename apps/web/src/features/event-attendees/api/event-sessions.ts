import { eventApiPaths } from '@app/contract/api-paths';
import { eventEmailInvitationResult, eventInvitationPreview, eventJoinResult, eventSessionEnvelope, eventSessionList } from '@app/contract/event-attendees';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';

const sessionsKey = (organisationId: string) => ['event-sessions', organisationId] as const;

/** `GET /api/organisations/{id}/event-sessions`: sessions with their link and counts, never who. */
export function useEventSessions(organisationId: string) {
  return useQuery({
    queryKey: sessionsKey(organisationId),
    queryFn: async ({ signal }) => dataOrThrow(await httpClient.get(eventApiPaths.sessions(organisationId), undefined, { schema: eventSessionList, signal }))?.data ?? [],
  });
}

/** Adds a session, rotates a link, e-mails a list; each answers with its whole result. */
export function useEventSessionActions(organisationId: string) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: sessionsKey(organisationId) }), [organisationId, queryClient]);
  const create = useCallback(
    async (name: string) => {
      const result = await httpClient.post(eventApiPaths.sessions(organisationId), { name }, { schema: eventSessionEnvelope });
      await refresh();
      return result;
    },
    [organisationId, refresh],
  );
  const rotate = useCallback(
    async (sessionId: string) => {
      const result = await httpClient.post(eventApiPaths.linkRotate(organisationId, sessionId), undefined, { schema: eventSessionEnvelope });
      await refresh();
      return result;
    },
    [organisationId, refresh],
  );
  const emailInvite = useCallback(
    async (sessionId: string, emails: string) => {
      const result = await httpClient.post(eventApiPaths.emailInvitations(organisationId, sessionId), { emails }, { schema: eventEmailInvitationResult });
      await refresh();
      return result;
    },
    [organisationId, refresh],
  );
  return { create, rotate, emailInvite };
}

/** `GET /api/event-invitations/{token}`: the event's and session's names. */
export function useEventInvitation(token: string) {
  return useQuery({
    queryKey: ['event-invitation', token],
    queryFn: async ({ signal }) => dataOrThrow(await httpClient.get(eventApiPaths.invitation(token), undefined, { schema: eventInvitationPreview, signal }))?.data ?? null,
    retry: false,
  });
}

export function joinEvent(token: string) {
  return httpClient.post(eventApiPaths.join(token), undefined, { schema: eventJoinResult });
}
