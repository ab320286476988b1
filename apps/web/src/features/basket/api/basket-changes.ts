import type { Basket, BasketEnvelope } from '@app/contract/basket';
import { hashKey, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RequestResult } from '@/lib/http-client';
import { t } from '@/lib/i18n';
import { isLoggedIn } from '@/lib/session-store';
import { useNavigateTo } from '@/lib/use-navigate-to';
import { useSession } from '@/lib/use-session';
import { basketOrNull, basketQueryOptions, basketRootKey, pricingParams, type BasketPricing } from './basket-query';
import { vatCountryChoice } from './vat-country-choice';

// What every change of the basket shares (the cart calls of spec section 7): each is priced like
// the basket the buyer sees, and its answer (`{ data: basket }`, or 204 when the basket became
// empty) replaces that basket in the cache. The changes are plain functions of a scope, so that a
// toast's Undo can run one after the component that caused it has gone; the hooks wrap them in
// TanStack Query mutations for the components.

/** Whose basket a change is for, and how to open the basket page (the toasts' "View basket"). */
export interface BasketScope {
  client: QueryClient;
  userId: string;
  openBasket(): void;
}

/** How a change ended: the basket now (null: empty), or the server's (or our) refusal. */
export type BasketOutcome =
  | { ok: true; basket: Basket | null }
  | { ok: false; error: string; errors: Record<string, string[]> | null; status: number };

/** The pricing of the basket the buyer sees: the country they chose, else the account's. */
export function currentPricing(scope: BasketScope): BasketPricing {
  return { country: vatCountryChoice.of(scope.userId), vatNumber: null };
}

/** The basket the buyer sees now, from the cache (null when empty or not loaded yet). */
export function currentBasket(scope: BasketScope): Basket | null {
  return scope.client.getQueryData(basketQueryOptions(scope.userId, currentPricing(scope)).queryKey) ?? null;
}

/** `path?country=..&region=..`: the pricing query every change sends with its body. */
export function pricedPath(path: string, pricing: BasketPricing): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(pricingParams(pricing))) if (typeof value === 'string') search.set(key, value);
  const query = search.toString();
  return query === '' ? path : `${path}?${query}`;
}

/** A refusal made here, before any request (spec 5's rules the web checks itself). */
export function refusal(field: string, message: string): BasketOutcome & { ok: false } {
  return { ok: false, error: message, errors: { [field]: [message] }, status: 422 };
}

/** The most precise text of a failure: the field's first message, else any field's, else the call's. */
export function detailOf(outcome: { error: string; errors: Record<string, string[]> | null }, field?: string): string {
  if (field !== undefined) {
    const message = outcome.errors?.[field]?.[0];
    if (message) return message;
  }
  for (const messages of Object.values(outcome.errors ?? {})) {
    if (messages[0]) return messages[0];
  }
  return outcome.error;
}

/** Replaces the basket priced for `pricing` with a change's answer. */
async function writeBasket(scope: BasketScope, pricing: BasketPricing, basket: Basket | null): Promise<void> {
  const { queryKey } = basketQueryOptions(scope.userId, pricing);
  // A fetch that started before the change saw the basket before it: its answer must not undo it.
  await scope.client.cancelQueries({ queryKey, exact: true });
  scope.client.setQueryData(queryKey, basketOrNull(basket));
  // The basket's other prices (another country, the checkout's VAT number) are out of date now.
  const written = hashKey(queryKey);
  void scope.client.invalidateQueries({ queryKey: [...basketRootKey, scope.userId], predicate: (query) => query.queryHash !== written });
}

/**
 * Sends one change, priced like the basket shown, and writes its answer into the cache. `data` is
 * the whole answer (an added item's answer says what it replaced).
 */
export async function sendChange<T extends BasketEnvelope>(
  scope: BasketScope,
  request: (pricing: BasketPricing) => Promise<RequestResult<T>>,
): Promise<{ outcome: BasketOutcome; data: T | null }> {
  const pricing = currentPricing(scope);
  const result = await request(pricing);
  if (result.error !== null) {
    return { outcome: { ok: false, error: result.error || t('global.genericError'), errors: result.errors, status: result.status }, data: null };
  }
  const basket = basketOrNull(result.data?.data);
  await writeBasket(scope, pricing, basket);
  return { outcome: { ok: true, basket }, data: result.data };
}

/**
 * Asks the server for the basket the buyer sees (a 409 says it changed elsewhere). A failure shows
 * through the basket's query (the header says so); the basket known before is answered then.
 */
export async function refreshBasket(scope: BasketScope): Promise<Basket | null> {
  try {
    return await scope.client.fetchQuery(basketQueryOptions(scope.userId, currentPricing(scope)));
  } catch {
    return currentBasket(scope);
  }
}

/** The signed-in user's basket scope, or null while nobody is logged in. */
export function useBasketScope(): BasketScope | null {
  const client = useQueryClient();
  const session = useSession();
  const navigateTo = useNavigateTo();
  const userId = isLoggedIn(session) ? (session.user?.id ?? null) : null;
  return useMemo(() => (userId === null ? null : { client, userId, openBasket: () => void navigateTo('checkout.basket') }), [client, userId, navigateTo]);
}

/** A change as a TanStack Query mutation: `isPending` while it runs, `mutateAsync` answers its outcome. */
export function useBasketChange<TInput>(change: (scope: BasketScope, input: TInput) => Promise<BasketOutcome>) {
  const scope = useBasketScope();
  return useMutation({
    // Logged out meanwhile: the basket here is empty, and nothing is said.
    mutationFn: (input: TInput): Promise<BasketOutcome> => (scope === null ? Promise.resolve({ ok: true, basket: null }) : change(scope, input)),
  });
}
