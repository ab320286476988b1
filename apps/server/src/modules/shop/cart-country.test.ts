import { shopApiPaths } from '@app/contract/api-paths';
import { cartCountryMessage } from '@app/contract/cart';
import { errorMessages } from '@app/contract/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { addToBasket, basketOf, cartCall, givenCoupon, seededSkus } from '../../../test/shop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

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
