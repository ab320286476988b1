import { accountApiPaths } from '@app/contract/api-paths';
import { billingDetailsEnvelope, billingDetailsRequest } from '@app/contract/billing-details';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.ts';
import { deleteBillingDetails, findBillingDetails, saveBillingDetails } from './service.ts';

/**
 * The caller's own billing details (issue 16): read, replace and forget. Private (the auth guard);
 * the account is the session's, so nobody reaches another's details.
 */
export const billingDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    accountApiPaths.billingDetails,
    {
      schema: {
        tags: ['accounts'],
        summary: 'The caller’s saved billing details (spec 3 "Billing details"); data is null when none are saved',
        response: { 200: billingDetailsEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await findBillingDetails(app.db, requireAuth(request).userId) };
    },
  );

  app.put(
    accountApiPaths.billingDetails,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Saves the caller’s billing details (all fields; address line 2 and county may be empty); their country then prices the basket',
        body: billingDetailsRequest,
        response: { 200: billingDetailsEnvelope },
      },
    },
    async (request) => ({ data: await saveBillingDetails(app.db, requireAuth(request).userId, request.body, app.clock.now()) }),
  );

  app.delete(
    accountApiPaths.billingDetails,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Forgets the caller’s billing details; nothing happens when none are saved',
        response: { 204: z.null().describe('No billing details are saved now') },
      },
    },
    async (request, reply) => {
      await deleteBillingDetails(app.db, requireAuth(request).userId);
      return reply.code(204).send(null);
    },
  );
};
