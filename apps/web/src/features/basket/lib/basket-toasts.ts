import type { BasketItem, ReplacedItem } from '@app/contract/basket';
import { t } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import '../basket-texts';

// Spec section 8's basket toasts, said by the change that caused them (the basket page, or an
// offer on the dashboard) and by the header when the basket cannot be fetched.

/** The basket calls whose failure has a heading of its own. */
export type FailedBasketCall = 'fetch' | 'applyCoupon' | 'removeCoupon' | 'other';

export const basketToasts = {
  /** spec 8: item added, with a link to the basket. */
  itemAdded(item: BasketItem, openBasket: () => void): void {
    void toast.success(t('basket.toasts.itemAdded', { title: item.product_title }), {
      action: { label: t('basket.toasts.viewBasket'), onClick: openBasket },
    });
  },

  /** spec 8: item removed, with an Undo that re-adds it (spec 4). */
  itemRemoved(item: BasketItem, undo: () => void): void {
    void toast.success(t('basket.toasts.itemRemoved', { title: item.product_title }), { action: { label: t('basket.toasts.undo'), onClick: undo } });
  },

  /** Issue 16: the bundle took the place of its single reports; Undo swaps them back. */
  bundleReplaced(bundle: BasketItem, replaced: readonly ReplacedItem[], undo: () => void): void {
    const reports = replaced.map((item) => item.product_title).join(', ');
    void toast.success(t('basket.toasts.bundleReplaced', { bundle: bundle.product_title, reports, count: replaced.length }), {
      description: t('basket.toasts.bundleReplacedDescription'),
      action: { label: t('basket.toasts.undo'), onClick: undo },
    });
  },

  /** Issue 16: an info, like a product already in the basket, naming the bundle that holds it. */
  includedInBundle(bundleTitle: string): void {
    void toast.info(t('basket.toasts.includedInBundle'), { description: t('basket.toasts.includedInBundleDescription', { bundle: bundleTitle }) });
  },

  /** spec 5: an info, naming the product (when known). */
  itemAlreadyExists(title: string): void {
    void toast.info(t('serverErrors.itemAlreadyExists'), {
      description: title ? t('basket.toasts.itemAlreadyExistsTitle', { title }) : undefined,
    });
  },

  invalidItem(): void {
    void toast.error(t('serverErrors.invalidItem'));
  },

  cleared(): void {
    void toast.success(t('basket.toasts.cleared'));
  },

  couponApplied(code: string): void {
    void toast.success(t('basket.toasts.discountApplied', { code }));
  },

  couponRemoved(): void {
    void toast.success(t('basket.toasts.discountRemoved'));
  },

  /** spec 8: each call's error as an error toast; fetch and coupon failures under their own heading. */
  failed(call: FailedBasketCall, error: string): void {
    const heading =
      call === 'fetch'
        ? t('basket.toasts.failedToFetch')
        : call === 'applyCoupon'
          ? t('basket.toasts.failedToApplyDiscount')
          : call === 'removeCoupon'
            ? t('basket.toasts.failedToRemoveDiscount')
            : null;
    if (heading === null) void toast.error(error);
    else void toast.error(heading, { description: error === heading ? undefined : error });
  },
};
