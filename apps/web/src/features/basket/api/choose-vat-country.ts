import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isLoggedIn } from '@/lib/session-store';
import { useSession } from '@/lib/use-session';
import { basketQueryOptions } from './basket-query';
import { vatCountryChoice } from './vat-country-choice';

/**
 * Issue 16: prices the basket for `country` from now on, everywhere (every cart call sends it),
 * and resolves once the basket priced so has been fetched. A failure shows through the basket's
 * query like any other fetch.
 */
export function useChooseVatCountry(): (country: string) => Promise<void> {
  const client = useQueryClient();
  const session = useSession();
  const userId = isLoggedIn(session) ? (session.user?.id ?? null) : null;
  return useCallback(
    async (country: string) => {
      if (userId === null) return;
      vatCountryChoice.choose(userId, country);
      await client.fetchQuery(basketQueryOptions(userId, { country, vatNumber: null })).catch(() => undefined);
    },
    [client, userId],
  );
}
