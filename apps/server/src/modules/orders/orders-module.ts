import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { sweepOrders, sweepQueue } from './fulfilment/order-sweeper.ts';
import { receiveProviderEvent } from './fulfilment/payment-events.ts';
import { orderRoutes } from './routes.ts';
import { stripeWebhookRoutes } from './fulfilment/stripe-webhook-routes.ts';

export interface OrdersModuleOptions {
  config: Config;
}

/**
 * Orders and checkout (issue 5): the routes, the Stripe webhook, the test provider's events, and
 * the sweeper of stale orders (every minute, once across all instances).
 */
const ordersModulePlugin: FastifyPluginAsync<OrdersModuleOptions> = async (app, { config }) => {
  const deps = () => ({ db: app.db, clock: app.clock, provider: app.paymentProvider, log: app.log.child({ component: 'orders' }), mail: app.mail, otherPaymentHandlers: app.paymentEventHandlers });

  app.paymentProvider.onEvent(async (event) => {
    await receiveProviderEvent(deps(), event);
  });

  app.jobs.define(sweepQueue, { retryLimit: 0, expireInSeconds: 5 * 60, pollingIntervalSeconds: 30 }, async () => {
    const result = await sweepOrders(deps(), config.payments.orderPaymentTimeoutMinutes);
    if (result.expired + result.paid + result.retriedEvents > 0) app.log.info({ sweep: result }, 'order sweep');
  });
  app.jobs.schedule(sweepQueue, '* * * * *');

  await app.register(orderRoutes, { config });
  await app.register(stripeWebhookRoutes);
};

export const ordersModule = fp(ordersModulePlugin, { name: 'orders', dependencies: ['payments', 'jobs', 'db', 'mail'], encapsulate: true });
