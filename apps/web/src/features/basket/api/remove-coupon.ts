import { shopApiPaths } from '@app/contract/api-paths';
import { basketEnvelope } from '@app/contract/basket';
import { httpClient } from '@/lib/http-client';
import { basketToasts } from '../lib/basket-toasts';
import { currentBasket, detailOf, pricedPath, sendChange, useBasketChange, type BasketOutcome, type BasketScope } from './basket-changes';
import type { BasketPricing } from './basket-query';

/** `DELETE /api/cart/coupon`. */
export function deleteCouponCode(pricing: BasketPricing) {
  return httpClient.delete(pricedPath(shopApiPaths.cartCoupon, pricing), undefined, { schema: basketEnvelope });
}

/** Removes the discount code; without one applied it does nothing (spec 5). */
export async function removeCoupon(scope: BasketScope): Promise<BasketOutcome> {
  const basket = currentBasket(scope);
  if (!basket?.coupon && !basket?.coupon_code) return { ok: true, basket };
  const { outcome } = await sendChange(scope, deleteCouponCode);
  if (!outcome.ok) basketToasts.failed('removeCoupon', detailOf(outcome));
  else basketToasts.couponRemoved();
  return outcome;
}

/** The applied code's Remove: `mutateAsync()`. */
export function useRemoveCoupon() {
  return useBasketChange((scope: BasketScope, _input: void) => removeCoupon(scope));
}
