import { organisationApiPaths } from '@app/contract/api-paths';
import { badRequestBody, errorBody, validationErrorBody } from '@app/contract/errors';
import {
  createOrganisationRequest,
  hasOrganisationName,
  maxDraftBytes,
  organisationDraft,
  organisationDraftEnvelope,
  organisationEnvelope,
  organisationList,
  organisationMessages,
} from '@app/contract/organisations';
import { organisationBillingDetailsRequest } from '@app/contract/organisation-billing';
import { organisationOfferEnvelope, organisationQuoteEnvelope, organisationQuoteRequest } from '@app/contract/organisation-pricing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadRequestError } from '../../lib/domain-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { routePath } from '../../lib/route-path.ts';
import { updateOrganisationBillingDetails } from './billing-details-service.ts';
import { createOrganisation } from './creation-service.ts';
import { invitationRoutes } from './invitations/invitation-routes.ts';
import { memberRoutes } from './members-routes.ts';
import { deleteDraft, findDraft, saveDraft } from './draft-service.ts';
import { findOrganisation, listOrganisations } from './organisation-view.ts';
import { loadOffer, quoteOrganisation } from './pricing-service.ts';

const organisationParams = z.object({ organisationId: z.string() });

/**
 * Organisations, part 1 (issue 12): the creation wizard's draft, the submit that creates an
 * organisation, and the caller's organisations. Private; everything is the caller's own: another
 * person's organisation is a 404.
 */
export interface OrganisationRoutesOptions {
  /** The seller's country (config DEFAULT_VAT_COUNTRY), as the basket prices with it. */
  sellerCountry: string;
}

export const organisationRoutes: FastifyPluginAsyncZod<OrganisationRoutesOptions> = async (app, { sellerCountry }) => {
  await app.register(memberRoutes);
  await app.register(invitationRoutes);

  app.get(
    organisationApiPaths.offer,
    { schema: { tags: ['organisations'], summary: 'What the creation wizard offers: the types and how each is charged, the plans, the services on offer', response: { 200: organisationOfferEnvelope } } },
    async () => ({ data: await loadOffer(app.db) }),
  );

  app.post(
    organisationApiPaths.quote,
    {
      schema: {
        tags: ['organisations'],
        summary: 'One period’s price for a type, plan and services, with the VAT of the billing country, as the basket prices (amounts are null for the contract plan)',
        body: organisationQuoteRequest,
        response: { 200: organisationQuoteEnvelope, 422: validationErrorBody },
      },
    },
    async (request) => ({ data: await quoteOrganisation(app.db, request.body, { sellerCountry, at: app.clock.now() }) }),
  );

  app.get(
    organisationApiPaths.list,
    { schema: { tags: ['organisations'], summary: 'The organisations the caller belongs to, newest first, with the caller’s role', response: { 200: organisationList } } },
    async (request) => ({ data: await listOrganisations(app.db, requireAuth(request).userId) }),
  );

  app.get(
    organisationApiPaths.draft,
    { schema: { tags: ['organisations'], summary: 'The creation wizard’s draft: the step and the entries so far; data is null when there is none', response: { 200: organisationDraftEnvelope } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await findDraft(app.db, requireAuth(request).userId) };
    },
  );

  app.put(
    organisationApiPaths.draft,
    {
      // A 64,000-character description and long lists of people fit; nothing bigger is kept.
      bodyLimit: maxDraftBytes,
      schema: {
        tags: ['organisations'],
        summary: 'Keeps the creation wizard’s entries as typed (not yet checked), replacing the draft before',
        body: organisationDraft,
        response: { 200: organisationDraftEnvelope, 422: validationErrorBody },
      },
    },
    async (request) => ({ data: await saveDraft(app.db, requireAuth(request).userId, request.body, app.clock.now()) }),
  );

  app.delete(
    organisationApiPaths.draft,
    { schema: { tags: ['organisations'], summary: 'Forgets the creation wizard’s draft', response: { 204: z.null().describe('No draft is kept now') } } },
    async (request, reply) => {
      await deleteDraft(app.db, requireAuth(request).userId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    organisationApiPaths.list,
    {
      bodyLimit: maxDraftBytes,
      // Spec 8: a submit whose form names no organisation is answered with its own message.
      preValidation: async (request) => {
        if (!hasOrganisationName(request.body)) throw new BadRequestError(organisationMessages.nameNotDefined);
      },
      schema: {
        tags: ['organisations'],
        summary: 'Creates an organisation from the wizard’s three steps, the caller as its owner; the same creation_key again answers with the organisation it made',
        body: createOrganisationRequest,
        response: { 200: organisationEnvelope, 201: organisationEnvelope, 400: badRequestBody, 422: validationErrorBody },
      },
    },
    async (request, reply) => {
      const { organisation, created } = await createOrganisation(app.db, requireAuth(request).userId, request.body, app.clock.now());
      return reply.code(created ? 201 : 200).send({ data: organisation });
    },
  );

  app.get(
    routePath(organisationApiPaths.organisation, 'organisationId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'One organisation the caller belongs to; another’s is a 404',
        params: organisationParams,
        response: { 200: organisationEnvelope, 404: errorBody },
      },
    },
    async (request) => ({ data: await findOrganisation(app.db, requireAuth(request).userId, request.params.organisationId) }),
  );

  app.patch(
    routePath(organisationApiPaths.billingDetails, 'organisationId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'Replaces the organisation’s billing details (owners and admins; the next period’s invoice uses them, issued invoices keep theirs)',
        params: organisationParams,
        body: organisationBillingDetailsRequest,
        response: { 200: organisationEnvelope, 403: errorBody, 404: errorBody, 409: errorBody, 422: validationErrorBody },
      },
    },
    async (request) => ({ data: await updateOrganisationBillingDetails(app.db, requireAuth(request).userId, request.params.organisationId, request.body, app.clock.now()) }),
  );
};
