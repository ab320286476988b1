import fp from 'fastify-plugin';
import type { InvoiceOptions } from '../orders/public.ts';
import type { BillingDeps } from './activation-service.ts';
import { defineRenewalJob } from './renewal-service.ts';
import { handleProviderSubscriptionEvent } from './provider-subscriptions.ts';
import { handleSubscriptionPaymentEvent } from './subscription-payment-events.ts';
import { billingRoutes } from './routes.ts';
import { defineProviderSubscriptionCancellationJob } from './subscription-closing.ts';

export interface BillingModuleOptions {
  /** The seller's country (config DEFAULT_VAT_COUNTRY). */
  sellerCountry: string;
  /** Who sells, as the invoices print it (config payments.seller). */
  invoiceOptions: InvoiceOptions;
}

/** Organisations' subscriptions (issue 12): the activation and subscription routes, and the renewal job. */
export const billingModule = fp<BillingModuleOptions>(
  async (app, { sellerCountry, invoiceOptions }) => {
    const deps = (): BillingDeps => ({ db: app.db, clock: app.clock, provider: app.paymentProvider, mail: app.mail, log: app.log.child({ component: 'billing' }), sellerCountry });
    defineRenewalJob(app.jobs, deps);
    defineProviderSubscriptionCancellationJob(app.jobs, deps);
    app.paymentEventHandlers.push(async (event) => {
      if (event.subscription) return handleProviderSubscriptionEvent(deps(), event.subscription);
      return event.paymentId ? handleSubscriptionPaymentEvent(deps(), event.paymentId) : false;
    });
    await app.register(billingRoutes, { deps, invoiceOptions });
  },
  { name: 'billing', dependencies: ['db', 'jobs', 'mail', 'payments'] },
);
