import { shopApiPaths } from '@app/contract/api-paths';
import { checkoutMessages, checkoutRequest, checkoutResponse, orderConfirmRequest } from '@app/contract/checkout';
import { badRequestBody, errorBody, validationErrorBody } from '@app/contract/errors';
import { paymentMessages } from '@app/contract/messages';
import { orderEnvelope, orderList, orderListQuery, orderParams } from '@app/contract/orders';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CheckoutLimits, Config } from '../../config.ts';
import { BadRequestError, NotFoundError } from '../../lib/domain-errors.ts';
import type { RateLimitRule } from '../../lib/rate-limiter.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { rateLimitPreHandler, type RouteRateLimit } from '../../plugins/rate-limit.ts';
import { routePath } from '../../lib/route-path.ts';
import { confirmOrder, placeOrder, type CheckoutDeps } from './checkout/checkout-service.ts';
import { createVatNumberChecker } from '../tax/public.ts';
import { consentOf } from './checkout/digital-content-consent.ts';
import { renderInvoice } from './invoices/invoice-pdf.ts';
import { findOwnOrder, listOrders, orderView, statusOf } from './order-view.ts';

export interface OrderRoutesOptions {
  config: Config;
}

/**
 * Spec 8: 'You missed identifying yourself, click here to try again!' when the buyer's identity
 * is missing at payment. The session is checked by the auth guard (401); the billing e-mail here,
 * before the field rules, so a request without it gets this message rather than a field error.
 */
async function requireBuyerIdentity(request: FastifyRequest): Promise<void> {
  const body = request.body as { billing?: { email?: unknown } } | null | undefined;
  const email = body?.billing?.email;
  if (typeof email !== 'string' || email.trim() === '') throw new BadRequestError(paymentMessages.identityMissing);
}

/**
 * Placing orders is rate limited (issue 5) against card testing (scripts trying stolen card numbers
 * through our checkout) and runaway clients: per account and per client address, counted in the
 * database like the login limit, answered 429 with the time to wait. Generous enough that no
 * person meets them, a burst of double clicks included: those are the idempotency key's and the
 * one-open-order rule's to answer (payment-races.test.ts sends 20 at once).
 */
export function checkoutRateRules(limits: CheckoutLimits) {
  return {
    perUser: { name: 'checkout.user', limit: limits.perAccountPerMinute, windowSeconds: 60 },
    /** Higher: an office or an event behind one address may have many buyers at once. */
    perIp: { name: 'checkout.ip', limit: limits.perIpPerMinute, windowSeconds: 60 },
  } satisfies Record<string, RateLimitRule>;
}

function checkoutRateLimits(limits: CheckoutLimits): readonly RouteRateLimit[] {
  const rules = checkoutRateRules(limits);
  return [
    { rule: rules.perUser, by: (request) => (request.auth ? [request.auth.userId] : undefined) },
    { rule: rules.perIp, by: (request) => [request.ip] },
  ];
}

/** Checkout, orders and invoices (issue 5). Every route is private and scoped to the caller. */
export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, { config }) => {
  const vatNumberChecker = createVatNumberChecker(config.vatNumbers, config.payments.seller.vatNumber, app.log.child({ component: 'vat-numbers' }));
  const deps = (request: FastifyRequest): CheckoutDeps => ({
    db: app.db,
    clock: app.clock,
    provider: app.paymentProvider,
    log: request.log,
    mail: app.mail,
    homeCountry: config.defaultVatCountry,
    vatNumberChecker,
    sellerVatNumber: config.payments.seller.vatNumber,
  });

  app.post(
    shopApiPaths.checkout,
    {
      preValidation: requireBuyerIdentity,
      preHandler: rateLimitPreHandler(checkoutRateLimits(config.checkoutLimits)),
      schema: {
        tags: ['checkout'],
        summary: 'Places an order for the basket and pays it; the same idempotency key never charges twice',
        body: checkoutRequest,
        response: { 200: checkoutResponse, 400: badRequestBody, 409: errorBody, 422: validationErrorBody, 429: errorBody, 502: errorBody },
      },
    },
    async (request) => placeOrder(deps(request), requireAuth(request).userId, request.body),
  );

  app.post(
    routePath(shopApiPaths.orderConfirm, 'orderId'),
    {
      schema: {
        tags: ['checkout'],
        summary: 'Finishes a payment after its extra confirmation step (3-D Secure)',
        params: orderParams,
        body: orderConfirmRequest,
        response: { 200: checkoutResponse, 404: errorBody, 502: errorBody },
      },
    },
    async (request) => confirmOrder(deps(request), requireAuth(request).userId, request.params.orderId, request.body ?? { outcome: 'complete' }),
  );

  app.get(
    shopApiPaths.orders,
    {
      schema: { tags: ['checkout'], summary: 'The caller’s orders, newest first; `status=paid` lists those with an invoice', querystring: orderListQuery, response: { 200: orderList } },
    },
    async (request) => listOrders(app.db, requireAuth(request).userId, request.query),
  );

  app.get(
    routePath(shopApiPaths.order, 'orderId'),
    {
      schema: { tags: ['checkout'], summary: 'One of the caller’s orders', params: orderParams, response: { 200: orderEnvelope, 404: errorBody } },
    },
    async (request) => {
      const order = await findOwnOrder(app.db, requireAuth(request).userId, request.params.orderId);
      return { data: await orderView(app.db, order) };
    },
  );

  app.get(
    routePath(shopApiPaths.orderInvoice, 'orderId'),
    {
      schema: {
        tags: ['checkout'],
        summary: 'The PDF invoice of a paid order (owner only)',
        params: orderParams,
        response: { 200: z.any().describe('application/pdf'), 404: errorBody },
      },
    },
    async (request, reply) => {
      const row = await findOwnOrder(app.db, requireAuth(request).userId, request.params.orderId);
      if (statusOf(row) !== 'paid') throw new NotFoundError(checkoutMessages.invoiceNotAvailable);
      const pdf = await renderInvoice(await orderView(app.db, row), {
        seller: config.payments.seller,
        sellerVatNumber: row.sellerVatNumber,
        vatNumberConsultation: row.vatNumberConsultation,
        digitalContentConsent: consentOf(row),
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${row.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
