import { shopApiPaths } from '@app/contract/api-paths';
import {
  addCartItemEnvelope,
  addCartItemRequest,
  applyCouponRequest,
  basketEnvelope,
  basketErrorCodes,
  cartItemParams,
  cartPricingQuery,
  cartQuery,
  includedInBundleBody,
  invalidItemBody,
  itemAlreadyExistsBody,
  productList,
  updateCartItemRequest,
  type AddCartItemEnvelope,
  type Basket,
  type CartPricingQuery,
  type IncludedInBundleBody,
  type InvalidItemBody,
  type ItemAlreadyExistsBody,
} from '@app/contract/basket';
import { validationErrorBody } from '@app/contract/errors';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { hitRateLimits, type RateLimitRule } from '../../lib/rate-limiter.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { rateLimitPreHandler, type RouteRateLimit } from '../../plugins/rate-limit.ts';
import { createVatNumberChecker, isVatNumberVerified, MemoisedVatNumberChecker } from '../tax/public.ts';
import { listActiveProducts } from './catalogue/catalogue-service.ts';
import {
  IncludedInBundleError,
  InvalidItemError,
  ItemAlreadyExistsError,
  addItem,
  applyCoupon,
  emptyBasket,
  getBasket,
  removeCoupon,
  removeItem,
  updateItemQuantity,
  type BasketContext,
} from './basket/basket-service.ts';

export interface ShopRoutesOptions {
  config: Config;
}

/**
 * Discount codes are guessable by trying: 10 attempts per user per 10 minutes, forgiven by a code
 * that applies (a person mistyping a code a few times is never stopped).
 */
/** Price previews with a VAT number per user (GET /api/cart?vat_number=): each may ask the VAT register. */
export const cartVatNumberCheckRule: RateLimitRule = { name: 'cart-vat-number-checks.user', limit: 30, windowSeconds: 10 * 60 };
export const couponAttemptRule: RateLimitRule = { name: 'coupon-attempts.user', limit: 10, windowSeconds: 10 * 60 };
const couponAttemptLimits: readonly RouteRateLimit[] = [
  { rule: couponAttemptRule, by: (request) => (request.auth ? [request.auth.userId] : undefined), resetOnSuccess: true },
];

const emptyBasketResponse = z.null().describe('The basket is empty (spec section 4: the basket is null)');

/**
 * The cart answers are built by `toBasket`, whose return type is the contract's `Basket`, so they
 * are written with plain JSON.stringify instead of being re-checked by zod on the way out: the
 * check cost about 40 µs of the hot GET /api/cart (bench/cart). The schemas still document them.
 */
const typedBodySerializer = () => (data: unknown) => JSON.stringify(data);
const basketResponses = { 200: basketEnvelope, 204: emptyBasketResponse };

