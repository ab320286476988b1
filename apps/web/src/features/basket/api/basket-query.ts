import { shopApiPaths } from '@app/contract/api-paths';
import { basketEnvelope, type Basket } from '@app/contract/basket';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { browserCountry } from '@/lib/countries';
import { httpClient, type QueryParams } from '@/lib/http-client';
import { isLoggedIn } from '@/lib/session-store';
import { useSession } from '@/lib/use-session';
import { useVatCountryChoice } from './vat-country-choice';

// The web's one basket (spec 4): `GET /api/cart` in TanStack Query, keyed by the user and by what
// it is priced for. The server holds the truth (kept per user, it survives logout); the changes
// of this folder write their answers into this cache, so the header, the basket page, the
// checkout and the offers read the same basket and never disagree.

/**
 * What the basket is priced for (issue 16): a country (null: the account's, as the server finds
 * it) and a business buyer's VAT number (null: a consumer; the checkout's reverse-charge preview).
 */
export interface BasketPricing {
  country: string | null;
  vatNumber: string | null;
}

/** A failed basket call: the server's message, its status and its field messages. */
export class BasketRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string[]> | null,
  ) {
    super(message);
  }
}

/** Every basket query starts with this (then the user, the country and the VAT number). */
export const basketRootKey = ['basket'] as const;

/**
 * The pricing query of every cart call, so that their answers agree: the country, the VAT number,
 * and the browser's region (the server uses it only for an account that names no country).
 */
export function pricingParams({ country, vatNumber }: BasketPricing): QueryParams {
  return { country, vat_number: vatNumber, region: browserCountry() || undefined };
}

/** spec 4: a basket without items is the empty basket, null. */
export function basketOrNull(basket: Basket | null | undefined): Basket | null {
  return basket && basket.items.length > 0 ? basket : null;
}

/** `GET /api/cart`: the basket re-priced from the catalogue for `pricing`; null when it is empty (204). */
export async function getBasket(pricing: BasketPricing, signal?: AbortSignal): Promise<Basket | null> {
  const result = await httpClient.get(shopApiPaths.cart, pricingParams(pricing), { schema: basketEnvelope, signal });
  if (result.error !== null) throw new BasketRequestError(result.error, result.status, result.errors);
  return basketOrNull(result.data?.data);
}

/** Keyed by the user: the cache outlives a logout, and another account may log in in this tab. */
export function basketQueryOptions(userId: string, pricing: BasketPricing) {
  return queryOptions({
    queryKey: [...basketRootKey, userId, pricing.country ?? '', pricing.vatNumber ?? ''],
    queryFn: ({ signal }) => getBasket(pricing, signal),
    // Priced again whenever a page that shows it opens (spec 2: at start and at login; the basket
    // page and the checkout): prices and minimums may have changed since.
    staleTime: 0,
    // The pages say what failed and offer to try again.
    retry: false,
  });
}

/**
 * The basket priced for `pricing`, or, without it, as the buyer sees it everywhere: for the
 * country they chose (vat-country-choice.ts), else the account's. Nothing is asked while nobody is
 * logged in. While another price loads (a new country), the same user's last answer stays shown.
 */
export function useBasket(pricing?: BasketPricing, { enabled = true }: { enabled?: boolean } = {}) {
  const session = useSession();
  const userId = isLoggedIn(session) ? (session.user?.id ?? null) : null;
  const chosenCountry = useVatCountryChoice(userId);
  return useQuery({
    ...basketQueryOptions(userId ?? '', pricing ?? { country: chosenCountry, vatNumber: null }),
    enabled: enabled && userId !== null,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === userId ? previous : undefined),
  });
}

/** Asks the server again for every basket in the cache (a paid order emptied it, a price changed). */
export function useRefreshBasket(): () => void {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: basketRootKey }), [client]);
}
