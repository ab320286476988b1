import { shopApiPaths } from '@app/contract/api-paths';
import { basketEnvelope, type UpdateCartItemRequest } from '@app/contract/basket';
import { httpClient } from '@/lib/http-client';
import { basketToasts } from '../lib/basket-toasts';
import { detailOf, pricedPath, sendChange, useBasketChange, type BasketOutcome, type BasketScope } from './basket-changes';
import type { BasketPricing } from './basket-query';

/** `PATCH /api/cart/items/{product_id}`: the new quantity (the server checks the product's minimum). */
export function patchCartItem(productId: string, body: UpdateCartItemRequest, pricing: BasketPricing) {
  return httpClient.patch(pricedPath(shopApiPaths.cartItem(productId), pricing), body, { schema: basketEnvelope });
}

/** Changes a line's quantity; the quantity field checks the minimum first (spec 5), the server again. */
export async function updateQuantity(scope: BasketScope, { productId, quantity }: { productId: string; quantity: number }): Promise<BasketOutcome> {
  const { outcome } = await sendChange(scope, (pricing) => patchCartItem(productId, { quantity }, pricing));
  if (!outcome.ok) basketToasts.failed('other', detailOf(outcome, 'quantity'));
  return outcome;
}

/** The quantity field: `mutateAsync({ productId, quantity })`. */
export function useUpdateQuantity() {
  return useBasketChange(updateQuantity);
}
