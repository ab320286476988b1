import { account } from '@app/contract/account';
import { changePasswordRequest, deleteAccountRequest, ownedOrganisationList, passwordChangedMessage, updateProfileRequest } from '@app/contract/account-settings';
import { accountApiPaths, shopApiPaths } from '@app/contract/api-paths';
import { messageResponse } from '@app/contract/password-reset';
import { personalDataExport, personalDataExportFileName } from '@app/contract/personal-data-export';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimitRule } from '../../lib/rate-limiter.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { sendVerificationEmail } from '../email-verification/public.ts';
import { rateLimitPreHandler, type RouteRateLimit } from '../../plugins/rate-limit.ts';
import { deleteAccount, ownedOrganisationsOf } from './account-deletion-service.ts';
import { exportPersonalData } from './personal-data-export-service.ts';
import { changePassword } from './password-service.ts';
import { updateProfile } from './profile-service.ts';

/**
 * Calls that check the password of a signed-in user. Whoever holds a stolen access token must not
 * be able to guess the password through them; a success clears the count.
 */
export const passwordConfirmationRule: RateLimitRule = { name: 'password-confirmation.user', limit: 10, windowSeconds: 15 * 60 };
const passwordConfirmationLimits: readonly RouteRateLimit[] = [
  { rule: passwordConfirmationRule, by: (request) => (request.auth ? [request.auth.userId] : undefined), resetOnSuccess: true },
];

/**
 * The export reads every table the person has rows in: heavy, so a few per hour, whatever the
 * outcome (not reset on success).
 */
export const personalDataExportRule: RateLimitRule = { name: 'personal-data-export.user', limit: 5, windowSeconds: 60 * 60 };
const personalDataExportLimits: readonly RouteRateLimit[] = [{ rule: personalDataExportRule, by: (request) => (request.auth ? [request.auth.userId] : undefined) }];

/** Settings: profile, password, account deletion (issue 3), the personal data export (issue 14). Every route is private. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    accountApiPaths.profile,
    {
      schema: {
        tags: ['settings'],
        summary: 'Updates name, e-mail and locale; a new e-mail is unverified and gets a verification link',
        body: updateProfileRequest,
        response: { 200: account },
      },
    },
    async (request) => {
      const { account: updated, emailChanged } = await updateProfile(app.db, app.clock, requireAuth(request).userId, request.body);
      if (emailChanged) {
        // The change is committed; failing to queue the link must not make it look undone. The
        // user can ask for another link from the verify-email page.
        await sendVerificationEmail({ db: app.db, clock: app.clock, mail: app.mail }, updated.id).catch((error: unknown) => {
          request.log.error({ err: error, userId: updated.id }, 'could not queue the verification e-mail for a changed address');
        });
      }
      return updated;
    },
  );

  app.put(
    accountApiPaths.password,
    {
      preHandler: rateLimitPreHandler(passwordConfirmationLimits),
      schema: {
        tags: ['settings'],
        summary: 'Changes the password (current one required); signs out every other session',
        body: changePasswordRequest,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await changePassword(app.db, app.clock, requireAuth(request), request.body);
      return { message: passwordChangedMessage };
    },
  );

  app.delete(
    accountApiPaths.deleteAccount,
    {
      preHandler: rateLimitPreHandler(passwordConfirmationLimits),
      schema: {
        tags: ['settings'],
        summary: 'Deletes the caller’s account and ends every session (password required)',
        body: deleteAccountRequest,
        response: { 204: z.null().describe('Account deleted') },
      },
    },
    async (request, reply) => {
      await deleteAccount({ db: app.db, clock: app.clock, jobs: app.jobs, mail: app.mail }, requireAuth(request), request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    accountApiPaths.ownedOrganisations,
    {
      schema: {
        tags: ['settings'],
        summary: 'The organisations the caller alone owns, with their other members: deleting the account needs a choice for each',
        response: { 200: ownedOrganisationList },
      },
    },
    async (request) => ({ data: await ownedOrganisationsOf(app.db, requireAuth(request).userId) }),
  );

  app.get(
    accountApiPaths.personalDataExport,
    {
      preHandler: rateLimitPreHandler(personalDataExportLimits),
      schema: {
        tags: ['settings'],
        summary: 'Everything the product holds about the caller, as one JSON file (an attachment)',
        response: { 200: personalDataExport },
      },
    },
    async (request, reply) => {
      const at = app.clock.now();
      const data = await exportPersonalData(app.db, requireAuth(request).userId, at, {
        invoice: (orderId) => app.mail.link(shopApiPaths.orderInvoice(orderId)),
        report: (type, id) => app.mail.link(`/report/${encodeURIComponent(type)}/${encodeURIComponent(id)}`),
      });
      return reply.header('content-disposition', `attachment; filename="${personalDataExportFileName(at)}"`).header('cache-control', 'private, no-store').send(data);
    },
  );
};
