import fp from 'fastify-plugin';
import type { PaymentsConfig } from '../../config.ts';
import { defineCustomerDeletionJobs } from './customers/customer-deletion.ts';
import type { PaymentProvider, SubscriptionEventRef } from './providers/payment-provider.ts';
import { StripePaymentProvider } from './providers/stripe-provider.ts';
import { TestPaymentProvider } from './providers/test-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured payment provider (DESIGN section 5): Stripe, or the offline test provider. */
    paymentProvider: PaymentProvider;
    /**
     * Handlers of provider events about payments that are not orders' (an organisation's
     * subscription period): the orders module's event handling asks each in turn.
     */
    paymentEventHandlers: PaymentEventHandler[];
  }
}

/**
 * Handles a provider event if it is about one of the caller's payments or subscriptions (true),
 * else leaves it (false): a payment that names no order, or a subscription or invoice event.
 */
export type PaymentEventHandler = (event: { type: string; paymentId: string | null; subscription: SubscriptionEventRef | null }) => Promise<boolean>;

export interface PaymentsPluginOptions {
  config: PaymentsConfig;
  production: boolean;
}

/** Chooses the provider once, from configuration, and runs its background jobs. */
export const paymentsPlugin = fp<PaymentsPluginOptions>(
  async (app, { config, production }) => {
    if (production && config.provider === 'test' && !config.providerChosen) {
      // The test provider takes made-up card numbers: reports would be given away for nothing.
      app.log.warn('payments use the offline TEST provider (no STRIPE_SECRET_KEY): only test cards are accepted and nobody is charged; set the Stripe keys, or PAYMENT_PROVIDER=test to silence this');
    }
    const provider: PaymentProvider = config.stripe
      ? new StripePaymentProvider(config.stripe)
      : new TestPaymentProvider({ db: app.db, logger: app.log.child({ component: 'test-payments' }) });
    app.decorate('paymentProvider', provider);
    app.decorate('paymentEventHandlers', []);
    defineCustomerDeletionJobs({
      db: app.db,
      jobs: app.jobs,
      provider,
      retryDelaySeconds: config.customerDeletionRetryDelaySeconds,
      logger: app.log.child({ component: 'payment-customer-deletion' }),
    });
  },
  { name: 'payments', dependencies: ['db', 'jobs'] },
);
