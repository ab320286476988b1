import { account } from '@app/contract/account';
import { accountApiPaths, apiPaths } from '@app/contract/api-paths';
import { loginResponse } from '@app/contract/auth';
import { registerRequest } from '@app/contract/registration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { rateLimitPreHandler, registerRateLimits } from '../../plugins/rate-limit.ts';
import { sessionMetaOf } from '../auth/public.ts';
import { toAccount } from './account-view.ts';
import { registerAccount } from './registration-service.ts';

export interface AccountRoutesOptions {
  config: Config;
}

/** Sign-up and the current user (spec section 7's GET /api/user). */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { config }) => {
  const settings = {
    signupEnabled: config.signupEnabled,
    lifetimes: { accessTokenTtlSeconds: config.accessTokenTtlSeconds, refreshTokenTtlSeconds: config.refreshTokenTtlSeconds },
  };

  app.post(
    accountApiPaths.register,
    {
      config: { public: true },
      preHandler: rateLimitPreHandler(registerRateLimits(config.signupLimitPerHour)),
      schema: {
        tags: ['accounts'],
        summary: 'Creates an account and logs it in (answers like login); 403 signup_disabled when sign-up is closed',
        body: registerRequest,
        response: { 201: loginResponse },
      },
    },
    async (request, reply) => {
      const { account: created, tokens } = await registerAccount(app.db, app.clock, request.body, sessionMetaOf(request), settings);
      // After the commit: listeners (the verification e-mail) see the account in the database.
      await app.accountEvents.emitRegistered({ account: created, via: 'password' }, request.log);
      return reply.code(201).send({ ...tokens, account: created });
    },
  );

  app.get(
    apiPaths.user,
    {
      schema: { tags: ['accounts'], summary: 'The account object of the caller (spec section 3)', response: { 200: account } },
    },
    // The auth guard's query already read the user's row and questionnaire progress: no other query.
    async (request) => {
      const { user, questionnaire } = requireAuth(request);
      return toAccount(user, questionnaire);
    },
  );
};
