import { account } from '@app/contract/account';
import { accountApiPaths } from '@app/contract/api-paths';
import { birthDetailsRequest } from '@app/contract/birth-details';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { saveBirthDetails } from './service.ts';

/** PUT /api/user/birth-details: the signup-data step. Private (the auth guard). */
export const birthDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    accountApiPaths.birthDetails,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Saves the caller’s birth date, time (null when unknown) and place; completes the signup-data step',
        body: birthDetailsRequest,
        response: { 200: account },
      },
    },
    async (request) => saveBirthDetails(app.db, app.clock, requireAuth(request).userId, request.body),
  );
};
