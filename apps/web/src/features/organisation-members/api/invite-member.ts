import { organisationApiPaths } from '@app/contract/api-paths';
import { invitationEnvelope, type InvitationInput } from '@app/contract/organisation-members';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { httpClient } from '@/lib/http-client';
import { organisationKey } from './organisation-keys';

/** `POST /api/organisations/{id}/invitations` `{ email, role }`: 201 with the invitation; 422 under the e-mail field. */
export function inviteMember(organisationId: string, input: InvitationInput) {
  return httpClient.post(organisationApiPaths.invitations(organisationId), input, { schema: invitationEnvelope });
}

/**
 * The invite form's submit: the whole result comes back (its 422 field errors go under the
 * fields), and a sent invitation refreshes the list.
 */
export function useInviteMember(organisationId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (input: InvitationInput) => {
      const result = await inviteMember(organisationId, input);
      if (result.data !== null) await queryClient.invalidateQueries({ queryKey: organisationKey(organisationId) });
      return result;
    },
    [organisationId, queryClient],
  );
}
