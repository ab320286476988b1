import { organisationApiPaths } from '@app/contract/api-paths';
import { badRequestBody, errorBody, validationErrorBody } from '@app/contract/errors';
import { activationConfirmRequest, activationEnvelope, activationRequest } from '@app/contract/organisation-billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routePath } from '../../lib/route-path.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { requireManager } from '../organisations/public.ts';
import { activateOrganisation, activationState, confirmActivation, type BillingDeps } from './activation-service.ts';

export interface BillingRoutesOptions {
  /** The seller's country (config DEFAULT_VAT_COUNTRY). */
  sellerCountry: string;
}

const organisationParams = z.object({ organisationId: z.string() });
const refusals = { 403: errorBody, 404: errorBody, 409: errorBody, 502: errorBody };

/** Activation and the subscription of an organisation (issue 12). Owners and admins; others get 403, strangers 404. */
export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, { sellerCountry }) => {
  const deps = (): BillingDeps => ({ db: app.db, clock: app.clock, provider: app.paymentProvider, mail: app.mail, log: app.log.child({ component: 'billing' }), sellerCountry });

  app.post(
    routePath(organisationApiPaths.activate, 'organisationId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'Activates the organisation: pays the first period (card or saved card) and starts the subscription; the contract plan activates without payment',
        params: organisationParams,
        body: activationRequest,
        response: { 200: activationEnvelope, 400: badRequestBody, 422: validationErrorBody, ...refusals },
      },
    },
    async (request) => ({ data: await activateOrganisation(deps(), requireAuth(request).userId, request.params.organisationId, request.body) }),
  );

  app.post(
    routePath(organisationApiPaths.activateConfirm, 'organisationId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'After the card’s extra step: how the first period’s payment ended',
        params: organisationParams,
        body: activationConfirmRequest,
        response: { 200: activationEnvelope, ...refusals },
      },
    },
    async (request) => ({ data: await confirmActivation(deps(), requireAuth(request).userId, request.params.organisationId, request.body) }),
  );

  app.get(
    routePath(organisationApiPaths.subscription, 'organisationId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'The subscription: plan, period, next charge, the card it renews with, and where the last payment stands',
        params: organisationParams,
        response: { 200: activationEnvelope, ...refusals },
      },
    },
    async (request) => {
      await requireManager(app.db, requireAuth(request).userId, request.params.organisationId);
      return { data: await activationState(deps(), request.params.organisationId) };
    },
  );
};
