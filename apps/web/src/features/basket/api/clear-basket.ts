import { shopApiPaths } from '@app/contract/api-paths';
import { basketEnvelope } from '@app/contract/basket';
import { httpClient } from '@/lib/http-client';
import { basketToasts } from '../lib/basket-toasts';
import { detailOf, sendChange, useBasketChange, type BasketOutcome, type BasketScope } from './basket-changes';

/** `DELETE /api/cart`: empties the basket on the server, items and discount code. */
export function deleteCart() {
  return httpClient.delete(shopApiPaths.cart, undefined, { schema: basketEnvelope });
}

/** 'Clear basket' (after the page's confirmation; unlike removing one item, there is no Undo). */
export async function clearBasket(scope: BasketScope): Promise<BasketOutcome> {
  const { outcome } = await sendChange(scope, deleteCart);
  if (!outcome.ok) {
    basketToasts.failed('other', detailOf(outcome));
    return outcome;
  }
  basketToasts.cleared();
  // The answer is 204; an answer with a basket without items is the empty basket as well.
  return { ok: true, basket: null };
}

export function useClearBasket() {
  return useBasketChange((scope: BasketScope, _input: void) => clearBasket(scope));
}
