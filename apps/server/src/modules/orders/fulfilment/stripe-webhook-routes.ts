import { shopApiPaths } from '@app/contract/api-paths';
import { stripeWebhookAnswer } from '@app/contract/checkout';
import { badRequestBody, errorBody } from '@app/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../../lib/domain-errors.ts';
import { receiveProviderEvent } from './payment-events.ts';

/**
 * `POST /api/webhooks/stripe`: public (Stripe has no session), no CSRF (Stripe signs instead), and
 * the body kept as the exact bytes received, which the signature covers. A missing or bad signature
 * is 400 and nothing is stored; while Stripe is not the provider the route answers 404. Every
 * verified event is answered 2xx, duplicates included, even when its handling failed (it is stored
 * and retried by the sweeper), so Stripe does not keep resending.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // This plugin's own context: JSON stays a string here, for the signature check.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    shopApiPaths.stripeWebhook,
    {
      config: { public: true, csrf: false },
      // Before the body is looked at: with the test provider nothing is here, whatever is sent.
      preValidation: async () => {
        if (app.paymentProvider.name !== 'stripe') throw new NotFoundError();
      },
      schema: {
        tags: ['checkout'],
        summary: 'Stripe webhook (signed with STRIPE_WEBHOOK_SECRET): payment_intent.succeeded / payment_failed for orders and subscription payments; customer.subscription.created / updated / deleted and invoice.paid / payment_failed for Stripe Billing subscriptions (each read back from Stripe); 404 while the test provider is in use',
        body: z.string(),
        response: { 200: stripeWebhookAnswer, 400: badRequestBody, 404: errorBody },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const event = app.paymentProvider.parseWebhook(request.body, typeof signature === 'string' ? signature : undefined);
      const fresh = await receiveProviderEvent({ db: app.db, clock: app.clock, provider: app.paymentProvider, log: request.log, mail: app.mail, otherPaymentHandlers: app.paymentEventHandlers }, event);
      return { received: true as const, duplicate: !fresh };
    },
  );
};
