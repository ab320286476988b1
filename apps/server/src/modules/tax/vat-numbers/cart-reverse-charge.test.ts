import { shopApiPaths } from '@app/contract/api-paths';
import { basketEnvelope, type Basket } from '@app/contract/basket';
import { vatNumberMessages } from '@app/contract/vat-numbers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../lib/clock.ts';
import { registerUser, type RegisteredUser } from '../../../../test/auth-helpers.ts';
import { addToBasket, billing, checkout, checkoutBody, createCheckoutTestApp, postCheckout } from '../../../../test/checkout-helpers.ts';
import { startFakeVies, type FakeVies } from '../../../../test/fake-vies.ts';
import type { TestApp } from '../../../../test/test-app.ts';

// Issue 5: the checkout page shows the reverse charge before payment. GET /api/cart?country=&
// vat_number= checks the number with the checker the checkout is configured with (here VIES, a
// local fake) and prices with the reverse charge when it is verified. The seeded BIG5 report costs
// 29.00 net: France 20 % makes 34.80, the reverse charge 29.00.
const sellerVatNumber = 'DE123456789';
const frenchBusiness = 'FR12345678901';
const otherFrenchBusiness = 'FR98765432109';
const unregisteredFrench = 'FR99999999999';

let vies: FakeVies;
let clock: ManualClock;
let t: TestApp;
let user: RegisteredUser;

async function cartFor(query: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: shopApiPaths.cart, query, headers: user.authHeaders });
}

async function basketFor(query: Record<string, string>): Promise<Basket> {
  const response = await cartFor(query);
  expect(response.statusCode, response.body).toBe(200);
  return basketEnvelope.parse(response.json()).data;
}

function viesQuestionsAbout(vatNumber: string): number {
  return vies.requests.filter((request) => `${request.countryCode}${request.vatNumber}` === vatNumber).length;
}

beforeAll(async () => {
  vies = await startFakeVies();
  vies.register(sellerVatNumber);
  vies.register(frenchBusiness, { name: 'EXEMPLE SARL', address: '1 RUE DE RIVOLI 75001 PARIS' });
  vies.register(otherFrenchBusiness);
  clock = new ManualClock();
  t = await createCheckoutTestApp({ clock, env: { VAT_NUMBER_CHECKER: 'vies', VIES_URL: vies.url, VIES_TIMEOUT_MS: '400', SELLER_VAT_NUMBER: sellerVatNumber } });
});
afterAll(async () => {
  await t?.close();
  await vies?.close();
});
beforeEach(async () => {
  vies.setMode('up');
  // Past every memory of earlier tests' answers.
  clock.advanceBy(60 * 60_000);
  user = await registerUser(t);
  await addToBasket(t, user, 'REPORT-BIG5');
});

