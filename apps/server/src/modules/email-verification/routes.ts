import { accountApiPaths } from '@app/contract/api-paths';
import { emailAlreadyVerifiedMessage, emailVerifiedMessage, verificationLinkSentMessage, verifyEmailRequest, verifyEmailResponse } from '@app/contract/email-verification';
import { messageResponse } from '@app/contract/password-reset';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { enforceRateLimits, rateLimitRules } from '../../plugins/rate-limit.ts';
import { isEmailVerified, sendVerificationEmail, verifyEmail } from './service.ts';

/** E-mail verification: the link's check, the resend, and the e-mail sent after sign-up. */
export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Google accounts arrive verified; sendVerificationEmail skips them anyway.
  app.accountEvents.onRegistered(async ({ account: created }) => {
    if (!created.email_verified) await sendVerificationEmail({ db: app.db, clock: app.clock, mail: app.mail }, created.id);
  });

  app.post(
    accountApiPaths.verifyEmail,
    {
      schema: {
        tags: ['accounts'],
        summary: "Verifies the caller's e-mail with the link's id, hash, expires and signature (verification.verify)",
        body: verifyEmailRequest,
        response: { 200: verifyEmailResponse },
      },
    },
    async (request) => {
      const verified = await verifyEmail(app.db, app.clock, requireAuth(request).userId, request.body);
      return { message: emailVerifiedMessage, account: verified };
    },
  );

  app.post(
    accountApiPaths.resendVerification,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sends a new verification link (202); 200 when already verified; 429 when asked too often',
        response: { 200: messageResponse, 202: messageResponse },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      if (await isEmailVerified(app.db, userId)) return reply.code(200).send({ message: emailAlreadyVerifiedMessage });
      await enforceRateLimits(app, [
        { rule: rateLimitRules.verificationResendPerUser, parts: [userId] },
        { rule: rateLimitRules.verificationResendPerUserHourly, parts: [userId] },
        { rule: rateLimitRules.verificationResendPerIp, parts: [request.ip] },
      ]);
      await sendVerificationEmail({ db: app.db, clock: app.clock, mail: app.mail }, userId);
      return reply.code(202).send({ message: verificationLinkSentMessage });
    },
  );
};
