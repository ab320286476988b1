import type { CacheSources, ChangeSubscriber } from '../../../db/change-listener.ts';
import type { BasketCache } from './basket-cache.ts';

/**
 * The channel of the basket_change triggers (migrations basket_change_notifications,
 * bundle_owned_reduction, billing_details and coupon_basket_changes). Payloads:
 *  - a user's id: their basket, its items, their coupon uses, owned reports or country changed:
 *    evict them;
 *  - `coupon:` and a coupon's id: its terms or its count of uses changed: evict the baskets that
 *    hold it (a checkout that uses a coupon changes its count, which only those baskets read);
 *  - `*`: a product changed (or a table was truncated), which may move any basket's price: drop all.
 */
export const basketChangeChannel = 'basket_changes';

const couponPrefix = 'coupon:';

/** What GET /api/cart's read (basket-pricing.ts, load_basket_json) reads; the trigger tables. */
export const basketCacheSources: CacheSources = {
  channel: basketChangeChannel,
  watched: ['carts', 'cart_items', 'products', 'coupons', 'coupon_redemptions', 'granted_reports', 'billing_details', 'users'],
  unwatched: {},
};

/** Keeps the basket cache in step with the database. */
export function basketChangeSubscriber(cache: BasketCache): ChangeSubscriber {
  return {
    channel: basketChangeChannel,
    setLive: (live) => cache.setLive(live),
    onChange: (payload) => {
      if (payload === '*') cache.clear();
      else if (payload.startsWith(couponPrefix)) cache.evictCoupon(payload.slice(couponPrefix.length));
      else cache.evictUser(payload);
    },
  };
}
