import { accountApiPaths, shopApiPaths } from '@app/contract/api-paths';
import type { BillingDetailsInput } from '@app/contract/billing-details';
import type { BirthDetailsRequest } from '@app/contract/birth-details';
import { addCartItemEnvelope, cartCountryMessage } from '@app/contract/basket';
import { errorMessages } from '@app/contract/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../../test/auth-helpers.ts';
import { addToBasket, basketOf, cartCall, givenCoupon, productBySku, seededSkus } from '../../../../test/shop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

// GET /api/cart?country= (issue 5's checkout fix): the summary priced for the buyer's billing
// country, as the checkout will price the order. The seeded BIG5 report costs 29.00 net.
let t: TestApp;
let user: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());
beforeEach(async () => {
  user = await registerUser(t);
});

const cartFor = (country?: string) => cartCall(t, user, { method: 'GET', url: shopApiPaths.cart, ...(country === undefined ? {} : { query: { country } }) });

describe('GET /api/cart?country=', () => {
  it('prices the summary with France’s 20 % for country=FR', async () => {
    await addToBasket(t, user, seededSkus.big5);
    const basket = basketOf(await cartFor('FR'));
    // 29.00 + 20 % (5.80) = 34.80.
    expect(basket.summary).toEqual({ subtotal: 2900, vat_amount: 580, vat_percentage: 20, discount_amount: 0, discount_subtotal: 2900, total: 3480 });
  });

  it('charges no VAT for a buyer outside the EU (country=US)', async () => {
    await addToBasket(t, user, seededSkus.big5);
    const basket = basketOf(await cartFor('US'));
    expect(basket.summary).toEqual({ subtotal: 2900, vat_amount: 0, vat_percentage: 0, discount_amount: 0, discount_subtotal: 2900, total: 2900 });
  });

  it('prices for the shop’s own country (DE, 19 %) without the query, and stores nothing about an earlier country', async () => {
    await addToBasket(t, user, seededSkus.big5);
    expect(basketOf(await cartFor('FR')).summary.total).toBe(3480);
    const basket = basketOf(await cartFor());
    expect(basket.summary).toEqual({ subtotal: 2900, vat_amount: 551, vat_percentage: 19, discount_amount: 0, discount_subtotal: 2900, total: 3451 });
  });

  it('takes the code in any case, and Greece’s VAT prefix EL as Greece', async () => {
    await addToBasket(t, user, seededSkus.big5);
    expect(basketOf(await cartFor('fr')).summary.vat_percentage).toBe(20);
    expect(basketOf(await cartFor('EL')).summary).toMatchObject({ vat_percentage: 24, vat_amount: 696, total: 3596 });
  });

  it('adds the VAT of the country to the discounted subtotal', async () => {
    await addToBasket(t, user, seededSkus.big5);
    const coupon = await givenCoupon(t, { code: 'COUNTRY10', percent: '10' });
    const applied = await cartCall(t, user, { method: 'POST', url: shopApiPaths.cartCoupon, payload: { coupon_code: coupon.code } });
    expect(applied.statusCode).toBe(200);
    // 29.00 - 10 % = 26.10; + 20 % (5.22) = 31.32.
    expect(basketOf(await cartFor('FR')).summary).toEqual({ subtotal: 2900, vat_amount: 522, vat_percentage: 20, discount_amount: 290, discount_subtotal: 2610, total: 3132 });
  });

  it('answers 204 for an empty basket whatever the country', async () => {
    const response = await cartFor('FR');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it.each(['FRA', 'F1', '', 'Germany'])('refuses country=%j with 422 on country', async (country) => {
    await addToBasket(t, user, seededSkus.big5);
    const response = await cartFor(country);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: errorMessages.invalidData, errors: { country: [cartCountryMessage] } });
  });

  it('refuses a country given twice', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${shopApiPaths.cart}?country=FR&country=DE`, headers: user.authHeaders });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['country']);
  });
});

// Issue 16, "basket and checkout show different totals": the buyer's country is known before the
// basket is priced: the saved billing details, else the country of birth, else the browser's
// region the web sends, else the shop's own; the answer names it (vat_country) and every cart call
// prices the same way.
describe('the buyer’s country without ?country', () => {
  const parisBirth: BirthDetailsRequest = {
    birth_date: '1990-05-17',
    birth_time: '14:30:00',
    birth_city: 'Paris',
    birth_country: 'France',
    country_code: 'FR',
    latitude: 48.8566,
    longitude: 2.3522,
    timezone: 'Europe/Paris',
  };
  const viennaBilling: BillingDetailsInput = {
    name: 'Ada Lovelace',
    billing_email: 'ada@example.com',
    address_line_1: 'Stephansplatz 1',
    city: 'Wien',
    postal_code: '1010',
    country: 'AT',
  };

  async function bornInFrance(): Promise<void> {
    const response = await t.app.inject({ method: 'PUT', url: accountApiPaths.birthDetails, headers: user.headersWithCsrf, payload: parisBirth });
    expect(response.statusCode).toBe(200);
  }

  async function billedInAustria(): Promise<void> {
    const response = await t.app.inject({ method: 'PUT', url: accountApiPaths.billingDetails, headers: user.headersWithCsrf, payload: viennaBilling });
    expect(response.statusCode).toBe(200);
  }

  it('prices for the country of birth (France, 20 %) and says so', async () => {
    await addToBasket(t, user, seededSkus.big5);
    await bornInFrance();
    const basket = basketOf(await cartFor());
    expect(basket.vat_country).toEqual({ code: 'FR', source: 'birth_details' });
    expect(basket.summary).toMatchObject({ vat_percentage: 20, vat_amount: 580, total: 3480 });
  });

  it('prefers the saved billing country (Austria, 20 %) to the country of birth', async () => {
    await addToBasket(t, user, seededSkus.big5);
    await bornInFrance();
    await billedInAustria();
    expect(basketOf(await cartFor()).vat_country).toEqual({ code: 'AT', source: 'billing_details' });
  });

  it('takes the browser’s region when the account names no country, and the shop’s own without one', async () => {
    await addToBasket(t, user, seededSkus.big5);
    const fromRegion = basketOf(await cartCall(t, user, { method: 'GET', url: shopApiPaths.cart, query: { region: 'it' } }));
    expect(fromRegion.vat_country).toEqual({ code: 'IT', source: 'browser_region' });
    expect(fromRegion.summary.vat_percentage).toBe(22);
    expect(basketOf(await cartFor()).vat_country).toEqual({ code: 'DE', source: 'shop' });
  });

  it('lets the account’s country win over the browser’s region, and the requested country over both', async () => {
    await addToBasket(t, user, seededSkus.big5);
    await bornInFrance();
    const withRegion = basketOf(await cartCall(t, user, { method: 'GET', url: shopApiPaths.cart, query: { region: 'IT' } }));
    expect(withRegion.vat_country).toEqual({ code: 'FR', source: 'birth_details' });
    const requested = basketOf(await cartCall(t, user, { method: 'GET', url: shopApiPaths.cart, query: { region: 'IT', country: 'US' } }));
    expect(requested.vat_country).toEqual({ code: 'US', source: 'requested' });
    expect(requested.summary.total).toBe(2900);
  });

  it('prices every cart call the same way: adding, the coupon and removing answer the country of the basket page', async () => {
    await bornInFrance();
    const product = await productBySku(t, seededSkus.big5);
    const added = await cartCall(t, user, { method: 'POST', url: shopApiPaths.cartItems, payload: { product_id: product.id } });
    expect(addCartItemEnvelope.parse(added.json()).data.summary.total).toBe(3480);
    const chosen = await cartCall(t, user, { method: 'POST', url: shopApiPaths.cartItems, query: { country: 'US' }, payload: { sku: seededSkus.values } });
    expect(addCartItemEnvelope.parse(chosen.json()).data.vat_country).toEqual({ code: 'US', source: 'requested' });
    const removed = await cartCall(t, user, { method: 'DELETE', url: shopApiPaths.cartItem((await productBySku(t, seededSkus.values)).id), query: { country: 'US' } });
    expect(basketOf(removed).summary.total).toBe(2900);
  });

  it('refuses a region that is not a country code with 422 on region', async () => {
    await addToBasket(t, user, seededSkus.big5);
    const response = await cartCall(t, user, { method: 'GET', url: shopApiPaths.cart, query: { region: 'Europe' } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: errorMessages.invalidData, errors: { region: [cartCountryMessage] } });
  });
});
