import { shopApiPaths } from '@app/contract/api-paths';
import { basketEnvelope } from '@app/contract/basket';
import { vatNumberMessages } from '@app/contract/vat-numbers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema/orders.ts';
import { registerUser, type RegisteredUser } from '../../../../test/auth-helpers.ts';
import { addToBasket, basketOf, billing, checkout, checkoutBody, createCheckoutTestApp, postCheckout } from '../../../../test/checkout-helpers.ts';
import { startFakeVies, type FakeVies } from '../../../../test/fake-vies.ts';
import { readPdf } from '../../../../test/pdf-reader.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import { ViesVatNumberChecker } from './vies-checker.ts';

// Issue 5: a business buyer with a VAT number from another EU country gets the reverse charge only
// when the configured checker verifies the number. The seeded BIG5 report costs 29.00 net: France
// 20 % makes 34.80, Germany 19 % 34.51, the reverse charge 29.00.
const sellerVatNumber = 'DE123456789';
const frenchBusiness = 'FR12345678901';
const greekBusiness = 'EL123456789';
const germanBusiness = 'DE987654321';

let vies: FakeVies;
let t: TestApp;
let user: RegisteredUser;

const frenchBilling = (vatNumber: string) => billing({ country: 'FR', city: 'Paris', postal_code: '75001', address: '1 rue de Rivoli', company: 'Exemple SARL', vat_number: vatNumber });

async function totalShownFor(app: TestApp, country: string): Promise<number> {
  const response = await app.app.inject({ method: 'GET', url: shopApiPaths.cart, query: { country }, headers: user.authHeaders });
  return basketEnvelope.parse(response.json()).data.summary.total;
}

async function ordersOf(app: TestApp, buyer: RegisteredUser) {
  return app.db.select().from(orders).where(eq(orders.userId, buyer.account.id));
}

beforeAll(async () => {
  vies = await startFakeVies();
  vies.register(sellerVatNumber, { name: 'Compass Test GmbH', address: 'Teststraße 1, 10115 Berlin' });
  vies.register(frenchBusiness, { name: 'EXEMPLE SARL', address: '1 RUE DE RIVOLI 75001 PARIS' });
  vies.register(greekBusiness);
  vies.register(germanBusiness);
  t = await createCheckoutTestApp({ env: { VAT_NUMBER_CHECKER: 'vies', VIES_URL: vies.url, VIES_TIMEOUT_MS: '400', SELLER_VAT_NUMBER: sellerVatNumber } });
});
afterAll(async () => {
  await t?.close();
  await vies?.close();
});
beforeEach(async () => {
  vies.setMode('up');
  user = await registerUser(t);
  await addToBasket(t, user, 'REPORT-BIG5');
});