describe('GET /api/cart?vat_number= with the VIES checker', () => {
  it('prices a verified business in another EU country with the reverse charge and says so', async () => {
    const basket = await basketFor({ country: 'FR', vat_number: frenchBusiness });

    expect(basket.summary).toEqual({ subtotal: 2900, vat_amount: 0, vat_percentage: 0, discount_amount: 0, discount_subtotal: 2900, total: 2900, reverse_charge: true });
    expect(vies.requests.at(-1)).toEqual({ countryCode: 'FR', vatNumber: '12345678901', requesterMemberStateCode: 'DE', requesterNumber: '123456789' });
  });

  it('takes the number as buyers type it: spaces, dots and lower case', async () => {
    const basket = await basketFor({ country: 'fr', vat_number: ' fr 123.456.789-01 ' });
    expect(basket.summary).toMatchObject({ vat_amount: 0, total: 2900, reverse_charge: true });
  });

  it('prices a number the register does not confirm as a consumer’s, without failing the read', async () => {
    const basket = await basketFor({ country: 'FR', vat_number: unregisteredFrench });
    expect(basket.summary).toMatchObject({ vat_amount: 580, vat_percentage: 20, total: 3480, reverse_charge: false });

    // The checkout itself still refuses that number under its field.
    const refused = await postCheckout(t, user, checkoutBody({ billing: billing({ country: 'FR', city: 'Paris', postal_code: '75001', vat_number: unregisteredFrench }) }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { 'billing.vat_number': [vatNumberMessages.notRegistered] } });
  });

  it('prices half-typed numbers, other countries’ numbers and nonsense as a consumer’s, without asking the register', async () => {
    const asked = vies.requests.length;
    for (const vatNumber of ['FR123', 'DE987654321', 'not a number', 'x'.repeat(500)]) {
      const basket = await basketFor({ country: 'FR', vat_number: vatNumber });
      expect(basket.summary, vatNumber).toMatchObject({ vat_amount: 580, total: 3480, reverse_charge: false });
    }
    expect(vies.requests.length).toBe(asked);
  });

  it('never gives the reverse charge in the seller’s own country, and does not ask the register', async () => {
    const asked = vies.requests.length;
    const basket = await basketFor({ country: 'DE', vat_number: sellerVatNumber });
    expect(basket.summary).toMatchObject({ vat_amount: 551, vat_percentage: 19, total: 3451, reverse_charge: false });
    expect(vies.requests.length).toBe(asked);
  });

  it('prices for the shop’s own country when the number comes without a billing country', async () => {
    const basket = await basketFor({ vat_number: frenchBusiness });
    expect(basket.summary).toMatchObject({ vat_percentage: 19, total: 3451, reverse_charge: false });
  });

  it('prices as a consumer while VIES is down, and asks again once that answer is half a minute old', async () => {
    vies.setMode('down');
    expect((await basketFor({ country: 'FR', vat_number: otherFrenchBusiness })).summary).toMatchObject({ total: 3480, reverse_charge: false });

    vies.setMode('up');
    expect((await basketFor({ country: 'FR', vat_number: otherFrenchBusiness })).summary.reverse_charge).toBe(false);
    clock.advanceBy(31_000);
    expect((await basketFor({ country: 'FR', vat_number: otherFrenchBusiness })).summary).toMatchObject({ total: 2900, reverse_charge: true });
  });

  it('asks the register once per number for repeated and simultaneous reads, across buyers', async () => {
    const before = viesQuestionsAbout(frenchBusiness);
    const other = await registerUser(t);
    await addToBasket(t, other, 'REPORT-BIG5');

    const reads = await Promise.all([
      cartFor({ country: 'FR', vat_number: frenchBusiness }),
      cartFor({ country: 'FR', vat_number: frenchBusiness }),
      t.app.inject({ method: 'GET', url: shopApiPaths.cart, query: { country: 'FR', vat_number: frenchBusiness }, headers: other.authHeaders }),
    ]);
    expect(reads.map((read) => basketEnvelope.parse(read.json()).data.summary.reverse_charge)).toEqual([true, true, true]);
    expect(viesQuestionsAbout(frenchBusiness) - before).toBe(1);

    // Ten minutes later the register is asked again.
    clock.advanceBy(10 * 60_000 + 1);
    await basketFor({ country: 'FR', vat_number: frenchBusiness });
    expect(viesQuestionsAbout(frenchBusiness) - before).toBe(2);
  });

  it('prices a user past 30 previews with a VAT number in ten minutes as a consumer, without asking the register', async () => {
    for (let preview = 0; preview < 30; preview += 1) expect((await basketFor({ country: 'FR', vat_number: frenchBusiness })).summary.reverse_charge).toBe(true);
    const asked = viesQuestionsAbout(otherFrenchBusiness);

    const past = await basketFor({ country: 'FR', vat_number: otherFrenchBusiness });
    expect(past.summary).toMatchObject({ vat_percentage: 20, total: 3480, reverse_charge: false });
    expect(viesQuestionsAbout(otherFrenchBusiness)).toBe(asked);
    // The checkout still checks the number itself.
    const paid = await checkout(t, user, checkoutBody({ billing: billing({ country: 'FR', city: 'Paris', postal_code: '75001', company: 'Exemple SARL', vat_number: frenchBusiness }) }));
    expect(paid.order.reverse_charge).toBe(true);
  });

  it('keeps the spec’s summary without reverse_charge when no VAT number is named', async () => {
    const basket = await basketFor({ country: 'FR' });
    expect(basket.summary).toEqual({ subtotal: 2900, vat_amount: 580, vat_percentage: 20, discount_amount: 0, discount_subtotal: 2900, total: 3480 });
    expect(basket.summary).not.toHaveProperty('reverse_charge');

    const empty = await basketFor({ country: 'FR', vat_number: '' });
    expect(empty.summary).not.toHaveProperty('reverse_charge');
  });

  it('lets the buyer pay the reverse-charged total the page showed', async () => {
    const shown = await basketFor({ country: 'FR', vat_number: frenchBusiness });
    const result = await checkout(
      t,
      user,
      checkoutBody({ billing: billing({ country: 'FR', city: 'Paris', postal_code: '75001', company: 'Exemple SARL', vat_number: frenchBusiness }), expected_total: shown.summary.total }),
    );

    expect(result.status).toBe('paid');
    expect(result.order.reverse_charge).toBe(true);
    expect(result.order.summary.total).toBe(2900);
  });

  it('answers 204 for an empty basket whatever the number', async () => {
    const buyer = await registerUser(t);
    const response = await t.app.inject({ method: 'GET', url: shopApiPaths.cart, query: { country: 'FR', vat_number: frenchBusiness }, headers: buyer.authHeaders });
    expect(response.statusCode).toBe(204);
  });
});

describe('GET /api/cart?vat_number= with the offline format checker (the default)', () => {
  let offline: TestApp;

  beforeAll(async () => {
    offline = await createCheckoutTestApp();
  });
  afterAll(async () => {
    await offline?.close();
  });

  it('never shows the reverse charge: a well-formed number is not a verified one', async () => {
    const buyer = await registerUser(offline);
    await addToBasket(offline, buyer, 'REPORT-BIG5');
    const response = await offline.app.inject({ method: 'GET', url: shopApiPaths.cart, query: { country: 'FR', vat_number: frenchBusiness }, headers: buyer.authHeaders });

    expect(response.statusCode).toBe(200);
    expect(basketEnvelope.parse(response.json()).data.summary).toMatchObject({ vat_percentage: 20, total: 3480, reverse_charge: false });
  });
});
