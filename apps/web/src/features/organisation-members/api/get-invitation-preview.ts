import { organisationApiPaths } from '@app/contract/api-paths';
import { invitationPreviewEnvelope } from '@app/contract/organisation-members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';

/**
 * `GET /api/invitations/{token}`: what the link offers, for the invited account with a verified
 * address. Refusals: 403 (another account, or not verified yet), 410 (expired, withdrawn, used),
 * 404 (no such link), each with its message.
 */
export async function getInvitationPreview(token: string, signal?: AbortSignal) {
  const envelope = dataOrThrow(await httpClient.get(organisationApiPaths.invitationByToken(token), undefined, { schema: invitationPreviewEnvelope, signal }));
  if (envelope === null) throw new Error('The invitation answered with no body');
  return envelope.data;
}

/** Keyed by the user too: logging in as the invited address asks again. */
export function invitationPreviewQueryOptions(token: string, userId: string) {
  return queryOptions({
    queryKey: ['invitations', token, userId],
    queryFn: ({ signal }) => getInvitationPreview(token, signal),
    // Each refusal is an answer, not a hiccup.
    retry: false,
    staleTime: 0,
  });
}

export function useInvitationPreview(token: string, userId: string) {
  return useQuery(invitationPreviewQueryOptions(token, userId));
}
