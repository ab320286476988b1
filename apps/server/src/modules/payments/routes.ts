import { shopApiPaths } from '@app/contract/api-paths';
import { paymentConfig } from '@app/contract/checkout';
import { badRequestBody, errorBody, validationErrorBody } from '@app/contract/errors';
import { pageQuery } from '@app/contract/orders';
import { addPaymentMethodRequest, paymentMethodEnvelope, paymentMethodList, paymentMethodParams, paymentSetupResponse } from '@app/contract/payment-methods';
import { transactionList } from '@app/contract/transactions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.ts';
import { routePath } from '../../lib/route-path.ts';
import { addPaymentMethod, listPaymentMethods, preparePaymentSetup, removePaymentMethod, setDefaultPaymentMethod } from './methods/payment-methods-service.ts';
import { listTransactions } from './transactions/transactions-service.ts';

/** Payment configuration, saved payment methods and the transactions list (issue 5). */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    shopApiPaths.paymentConfig,
    { schema: { tags: ['payments'], summary: 'Which provider takes cards, and Stripe.js’s publishable key', response: { 200: paymentConfig } } },
    async () => ({ provider: app.paymentProvider.name, publishable_key: app.paymentProvider.publishableKey, test_mode: app.paymentProvider.testMode }),
  );

  app.get(
    shopApiPaths.paymentMethods,
    { schema: { tags: ['payments'], summary: 'The caller’s saved payment methods, the default first', response: { 200: paymentMethodList } } },
    async (request) => ({ data: await listPaymentMethods(app.db, app.paymentProvider, requireAuth(request).userId) }),
  );

  app.post(
    shopApiPaths.paymentSetup,
    {
      schema: {
        tags: ['payments'],
        summary: 'Prepares the card form for saving a card (Stripe: a SetupIntent’s client secret)',
        response: { 200: paymentSetupResponse, 502: errorBody },
      },
    },
    async (request) => preparePaymentSetup(app.db, app.paymentProvider, requireAuth(request).userId),
  );

  app.post(
    shopApiPaths.paymentMethods,
    {
      schema: {
        tags: ['payments'],
        summary: 'Saves a card (test provider: the card; Stripe: the confirmed SetupIntent)',
        body: addPaymentMethodRequest,
        response: { 201: paymentMethodEnvelope, 400: badRequestBody, 422: validationErrorBody, 502: errorBody },
      },
    },
    async (request, reply) => {
      const method = await addPaymentMethod(app.db, app.clock, app.paymentProvider, requireAuth(request).userId, request.body);
      return reply.code(201).send({ data: method });
    },
  );

  app.put(
    routePath(shopApiPaths.paymentMethodDefault, 'paymentMethodId'),
    {
      schema: { tags: ['payments'], summary: 'Makes a saved method the default', params: paymentMethodParams, response: { 200: paymentMethodEnvelope, 404: errorBody } },
    },
    async (request) => ({ data: await setDefaultPaymentMethod(app.db, requireAuth(request).userId, request.params.paymentMethodId) }),
  );

  app.delete(
    routePath(shopApiPaths.paymentMethod, 'paymentMethodId'),
    {
      schema: {
        tags: ['payments'],
        summary: 'Removes a saved method (detached at the provider)',
        params: paymentMethodParams,
        response: { 204: z.null().describe('Removed'), 404: errorBody, 502: errorBody },
      },
    },
    async (request, reply) => {
      await removePaymentMethod(app.db, app.paymentProvider, requireAuth(request).userId, request.params.paymentMethodId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    shopApiPaths.transactions,
    { schema: { tags: ['payments'], summary: 'The caller’s transactions, newest first, paginated', querystring: pageQuery, response: { 200: transactionList } } },
    async (request) => listTransactions(app.db, requireAuth(request).userId, request.query),
  );
};
