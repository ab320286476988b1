import { accountApiPaths } from '@app/contract/api-paths';
import { billingDetailsEnvelope, type BillingDetailsInput } from '@app/contract/billing-details';
import { countryCodeMessage } from '@app/contract/checkout';
import { errorMessages, validationMessages } from '@app/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { addToBasket, billing, card, checkout, checkoutBody, createCheckoutTestApp, testCards } from '../../../test/checkout-helpers.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { nulCharacterMessage } from '../../plugins/nul-characters.ts';

// Issue 16, "billing details are never remembered": the account's billing details (spec section
// 3 "Billing details") through GET/PUT/DELETE /api/user/billing-details, and saved by a paid
// checkout whose buyer ticked "Remember".

let t: TestApp;

beforeAll(async () => {
  t = await createCheckoutTestApp();
});
afterAll(async () => {
  await t?.close();
});

const lisbon: BillingDetailsInput = {
  name: 'Ada Lovelace',
  billing_email: 'billing@example.com',
  address_line_1: 'Rua Augusta 10',
  address_line_2: '3º esquerdo',
  city: 'Lisboa',
  postal_code: '1100-053',
  country: 'pt',
  county: '',
};

function get(user: RegisteredUser) {
  return t.app.inject({ method: 'GET', url: accountApiPaths.billingDetails, headers: user.authHeaders });
}

function put(user: RegisteredUser, body: unknown) {
  return t.app.inject({ method: 'PUT', url: accountApiPaths.billingDetails, headers: user.headersWithCsrf, payload: body as object });
}

async function savedDetails(user: RegisteredUser) {
  const response = await get(user);
  expect(response.statusCode).toBe(200);
  return billingDetailsEnvelope.parse(response.json()).data;
}

describe('GET, PUT and DELETE /api/user/billing-details', () => {
  it('answers data null while none are saved', async () => {
    const user = await registerUser(t);
    expect((await get(user)).json()).toEqual({ data: null });
  });

  it('saves the spec’s fields, upper-cases the country, stores an empty county as null, and reads them back', async () => {
    const user = await registerUser(t);
    const response = await put(user, lisbon);
    expect(response.statusCode).toBe(200);
    const expected = {
      name: 'Ada Lovelace',
      billing_email: 'billing@example.com',
      address_line_1: 'Rua Augusta 10',
      address_line_2: '3º esquerdo',
      city: 'Lisboa',
      postal_code: '1100-053',
      country: 'PT',
      county: null,
      updated_at: expect.any(String),
    };
    expect(billingDetailsEnvelope.parse(response.json()).data).toEqual(expected);
    expect(await savedDetails(user)).toEqual(expected);
  });

  it('replaces what was saved', async () => {
    const user = await registerUser(t);
    await put(user, lisbon);
    await put(user, { ...lisbon, address_line_2: null, city: 'Porto', county: 'Porto' });
    expect(await savedDetails(user)).toMatchObject({ city: 'Porto', address_line_2: null, county: 'Porto' });
  });

  it('refuses missing and malformed fields with 422 and each field’s message', async () => {
    const user = await registerUser(t);
    const response = await put(user, { ...lisbon, name: ' ', billing_email: 'not-an-address', address_line_1: '', country: 'Portugal', city: undefined });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: errorMessages.invalidData,
      errors: {
        name: [validationMessages.required],
        billing_email: [validationMessages.email],
        address_line_1: [validationMessages.required],
        city: [validationMessages.required],
        country: [countryCodeMessage],
      },
    });
    expect(await savedDetails(user)).toBeNull();
  });

  it('keeps each account’s details to itself', async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    await put(owner, lisbon);
    expect(await savedDetails(other)).toBeNull();
    await put(other, { ...lisbon, name: 'Grace Hopper' });
    expect((await savedDetails(owner))?.name).toBe('Ada Lovelace');
  });

  // Issue 14's fuzz run: a NUL in the county reached PostgreSQL, whose text cannot hold one (500).
  it('refuses a NUL character in a field with 422 under that field, and keeps what was saved', async () => {
    const user = await registerUser(t);
    await put(user, lisbon);
    const response = await put(user, { ...lisbon, name: 'Grace Hopper', county: 'Lisboa\u0000' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: errorMessages.invalidData, errors: { county: [nulCharacterMessage] } });
    expect((await savedDetails(user))?.name).toBe('Ada Lovelace');
  });

  it('forgets them on DELETE, and a second DELETE changes nothing', async () => {
    const user = await registerUser(t);
    await put(user, lisbon);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await t.app.inject({ method: 'DELETE', url: accountApiPaths.billingDetails, headers: user.headersWithCsrf });
      expect(response.statusCode).toBe(204);
    }
    expect(await savedDetails(user)).toBeNull();
  });

  it('needs a login', async () => {
    expect((await t.app.inject({ method: 'GET', url: accountApiPaths.billingDetails })).statusCode).toBe(401);
  });
});

describe('a paid checkout with "Remember these billing details"', () => {
  it('saves the billing details with the account once paid (the personal part)', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, 'REPORT-BIG5');
    const paid = await checkout(t, user, checkoutBody({ billing: billing({ state: 'Berlin', company: 'Lovelace Analytics', vat_number: 'DE123456789' }), remember_billing_details: true }));
    expect(paid.status).toBe('paid');

    expect(await savedDetails(user)).toEqual({
      name: 'Ada Lovelace',
      billing_email: 'ada@example.com',
      address_line_1: 'Unter den Linden 1',
      address_line_2: null,
      city: 'Berlin',
      postal_code: '10117',
      country: 'DE',
      county: 'Berlin',
      updated_at: expect.any(String),
    });
  });

  it('keeps both address lines when the checkout kept the address they were joined into', async () => {
    const user = await registerUser(t);
    await put(user, lisbon);
    await addToBasket(t, user, 'REPORT-BIG5');
    await checkout(t, user, checkoutBody({ billing: billing({ address: 'Rua Augusta 10, 3º esquerdo', city: 'Lisboa', postal_code: '1100-053', country: 'PT' }), remember_billing_details: true }));
    expect(await savedDetails(user)).toMatchObject({ address_line_1: 'Rua Augusta 10', address_line_2: '3º esquerdo', billing_email: 'ada@example.com' });
  });

  it('saves nothing when the card is declined', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, 'REPORT-BIG5');
    const declined = await checkout(t, user, checkoutBody({ payment: { method: 'card', card: card(testCards.declined) }, remember_billing_details: true }));
    expect(declined.status).toBe('failed');
    expect(await savedDetails(user)).toBeNull();
  });

  it('saves nothing without the box ticked', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, 'REPORT-BIG5');
    expect((await checkout(t, user, checkoutBody())).status).toBe('paid');
    expect(await savedDetails(user)).toBeNull();
  });
});