/** The catalogue and the basket calls of spec section 7 (issue 5). Every cart call needs a login. */
export const shopRoutes: FastifyPluginAsyncZod<ShopRoutesOptions> = async (app, { config }) => {
  // Issue 16: every cart call prices for the same country (`country`, else the account's, else
  // `region`), so that the basket's answers agree whichever call gave them.
  const context = ({ country, region }: CartPricingQuery, vatNumberVerified?: boolean): BasketContext => ({
    homeCountry: config.defaultVatCountry,
    at: app.clock.now(),
    country,
    region,
    vatNumberVerified,
  });
  // The checker the checkout is configured with, behind a short memory: the checkout page asks for
  // a price preview each time the buyer completes the VAT number field.
  const cartVatNumbers = new MemoisedVatNumberChecker(
    createVatNumberChecker(config.vatNumbers, config.payments.seller.vatNumber, app.log.child({ component: 'vat-numbers' })),
    { clock: app.clock },
  );
  const verifiedForCart = async (userId: string, vatNumber: string | undefined, country: string | undefined): Promise<boolean | undefined> => {
    if (vatNumber === undefined) return undefined;
    // Each new number may be a question to the register: a user past the limit is priced as a
    // consumer in the preview (the checkout still checks the number itself).
    const [outcome] = await hitRateLimits(app.db, [{ rule: cartVatNumberCheckRule, parts: [userId] }], app.clock.now());
    if (outcome && !outcome.allowed) return false;
    return isVatNumberVerified(cartVatNumbers, { vatNumber, billingCountry: country ?? config.defaultVatCountry, sellerCountry: config.defaultVatCountry });
  };

  // Spec 7: `{ data: basket }`, or 204 when the basket is (or became) empty.
  function sendBasket(reply: FastifyReply, basket: Basket | null): FastifyReply {
    reply.header('cache-control', 'no-store');
    return basket ? reply.code(200).send({ data: basket }) : reply.code(204).send(null);
  }

  app.get(
    shopApiPaths.products,
    {
      // Public: the catalogue is what the shop sells, with no personal data; prices shown before
      // login match those in the basket.
      config: { public: true },
      schema: { tags: ['shop'], summary: 'The active catalogue: reports, the bundle and organisation services (net prices in cents)', response: { 200: productList } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { data: await listActiveProducts(app.db) };
    },
  );

  app.get(
    shopApiPaths.cart,
    {
      serializerCompiler: typedBodySerializer,
      schema: {
        tags: ['shop'],
        summary:
          'The caller’s basket, re-priced from the current catalogue; `country` prices the VAT for that billing country (the checkout’s total), else the account’s country (billing details, then birth), else `region` (the browser’s), else the shop’s; `vat_country` says which. `vat_number` prices with the reverse charge when the checker verifies it',
        querystring: cartQuery,
        response: { ...basketResponses, 422: validationErrorBody },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const { country, region, vat_number: vatNumber } = request.query;
      return sendBasket(reply, await getBasket(app.db, userId, context({ country, region }, await verifiedForCart(userId, vatNumber, country)), app.basketCache));
    },
  );

  app.post(
    shopApiPaths.cartItems,
    {
      serializerCompiler: typedBodySerializer,
      schema: {
        tags: ['shop'],
        summary:
          'Adds a product (by product_id or sku); a bundle replaces its single reports (listed in `replaced`); 409 itemAlreadyExists or includedInBundle (the report’s bundle is in the basket), 422 invalidItem or minimal quantity',
        querystring: cartPricingQuery,
        body: addCartItemRequest,
        response: { 200: addCartItemEnvelope, 409: z.union([itemAlreadyExistsBody, includedInBundleBody]), 422: z.union([invalidItemBody, validationErrorBody]) },
      },
    },
    async (request, reply) => {
      try {
        const { basket, replaced } = await addItem(app.db, requireAuth(request).userId, request.body, context(request.query));
        reply.header('cache-control', 'no-store');
        // Adding leaves at least the added product in the basket.
        if (basket === null) return sendBasket(reply, null);
        const body: AddCartItemEnvelope = { data: basket, replaced };
        return reply.code(200).send(body);
      } catch (error) {
        // Spec 5's two refusals carry a code the web translates (and, for the first, the title).
        if (error instanceof ItemAlreadyExistsError) {
          const body: ItemAlreadyExistsBody = { message: error.message, code: basketErrorCodes.itemAlreadyExists, title: error.title };
          return reply.code(409).send(body);
        }
        if (error instanceof IncludedInBundleError) {
          const body: IncludedInBundleBody = { message: error.message, code: basketErrorCodes.includedInBundle, title: error.title, bundle_title: error.bundleTitle };
          return reply.code(409).send(body);
        }
        if (error instanceof InvalidItemError) {
          const body: InvalidItemBody = { message: error.message, code: basketErrorCodes.invalidItem, errors: { product_id: [error.message] } };
          return reply.code(422).send(body);
        }
        throw error;
      }
    },
  );

  app.patch(
    '/api/cart/items/:productId',
    {
      serializerCompiler: typedBodySerializer,
      schema: {
        tags: ['shop'],
        summary: 'Changes the quantity of a product in the basket (not below its minimum)',
        params: cartItemParams,
        querystring: cartPricingQuery,
        body: updateCartItemRequest,
        response: basketResponses,
      },
    },
    async (request, reply) =>
      sendBasket(reply, await updateItemQuantity(app.db, requireAuth(request).userId, request.params.productId, request.body.quantity, context(request.query))),
  );

  app.delete(
    '/api/cart/items/:productId',
    {
      serializerCompiler: typedBodySerializer,
      schema: {
        tags: ['shop'],
        summary: 'Removes a product from the basket; 204 when the basket becomes empty; an absent product changes nothing',
        params: cartItemParams,
        querystring: cartPricingQuery,
        response: basketResponses,
      },
    },
    async (request, reply) => sendBasket(reply, await removeItem(app.db, requireAuth(request).userId, request.params.productId, context(request.query))),
  );

  app.delete(
    shopApiPaths.cart,
    { serializerCompiler: typedBodySerializer, schema: { tags: ['shop'], summary: 'Empties the basket (items and discount code)', response: { 204: emptyBasketResponse } } },
    async (request, reply) => {
      await emptyBasket(app.db, requireAuth(request).userId);
      return sendBasket(reply, null);
    },
  );

  app.post(
    shopApiPaths.cartCoupon,
    {
      preHandler: rateLimitPreHandler(couponAttemptLimits),
      serializerCompiler: typedBodySerializer,
      schema: {
        tags: ['shop'],
        summary: 'Applies a discount code (case-insensitive); 422 on coupon_code says why a code does not apply',
        querystring: cartPricingQuery,
        body: applyCouponRequest,
        response: basketResponses,
      },
    },
    async (request, reply) => sendBasket(reply, await applyCoupon(app.db, requireAuth(request).userId, request.body.coupon_code, context(request.query))),
  );

  app.delete(
    shopApiPaths.cartCoupon,
    {
      serializerCompiler: typedBodySerializer,
      schema: { tags: ['shop'], summary: 'Removes the discount code; nothing happens when none is applied', querystring: cartPricingQuery, response: basketResponses },
    },
    async (request, reply) => sendBasket(reply, await removeCoupon(app.db, requireAuth(request).userId, context(request.query))),
  );
};