describe('checkout with the VIES checker', () => {
  it('gives a verified French business the reverse charge, and its invoice says so with both VAT numbers', async () => {
    // The page showed the consumer total for France; the reverse charge only takes the VAT away.
    const shown = await totalShownFor(t, 'FR');
    expect(shown).toBe(3480);
    const result = await checkout(t, user, checkoutBody({ billing: frenchBilling(frenchBusiness), expected_total: shown }));

    expect(result.status).toBe('paid');
    expect(result.order.reverse_charge).toBe(true);
    expect(result.order.summary).toMatchObject({ subtotal: 2900, vat_amount: 0, vat_percentage: 0, total: 2900 });
    expect(vies.requests.at(-1)).toEqual({ countryCode: 'FR', vatNumber: '12345678901', requesterMemberStateCode: 'DE', requesterNumber: '123456789' });
    const [row] = await ordersOf(t, user);
    expect(row?.sellerVatNumber).toBe(sellerVatNumber);
    expect(row?.vatNumberConsultation).toMatch(/^WAPI[0-9A-F]{12}$/);

    const invoice = await t.app.inject({ method: 'GET', url: shopApiPaths.orderInvoice(result.order.id), headers: user.authHeaders });
    expect(invoice.statusCode).toBe(200);
    const text = (await readPdf(invoice.rawPayload)).text.replace(/\s+/g, ' ');
    expect(text).toContain('Reverse charge');
    expect(text).toContain('VAT 0% (reverse charge)');
    expect(text).toMatch(/Supplier VAT number:\s+DE123456789/);
    expect(text).toMatch(/Customer VAT number:\s+FR12345678901/);
    expect(text).toContain(`VIES consultation number: ${row?.vatNumberConsultation ?? ''}`);
    expect(text).toContain('€29.00');
  });

  it('refuses a VAT number the register does not confirm, under the VAT number field, and charges nothing', async () => {
    const response = await postCheckout(t, user, checkoutBody({ billing: frenchBilling('FR99999999999') }));

    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { 'billing.vat_number': [vatNumberMessages.notRegistered] } });
    expect(vatNumberMessages.notRegistered).toBe('The EU VAT register does not confirm this VAT number. Check it, or leave the field empty to pay with VAT.');
    expect(await ordersOf(t, user)).toEqual([]);
    expect((await basketOf(t, user))?.items).toHaveLength(1);
  });

  it('prices a business as a consumer (French VAT) when VIES is down', async () => {
    vies.setMode('down');
    const result = await checkout(t, user, checkoutBody({ billing: frenchBilling(frenchBusiness), expected_total: 3480 }));

    expect(result.status).toBe('paid');
    expect(result.order.reverse_charge).toBe(false);
    expect(result.order.summary).toMatchObject({ vat_amount: 580, vat_percentage: 20, total: 3480 });
  });

  it('prices a business as a consumer when the member state’s register is unavailable', async () => {
    vies.setMode('member-state-down');
    const result = await checkout(t, user, checkoutBody({ billing: frenchBilling(frenchBusiness) }));

    expect(result.order.reverse_charge).toBe(false);
    expect(result.order.summary.total).toBe(3480);
  });

  it('prices a business as a consumer when VIES answers too late, without holding up the checkout', async () => {
    vies.setMode('slow', 3000);
    const started = Date.now();
    const result = await checkout(t, user, checkoutBody({ billing: frenchBilling(frenchBusiness) }));

    expect(Date.now() - started).toBeLessThan(2500);
    expect(result.status).toBe('paid');
    expect(result.order.reverse_charge).toBe(false);
    expect(result.order.summary.total).toBe(3480);
  });

  it('never gives the reverse charge to a business in the seller’s own country, and does not ask VIES', async () => {
    const asked = vies.requests.length;
    const result = await checkout(t, user, checkoutBody({ billing: billing({ company: 'Beispiel GmbH', vat_number: germanBusiness }) }));

    expect(result.order.reverse_charge).toBe(false);
    expect(result.order.summary).toMatchObject({ vat_amount: 551, vat_percentage: 19, total: 3451 });
    expect(result.order.billing.vat_number).toBe(germanBusiness);
    expect(vies.requests.length).toBe(asked);
  });

  it('reads Greece’s EL prefix and gives a verified Greek business the reverse charge', async () => {
    const result = await checkout(t, user, checkoutBody({ billing: billing({ country: 'GR', city: 'Athens', postal_code: '10557', vat_number: greekBusiness }) }));

    expect(result.order.reverse_charge).toBe(true);
    expect(result.order.summary.total).toBe(2900);
    expect(vies.requests.at(-1)).toMatchObject({ countryCode: 'EL', vatNumber: '123456789' });
  });

  it('refuses a VAT number of another country than the billing address', async () => {
    const greek = await postCheckout(t, user, checkoutBody({ billing: billing({ country: 'GR', city: 'Athens', postal_code: '10557', vat_number: 'GR123456789' }) }));
    expect(greek.statusCode).toBe(422);
    expect(greek.json()).toMatchObject({ errors: { 'billing.vat_number': [vatNumberMessages.wrongCountry('EL')] } });
    expect(vatNumberMessages.wrongCountry('EL')).toBe('A VAT number for this billing country starts with EL.');

    const german = await postCheckout(t, user, checkoutBody({ billing: frenchBilling(germanBusiness) }));
    expect(german.statusCode).toBe(422);
    expect(german.json()).toMatchObject({ errors: { 'billing.vat_number': ['A VAT number for this billing country starts with FR.'] } });
  });

  it('refuses a number of the wrong shape without asking the register', async () => {
    const asked = vies.requests.length;
    const response = await postCheckout(t, user, checkoutBody({ billing: frenchBilling('FR123') }));

    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { 'billing.vat_number': ['This is not the format of a FR VAT number. Please check it.'] } });
    expect(vies.requests.length).toBe(asked);
  });

  it('asks nothing for a buyer outside the EU, who pays no EU VAT', async () => {
    const asked = vies.requests.length;
    const result = await checkout(t, user, checkoutBody({ billing: billing({ country: 'CH', city: 'Zürich', postal_code: '8001', vat_number: 'CHE123456789' }) }));

    expect(result.order.reverse_charge).toBe(false);
    expect(result.order.summary).toMatchObject({ vat_amount: 0, total: 2900 });
    expect(vies.requests.length).toBe(asked);
  });
});

describe('the VIES checker on its own', () => {
  it('asks without the requester once VIES refuses the seller’s number, and still verifies', async () => {
    const checker = new ViesVatNumberChecker({ baseUrl: vies.url, timeoutMs: 400, requesterVatNumber: 'DE111111111' });
    expect(await checker.verify(frenchBusiness, 'FR')).toEqual({ status: 'valid', name: 'EXEMPLE SARL', address: '1 RUE DE RIVOLI 75001 PARIS' });
    const before = vies.requests.length;
    expect((await checker.verify(frenchBusiness, 'FR')).status).toBe('valid');
    expect(vies.requests.slice(before)).toEqual([{ countryCode: 'FR', vatNumber: '12345678901' }]);
  });

  it('says unverified, never valid, for an address where no VIES answers', async () => {
    const checker = new ViesVatNumberChecker({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 400 });
    expect(await checker.verify(frenchBusiness, 'FR')).toEqual({ status: 'unverified' });
  });
});

describe('checkout with the offline format checker (the default)', () => {
  let offline: TestApp;

  beforeAll(async () => {
    offline = await createCheckoutTestApp();
  });
  afterAll(async () => {
    await offline?.close();
  });

  it('treats a well-formed VAT number as a consumer’s: never the reverse charge', async () => {
    const buyer = await registerUser(offline);
    await addToBasket(offline, buyer, 'REPORT-BIG5');
    const result = await checkout(offline, buyer, checkoutBody({ billing: frenchBilling(frenchBusiness) }));

    expect(result.order.reverse_charge).toBe(false);
    expect(result.order.summary).toMatchObject({ vat_percentage: 20, total: 3480 });
  });

  it('still refuses a number of the wrong shape', async () => {
    const buyer = await registerUser(offline);
    await addToBasket(offline, buyer, 'REPORT-BIG5');
    const response = await postCheckout(offline, buyer, checkoutBody({ billing: frenchBilling('FR12345') }));

    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { 'billing.vat_number': [vatNumberMessages.wrongFormat('FR')] } });
  });
});
