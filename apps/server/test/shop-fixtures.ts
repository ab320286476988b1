import { shopApiPaths } from '@app/contract/api-paths';
import { basketEnvelope, productList, type Basket, type Product } from '@app/contract/basket';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createCoupon, type CouponCreateInput, type CouponRecord } from '../src/modules/shop/public.ts';
import type { RegisteredUser } from './auth-helpers.ts';
import type { TestApp } from './test-app.ts';

/** The seeded catalogue's skus (src/db/seeds/catalogue.ts). */
export const seededSkus = {
  big5: 'REPORT-BIG5',
  environment: 'REPORT-ENVIRONMENT',
  values: 'REPORT-VALUES',
  bundle: 'BUNDLE-COMPLETE',
  teamProfiles: 'SERVICE-TEAM-PROFILES',
  cultureAnalysis: 'SERVICE-CULTURE-FIT',
} as const;

/** GET /api/products, parsed. */
export async function catalogue(t: TestApp): Promise<Product[]> {
  const response = await t.app.inject({ method: 'GET', url: shopApiPaths.products });
  if (response.statusCode !== 200) throw new Error(`GET /api/products answered ${response.statusCode}: ${response.body}`);
  return productList.parse(response.json()).data;
}

/** The active product with this sku (throws if there is none). */
export async function productBySku(t: TestApp, sku: string): Promise<Product> {
  const product = (await catalogue(t)).find((candidate) => candidate.sku === sku);
  if (!product) throw new Error(`no active product ${sku}`);
  return product;
}

/** A basket call as the user (bearer and CSRF headers). */
export function cartCall(t: TestApp, user: RegisteredUser, options: Omit<InjectOptions, 'headers'>): Promise<LightMyRequestResponse> {
  const headers = options.method === 'GET' ? user.authHeaders : user.headersWithCsrf;
  return t.app.inject({ ...options, headers });
}

/** The `{ data: basket }` of a 200 answer, parsed with the contract (throws otherwise). */
export function basketOf(response: LightMyRequestResponse): Basket {
  if (response.statusCode !== 200) throw new Error(`expected 200 with a basket, got ${response.statusCode}: ${response.body}`);
  return basketEnvelope.parse(response.json()).data;
}

/** Adds a product by sku through POST /api/cart/items and returns the basket. */
export async function addToBasket(t: TestApp, user: RegisteredUser, sku: string, quantity?: number): Promise<Basket> {
  const product = await productBySku(t, sku);
  return basketOf(await cartCall(t, user, { method: 'POST', url: shopApiPaths.cartItems, payload: { product_id: product.id, ...(quantity === undefined ? {} : { quantity }) } }));
}

/** A coupon made the way the operator makes one (the admin service behind `npm run admin`). */
export function givenCoupon(t: TestApp, input: CouponCreateInput): Promise<CouponRecord> {
  return createCoupon(t.db, input);
}
