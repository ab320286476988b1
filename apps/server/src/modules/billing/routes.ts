import { organisationApiPaths } from '@app/contract/api-paths';
import { badRequestBody, errorBody, validationErrorBody } from '@app/contract/errors';
import { activationConfirmRequest, activationEnvelope, activationRequest, payNowRequest, periodInvoiceList, renewalCardRequest, subscriptionChangeRequest } from '@app/contract/organisation-billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routePath } from '../../lib/route-path.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { requireManager } from '../organisations/public.ts';
import { activateOrganisation, activationState, confirmPayment, type BillingDeps } from './activation-service.ts';
import { listPeriodInvoices, periodInvoicePdf } from './period-invoice-documents.ts';
import { replaceRenewalCard } from './renewal-card-service.ts';
import { cancelAtPeriodEnd, changeSubscription, payNow, resumeSubscription } from './subscription-service.ts';
import type { InvoiceOptions } from '../orders/public.ts';

export interface BillingRoutesOptions {
  deps: () => BillingDeps;
  /** Who sells, as the invoices print it (config payments.seller). */
  invoiceOptions: InvoiceOptions;
}

const organisationParams = z.object({ organisationId: z.string() });
const refusals = { 403: errorBody, 404: errorBody, 409: errorBody, 502: errorBody };
const answers = { 200: activationEnvelope, 400: badRequestBody, 422: validationErrorBody, ...refusals };

/** Activation and the subscription of an organisation (issue 12). Owners and admins; members get 403, strangers 404. */
export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, { deps, invoiceOptions }) => {
  app.post(
    routePath(organisationApiPaths.activate, 'organisationId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'Activates the organisation: pays the first period (card or saved card) and starts the subscription; the contract plan activates without payment',
        params: organisationParams,
        body: activationRequest,
        response: answers,
      },
    },
    async (request) => ({ data: await activateOrganisation(deps(), requireAuth(request).userId, request.params.organisationId, request.body) }),
  );

  app.post(
    routePath(organisationApiPaths.activateConfirm, 'organisationId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'After the card’s extra step: how the first period’s (or a past-due period’s) payment ended',
        params: organisationParams,
        body: activationConfirmRequest,
        response: answers,
      },
    },
    async (request) => ({ data: await confirmPayment(deps(), requireAuth(request).userId, request.params.organisationId, request.body) }),
  );

  app.get(
    routePath(organisationApiPaths.subscription, 'organisationId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'The subscription: plan, period, next charge, the card it renews with, what changes next period, and the last invoice',
        params: organisationParams,
        response: answers,
      },
    },
    async (request) => {
      await requireManager(app.db, requireAuth(request).userId, request.params.organisationId);
      return { data: await activationState(deps(), request.params.organisationId) };
    },
  );

  app.patch(
    routePath(organisationApiPaths.subscription, 'organisationId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'Changes the plan or the service quantities from the next period on (never below a service’s minimum)',
        params: organisationParams,
        body: subscriptionChangeRequest,
        response: answers,
      },
    },
    async (request) => ({ data: await changeSubscription(deps(), requireAuth(request).userId, request.params.organisationId, request.body) }),
  );

  app.post(
    routePath(organisationApiPaths.subscriptionCancel, 'organisationId'),
    { schema: { tags: ['organisations'], summary: 'Ends the subscription with the current period', params: organisationParams, response: answers } },
    async (request) => ({ data: await cancelAtPeriodEnd(deps(), requireAuth(request).userId, request.params.organisationId) }),
  );

  app.post(
    routePath(organisationApiPaths.subscriptionResume, 'organisationId'),
    { schema: { tags: ['organisations'], summary: 'Takes a cancellation back before the period ends', params: organisationParams, response: answers } },
    async (request) => ({ data: await resumeSubscription(deps(), requireAuth(request).userId, request.params.organisationId) }),
  );

  app.post(
    routePath(organisationApiPaths.subscriptionPay, 'organisationId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'Pays the period a renewal could not (the subscription is past due); the organisation is writable again once paid',
        params: organisationParams,
        body: payNowRequest,
        response: answers,
      },
    },
    async (request) => ({ data: await payNow(deps(), requireAuth(request).userId, request.params.organisationId, request.body) }),
  );

  app.put(
    routePath(organisationApiPaths.subscriptionPaymentMethod, 'organisationId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'Replaces the card renewals are charged to, charging nothing now (a refused card leaves the old one; the same idempotency key again answers as the first request)',
        params: organisationParams,
        body: renewalCardRequest,
        response: answers,
      },
    },
    async (request) => ({ data: await replaceRenewalCard(deps(), requireAuth(request).userId, request.params.organisationId, request.body) }),
  );

  app.get(
    routePath(organisationApiPaths.subscriptionInvoices, 'organisationId'),
    { schema: { tags: ['organisations'], summary: 'The invoice of each period, newest first', params: organisationParams, response: { 200: periodInvoiceList, ...refusals } } },
    async (request) => {
      await requireManager(app.db, requireAuth(request).userId, request.params.organisationId);
      return { data: await listPeriodInvoices(app.db, request.params.organisationId) };
    },
  );

  app.get(
    routePath(organisationApiPaths.subscriptionInvoicePdf, 'organisationId', 'invoiceId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'A paid period’s invoice as a PDF (the plan and the period on its line)',
        params: organisationParams.extend({ invoiceId: z.string() }),
        response: { 200: z.any().describe('application/pdf'), ...refusals },
      },
    },
    async (request, reply) => {
      await requireManager(app.db, requireAuth(request).userId, request.params.organisationId);
      const { number, pdf } = await periodInvoicePdf(app.db, request.params.organisationId, request.params.invoiceId, invoiceOptions);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="invoice-${number}.pdf"`).header('cache-control', 'private, no-store').send(pdf);
    },
  );
};
