import { shopApiPaths } from '@app/contract/api-paths';
import { basketEnvelope } from '@app/contract/basket';
import { httpClient } from '@/lib/http-client';
import { basketToasts } from '../lib/basket-toasts';
import { detailOf, pricedPath, sendChange, useBasketChange, type BasketOutcome, type BasketScope } from './basket-changes';
import type { BasketPricing } from './basket-query';

/** `POST /api/cart/coupon` (case-insensitive); a 422 on `coupon_code` says why a code does not apply. */
export function applyCouponCode(code: string, pricing: BasketPricing) {
  return httpClient.post(pricedPath(shopApiPaths.cartCoupon, pricing), { coupon_code: code }, { schema: basketEnvelope });
}

/**
 * Applies a discount code (spec 4 and 5), checked by the form with the contract's
 * `applyCouponRequest` first (an empty code is never sent); a refusal is said under the field and
 * in a 'Failed to apply coupon' toast.
 */
export async function applyCoupon(scope: BasketScope, code: string): Promise<BasketOutcome> {
  const { outcome } = await sendChange(scope, (pricing) => applyCouponCode(code, pricing));
  if (!outcome.ok) basketToasts.failed('applyCoupon', detailOf(outcome, 'coupon_code'));
  else basketToasts.couponApplied(outcome.basket?.coupon?.code ?? code);
  return outcome;
}

/** The coupon form's Apply: `mutateAsync(code)`. */
export function useApplyCoupon() {
  return useBasketChange(applyCoupon);
}
