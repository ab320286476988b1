import { account } from '@app/contract/account';
import { accountApiPaths } from '@app/contract/api-paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { acceptCurrentPolicies } from './service.ts';

/** POST /api/policies/accept: the 'I Agree' of the policy-update prompt. Private. */
export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    accountApiPaths.acceptPolicies,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Records that the caller accepts the privacy policy and terms in force; answers the account',
        response: { 200: account },
      },
    },
    async (request) => acceptCurrentPolicies(app.db, app.clock, requireAuth(request).userId),
  );
};
