import type { BasketItem } from '@app/contract/basket';
import { basketToasts } from '../lib/basket-toasts';
import { currentBasket, detailOf, sendChange, useBasketChange, type BasketOutcome, type BasketScope } from './basket-changes';
import { deleteItem, postItem } from './cart-items';
import { applyCouponCode } from './apply-coupon';

/**
 * Removes a line (spec 4), with a toast whose Undo re-adds it. Removing a product that is not in
 * the basket does nothing (spec 5).
 */
export async function removeItem(scope: BasketScope, item: BasketItem): Promise<BasketOutcome> {
  const before = currentBasket(scope);
  if (!before?.items.some((line) => line.product_id === item.product_id)) return { ok: true, basket: before };
  const couponCode = before.coupon?.code ?? before.coupon_code;
  const outcome = await deleteItem(scope, item.product_id);
  if (!outcome.ok) {
    basketToasts.failed('other', detailOf(outcome));
    return outcome;
  }
  basketToasts.itemRemoved(item, () => void undoRemove(scope, item, couponCode));
  return outcome;
}

/** spec 4's Undo: the item comes back with its quantity, and its discount code if the removal dropped it. */
async function undoRemove(scope: BasketScope, item: BasketItem, couponCode: string | null): Promise<void> {
  if (currentBasket(scope)?.items.some((line) => line.product_id === item.product_id)) return;
  const { outcome } = await postItem(scope, item.product_id, item.quantity);
  if (!outcome.ok) {
    basketToasts.failed('other', detailOf(outcome));
    return;
  }
  // Removing the last item empties the basket, discount code included (204): bring it back too.
  // The item reappearing in the list is the answer to Undo.
  const codeWasDropped = outcome.basket !== null && outcome.basket.coupon === null && outcome.basket.coupon_code === null;
  if (couponCode === null || !codeWasDropped) return;
  const restored = await sendChange(scope, (pricing) => applyCouponCode(couponCode, pricing));
  if (!restored.outcome.ok) basketToasts.failed('applyCoupon', detailOf(restored.outcome, 'coupon_code'));
}

/** The remove button of a line: `mutateAsync(item)`. */
export function useRemoveItem() {
  return useBasketChange(removeItem);
}
