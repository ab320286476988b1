import fp from 'fastify-plugin';
import { basketChangeSubscriber } from './basket-changes.ts';
import type { BasketCache } from './basket-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** GET /api/cart's answers held in memory (basket-cache.ts). */
    basketCache: BasketCache;
  }
}

export interface BasketCachePluginOptions {
  cache: BasketCache;
}

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Makes the basket cache reachable by the cart routes and has it follow the database's basket
 * changes. Its hook runs on every route of the app, not only the cart's: a checkout, an order's
 * confirmation or an account deletion change the caller's basket too, and the caller's next
 * request must see that even before the notification arrives. So every request of a signed-in
 * user other than GET, HEAD and OPTIONS forgets that user's baskets before its answer leaves (a
 * request that changed nothing costs one database read of the next GET /api/cart).
 */
export const basketCachePlugin = fp<BasketCachePluginOptions>(
  async (app, { cache }) => {
    app.decorate('basketCache', cache);
    if (!cache.enabled) return;
    app.changeNotifications.subscribe(basketChangeSubscriber(cache));
    app.addHook('onSend', async (request) => {
      if (request.auth && !readOnlyMethods.has(request.method)) cache.evictUser(request.auth.userId);
    });
  },
  { name: 'basket-cache', dependencies: ['auth', 'change-notifications'] },
);
