import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { basketStore, type BasketEvent, type BasketStore } from './basket-store.ts';
import { toast } from './toast.ts';
import { useNavigateTo } from './use-navigate-to.ts';
import './basket-texts.ts';

type NavigateToBasket = () => void;

/** Spec section 8's basket toasts for one store event. */
export function showBasketToast(
  event: BasketEvent,
  t: TFunction,
  navigateToBasket: NavigateToBasket,
  store: BasketStore = basketStore,
): void {
  switch (event.type) {
    case 'itemAdded':
      // spec 8: item added, with a link to the basket.
      void toast.success(t('basket.toasts.itemAdded', { title: event.item.product_title }), {
        action: { label: t('basket.toasts.viewBasket'), onClick: navigateToBasket },
      });
      return;
    case 'itemRemoved':
      // spec 8: item removed, with an Undo that re-adds it (spec 4).
      void toast.success(t('basket.toasts.itemRemoved', { title: event.item.product_title }), {
        action: { label: t('basket.toasts.undo'), onClick: () => void store.undoRemove() },
      });
      return;
    case 'itemRestored':
    case 'replacementUndone':
      // The items reappearing in the list are the answer to Undo.
      return;
    case 'bundleReplaced': {
      // Issue 16: the bundle took the place of its single reports; Undo swaps them back.
      const reports = event.replaced.map((item) => item.product_title).join(', ');
      void toast.success(t('basket.toasts.bundleReplaced', { bundle: event.bundle.product_title, reports, count: event.replaced.length }), {
        description: t('basket.toasts.bundleReplacedDescription'),
        action: { label: t('basket.toasts.undo'), onClick: () => void store.undoReplace() },
      });
      return;
    }
    case 'includedInBundle':
      // Issue 16: an info, like a product already in the basket, naming the bundle that holds it.
      void toast.info(t('basket.toasts.includedInBundle'), { description: t('basket.toasts.includedInBundleDescription', { bundle: event.bundleTitle }) });
      return;
    case 'cleared':
      void toast.success(t('basket.toasts.cleared'));
      return;
    case 'couponApplied':
      void toast.success(t('basket.toasts.discountApplied', { code: event.code }));
      return;
    case 'couponRemoved':
      void toast.success(t('basket.toasts.discountRemoved'));
      return;
    case 'itemAlreadyExists':
      // spec 5: an info, naming the product.
      void toast.info(t('basket.toasts.itemAlreadyExists'), {
        description: event.title ? t('basket.toasts.itemAlreadyExistsTitle', { title: event.title }) : undefined,
      });
      return;
    case 'invalidItem':
      void toast.error(t('basket.toasts.invalidItem'));
      return;
    case 'failed':
      showFailure(event, t);
      return;
  }
}

/** spec 8: each call's error as an error toast; fetch and coupon failures under their own heading. */
function showFailure(event: Extract<BasketEvent, { type: 'failed' }>, t: TFunction): void {
  const heading =
    event.action === 'fetch'
      ? t('basket.toasts.failedToFetch')
      : event.action === 'applyCoupon'
        ? t('basket.toasts.failedToApplyDiscount')
        : event.action === 'removeCoupon'
          ? t('basket.toasts.failedToRemoveDiscount')
          : null;
  if (heading === null) void toast.error(event.error);
  else void toast.error(heading, { description: event.error === heading ? undefined : event.error });
}

/**
 * Shows the basket's toasts while mounted (the app shell mounts it), wherever the change came
 * from: the basket page, or a product offer that calls `basketStore.addItem`.
 */
export function useBasketNotifications(store: BasketStore = basketStore): void {
  const { t } = useTranslation();
  const navigateTo = useNavigateTo();
  useEffect(
    () => store.subscribeEvents((event) => showBasketToast(event, t, () => void navigateTo('checkout.basket'), store)),
    [store, t, navigateTo],
  );
}
