import { accountApiPaths } from '@app/contract/api-paths';
import { devOutboxQuery, devOutboxResponse } from '@app/contract/dev-outbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOutbox } from './outbox-service.ts';

/** GET /api/dev/outbox. Registered only outside production (mail-module.ts). */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    accountApiPaths.devOutbox,
    {
      config: { public: true },
      schema: {
        tags: ['development'],
        summary: 'The newest e-mails kept instead of sent (no SMTP_URL); never available in production',
        querystring: devOutboxQuery,
        response: { 200: devOutboxResponse },
      },
    },
    async (request) => ({ data: await listOutbox(app.db, request.query) }),
  );
};
