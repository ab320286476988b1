import { accountApiPaths } from '@app/contract/api-paths';
import {
  forgotPasswordRequest,
  forgotPasswordSentMessage,
  messageResponse,
  passwordResetDoneMessage,
  resetPasswordRequest,
} from '@app/contract/password-reset';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestPasswordReset, resetPassword, sendResetLink, sendResetLinkJob, type SendResetLinkJobData } from './service.ts';

/** Forgot-password and reset-password (public). */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.define<SendResetLinkJobData>(sendResetLinkJob, { retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 60, pollingIntervalSeconds: 1, batchSize: 10 }, ({ email }) =>
    sendResetLink({ db: app.db, clock: app.clock, mail: app.mail }, email),
  );

  app.post(
    accountApiPaths.forgotPassword,
    {
      config: { public: true },
      schema: {
        tags: ['accounts'],
        summary: 'E-mails a password reset link; the same answer whether or not the address is registered',
        body: forgotPasswordRequest,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await requestPasswordReset({ db: app.db, clock: app.clock, jobs: app.jobs }, request.body.email, request.ip);
      return { message: forgotPasswordSentMessage };
    },
  );

  app.post(
    accountApiPaths.resetPassword,
    {
      config: { public: true },
      schema: {
        tags: ['accounts'],
        summary: 'Sets a new password with the token of a reset link; ends every login of the account',
        body: resetPasswordRequest,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await resetPassword(app.db, app.clock, request.body);
      return { message: passwordResetDoneMessage };
    },
  );
};
