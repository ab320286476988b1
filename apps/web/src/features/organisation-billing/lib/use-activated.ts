import { useCallback } from 'react';
import { activationMessages, type ActivationResponse } from '@app/contract/organisation-billing';
import type { Organisation } from '@app/contract/organisations';
import { useQueryClient } from '@tanstack/react-query';
import { activeProfileStore } from '@/lib/active-profile';
import { organisationsRootKey } from '@/lib/organisation-list';
import { paymentMethodsQueryOptions } from '@/lib/payment-methods';
import { toast } from '@/lib/toast';
import { useNavigateTo } from '@/lib/use-navigate-to';
import { useSession } from '@/lib/use-session';
import { subscriptionKey } from '../api/billing-keys';

/**
 * After a successful activation: says so (the contract's wording), refreshes what the app knows of
 * the organisation, makes it the profile in use (the owner just made it: the sidebar offers its
 * Members and Billing) and opens its Billing page.
 */
export function useActivated(organisation: Organisation) {
  const queryClient = useQueryClient();
  const navigateTo = useNavigateTo();
  const { user } = useSession();
  return useCallback(
    async (response: ActivationResponse) => {
      queryClient.setQueryData(subscriptionKey(organisation.id), response);
      void queryClient.invalidateQueries({ queryKey: organisationsRootKey });
      void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
      void toast.success(organisation.plan === 'contract' ? activationMessages.contractActivated : activationMessages.activated);
      if (user) activeProfileStore.choose(user.id, { kind: 'organisation', organisationId: organisation.id });
      await navigateTo('billing.edit', { query: { organisation: organisation.id }, replace: true });
    },
    [navigateTo, organisation.id, organisation.plan, queryClient, user],
  );
}
