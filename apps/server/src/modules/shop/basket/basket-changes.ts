import type { ChangeSubscriber } from '../../../db/change-listener.ts';
import type { BasketCache } from './basket-cache.ts';

/**
 * The channel of the basket_change triggers (migration basket_change_notifications). Payloads:
 *  - a user's id: their basket, its items or their coupon uses changed: evict them;
 *  - `*`: a product or coupon changed, which may move any basket's price: drop all.
 */
export const basketChangeChannel = 'basket_changes';

/** Keeps the basket cache in step with the database. */
export function basketChangeSubscriber(cache: BasketCache): ChangeSubscriber {
  return {
    channel: basketChangeChannel,
    setLive: (live) => cache.setLive(live),
    onChange: (payload) => {
      if (payload === '*') cache.clear();
      else cache.evictUser(payload);
    },
  };
}
