import { shopApiPaths } from '@app/contract/api-paths';
import { addCartItemEnvelope, basketEnvelope, type AddCartItemRequest, type ReplacedItem } from '@app/contract/basket';
import { httpClient } from '@/lib/http-client';
import { pricedPath, sendChange, type BasketOutcome, type BasketScope } from './basket-changes';
import type { BasketPricing } from './basket-query';

// The two calls on basket lines that adding, removing and their Undo share.

/** `POST /api/cart/items`; without a quantity the server takes the product's minimum. */
export function postCartItem(body: AddCartItemRequest, pricing: BasketPricing) {
  return httpClient.post(pricedPath(shopApiPaths.cartItems, pricing), body, { schema: addCartItemEnvelope });
}

/** `DELETE /api/cart/items/{product_id}`; 204 when the basket became empty; an absent product changes nothing. */
export function deleteCartItem(productId: string, pricing: BasketPricing) {
  return httpClient.delete(pricedPath(shopApiPaths.cartItem(productId), pricing), undefined, { schema: basketEnvelope });
}

/** Puts a product in the basket; `replaced`: the single reports an added bundle took out (issue 16). */
export async function postItem(scope: BasketScope, productId: string, quantity?: number): Promise<{ outcome: BasketOutcome; replaced: ReplacedItem[] }> {
  const body: AddCartItemRequest = quantity === undefined ? { product_id: productId } : { product_id: productId, quantity };
  const { outcome, data } = await sendChange(scope, (pricing) => postCartItem(body, pricing));
  return { outcome, replaced: data?.replaced ?? [] };
}

/** Takes a product out of the basket. */
export async function deleteItem(scope: BasketScope, productId: string): Promise<BasketOutcome> {
  const { outcome } = await sendChange(scope, (pricing) => deleteCartItem(productId, pricing));
  return outcome;
}
