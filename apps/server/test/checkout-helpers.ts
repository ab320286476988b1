import { shopApiPaths } from '@app/contract/api-paths';
import { basketEnvelope } from '@app/contract/basket';
import { checkoutResponse, type CheckoutRequestInput, type CheckoutResponse } from '@app/contract/checkout';
import { transactionList } from '@app/contract/transactions';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app.ts';
import { coupons } from '../src/db/schema/coupons.ts';
import { products } from '../src/db/schema/products.ts';
import { TestPaymentProvider } from '../src/modules/payments/public.ts';
import type { RegisteredUser } from './auth-helpers.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/** Stripe's public test numbers (the test provider plays their outcomes). */
export const testCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  requiresAction: '4000002500003155',
} as const;

/** A card valid for years to come. */
export function card(number: string = testCards.succeeds) {
  return { number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' };
}

export function billing(overrides: Partial<CheckoutRequestInput['billing']> = {}): CheckoutRequestInput['billing'] {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    address: 'Unter den Linden 1',
    city: 'Berlin',
    postal_code: '10117',
    country: 'DE',
    ...overrides,
  };
}

export function newIdempotencyKey(): string {
  return `checkout_${randomBytes(12).toString('hex')}`;
}

/**
 * A checkout body paying by card (4242 unless told), with a fresh idempotency key and the
 * digital-content consent ticked (issue 11), as the checkout page sends it.
 */
export function checkoutBody(overrides: Partial<CheckoutRequestInput> = {}): CheckoutRequestInput {
  return { billing: billing(), payment: { method: 'card', card: card() }, idempotency_key: newIdempotencyKey(), digital_content_consent: true, ...overrides };
}

export async function productIdBySku(t: TestApp, sku: string): Promise<string> {
  const [row] = await t.db.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  if (!row) throw new Error(`no product ${sku} in the seeded catalogue`);
  return row.id;
}

/** Puts a seeded product in the user's basket through POST /api/cart/items. */
export async function addToBasket(t: TestApp, user: RegisteredUser, sku: string, quantity?: number): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: shopApiPaths.cartItems,
    headers: user.headersWithCsrf,
    payload: { product_id: await productIdBySku(t, sku), ...(quantity ? { quantity } : {}) },
  });
  if (response.statusCode !== 200) throw new Error(`adding ${sku} answered ${response.statusCode}: ${response.body}`);
}

/** Applies a discount code through POST /api/cart/coupon. */
export async function applyCoupon(t: TestApp, user: RegisteredUser, code: string): Promise<void> {
  const response = await t.app.inject({ method: 'POST', url: shopApiPaths.cartCoupon, headers: user.headersWithCsrf, payload: { coupon_code: code } });
  if (response.statusCode !== 200) throw new Error(`applying ${code} answered ${response.statusCode}: ${response.body}`);
}

/** A 10 % coupon with the given total limit. */
export async function createCoupon(t: TestApp, options: { maxRedemptions?: number; percentBasisPoints?: number } = {}): Promise<{ id: string; code: string }> {
  const code = `SAVE${randomBytes(3).toString('hex').toUpperCase()}`;
  const [row] = await t.db
    .insert(coupons)
    .values({ code, type: 'percentage', value: options.percentBasisPoints ?? 1000, maxRedemptions: options.maxRedemptions ?? null })
    .returning({ id: coupons.id, code: coupons.code });
  if (!row) throw new Error('coupon insert returned nothing');
  return row;
}

export async function couponRedeemed(t: TestApp, couponId: string): Promise<number> {
  const [row] = await t.db.select({ redeemed: coupons.redeemed }).from(coupons).where(eq(coupons.id, couponId));
  return row?.redeemed ?? -1;
}

/** GET /api/cart: the basket, or null when empty (204). */
export async function basketOf(t: TestApp, user: RegisteredUser) {
  const response = await t.app.inject({ method: 'GET', url: shopApiPaths.cart, headers: user.authHeaders });
  if (response.statusCode === 204) return null;
  if (response.statusCode !== 200) throw new Error(`GET /api/cart answered ${response.statusCode}: ${response.body}`);
  return basketEnvelope.parse(response.json()).data;
}

export function postCheckout(t: TestApp, user: RegisteredUser, body: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: shopApiPaths.checkout, headers: user.headersWithCsrf, payload: body as object });
}

/**
 * POST the order's confirmation (the buyer back from 3-D Secure, or their answer in the test
 * provider's dialog) to `app`: the test app's or a second instance's.
 */
export function postOrderConfirmation(app: App, user: RegisteredUser, orderId: string, body: { confirmation_id?: string; outcome?: 'complete' | 'fail' } = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: shopApiPaths.orderConfirm(orderId), headers: user.headersWithCsrf, payload: body });
}

/** POST /api/checkout; throws unless it answers 200, and parses the answer. */
export async function checkout(t: TestApp, user: RegisteredUser, body: unknown = checkoutBody()): Promise<CheckoutResponse> {
  const response = await postCheckout(t, user, body);
  if (response.statusCode !== 200) throw new Error(`checkout answered ${response.statusCode}: ${response.body}`);
  return checkoutResponse.parse(response.json());
}

/**
 * The app of a checkout test file: no job workers, and the test provider holds its events until a
 * test delivers them, so tests can repeat and reorder them (webhook idempotency).
 */
export async function createCheckoutTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const t = await createTestApp({ jobs: false, ...options });
  testProviderOf(t).setDelivery('manual');
  return t;
}

export function testProviderOf(t: TestApp): TestPaymentProvider {
  const provider = t.app.paymentProvider;
  if (!(provider instanceof TestPaymentProvider)) throw new Error('the app does not use the test payment provider');
  return provider;
}

/** GET /api/transactions of the user (with an optional query string such as `?page=2`), parsed; throws unless 200. */
export async function transactionsOf(t: TestApp, user: RegisteredUser, query = '') {
  const response = await t.app.inject({ method: 'GET', url: `${shopApiPaths.transactions}${query}`, headers: user.authHeaders });
  if (response.statusCode !== 200) throw new Error(`GET /api/transactions answered ${response.statusCode}: ${response.body}`);
  return transactionList.parse(response.json());
}
