import { basketRuleMessages, type BasketItem, type ReplacedItem } from '@app/contract/basket';
import { t } from '@/lib/i18n';
import { basketToasts } from '../lib/basket-toasts';
import { currentBasket, detailOf, refreshBasket, refusal, useBasketChange, type BasketOutcome, type BasketScope } from './basket-changes';
import { deleteItem, postItem } from './cart-items';

function findItem(items: readonly BasketItem[] | undefined, productId: string): BasketItem | undefined {
  return items?.find((item) => item.product_id === productId);
}

/** A bundle grants several reports and is no single report (contract: report_type null). */
function isBundle(item: BasketItem): boolean {
  return item.report_type === null && item.report_types.length > 1;
}

/**
 * Adds a product (spec 5) and says what happened: added (with "View basket"); a bundle that
 * replaced its single reports (with Undo, issue 16); already there, or inside the bundle there;
 * not for sale; or the server's own refusal (a report the user owns).
 */
export async function addItem(scope: BasketScope, productId: string): Promise<BasketOutcome> {
  const id = productId.trim();
  if (id === '') {
    basketToasts.invalidItem();
    return refusal('product_id', t('serverErrors.invalidItem'));
  }
  // spec 5: a product already in the basket is not added again, and the server is not asked.
  const existing = findItem(currentBasket(scope)?.items, id);
  if (existing) {
    basketToasts.itemAlreadyExists(existing.product_title);
    return refusal('product_id', t('serverErrors.itemAlreadyExists'));
  }
  const { outcome, replaced } = await postItem(scope, id);
  if (outcome.ok) {
    const item = findItem(outcome.basket?.items, id);
    if (item && replaced.length > 0) basketToasts.bundleReplaced(item, replaced, () => void undoReplace(scope, item, replaced));
    else if (item) basketToasts.itemAdded(item, scope.openBasket);
    return outcome;
  }
  if (outcome.status === 409) {
    // itemAlreadyExists: added meanwhile in another tab; or includedInBundle (issue 16): the
    // report's bundle is in the basket. Show the basket as it is now, and name the product or the bundle.
    const basket = await refreshBasket(scope);
    const there = findItem(basket?.items, id);
    const bundle = there ? undefined : basket?.items.find(isBundle);
    if (bundle) basketToasts.includedInBundle(bundle.product_title);
    else basketToasts.itemAlreadyExists(there?.product_title ?? '');
  } else if (outcome.errors?.product_id || outcome.errors?.sku) {
    const reason = outcome.errors.product_id?.[0];
    // invalidItem (contract: 422 on product_id): unknown, or not for sale.
    if (reason === undefined || reason === basketRuleMessages.invalidItem) basketToasts.invalidItem();
    // Another refusal of this product (a report the user already owns): in its own words.
    else basketToasts.failed('other', reason);
  } else {
    basketToasts.failed('other', detailOf(outcome, 'quantity'));
  }
  return outcome;
}

/** Issue 16: Undo of a bundle that replaced its single reports: the bundle leaves, the reports come back. */
async function undoReplace(scope: BasketScope, bundle: BasketItem, replaced: readonly ReplacedItem[]): Promise<void> {
  // The bundle leaves first: a single report is refused while its bundle is in the basket.
  if (findItem(currentBasket(scope)?.items, bundle.product_id)) {
    const removed = await deleteItem(scope, bundle.product_id);
    if (!removed.ok) {
      basketToasts.failed('other', detailOf(removed));
      return;
    }
  }
  for (const item of replaced) {
    if (findItem(currentBasket(scope)?.items, item.product_id)) continue;
    const { outcome } = await postItem(scope, item.product_id, item.quantity);
    if (!outcome.ok) {
      basketToasts.failed('other', detailOf(outcome));
      return;
    }
  }
  // The reports reappearing in the basket are the answer to Undo.
}

/** Adding from an offer: `mutateAsync(productId)`. */
export function useAddItem() {
  return useBasketChange(addItem);
}
