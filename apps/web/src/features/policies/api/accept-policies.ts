import { account } from '@app/contract/account';
import { accountApiPaths } from '@app/contract/api-paths';
import { useMutation } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { sessionStore } from '@/lib/session-store';

/** POST /api/policies/accept: records the 'I Agree' for the versions in force; answers the account. */
export function acceptPolicies() {
  return httpClient.post(accountApiPaths.acceptPolicies, undefined, { schema: account });
}

/** The 'I Agree' mutation: the session's user takes the answer, which closes the prompt. */
export function useAcceptPolicies() {
  return useMutation({
    mutationFn: async () => {
      const result = await acceptPolicies();
      if (result.data === null) throw new Error(result.error ?? '');
      return result.data;
    },
    onSuccess: (updated) => sessionStore.setUser(updated),
  });
}
