import { shopApiPaths } from '@app/contract/api-paths';
import { cardMessages, paymentConfig } from '@app/contract/checkout';
import { paymentMethodEnvelope, paymentMethodList, paymentSetupResponse } from '@app/contract/payment-methods';
import { transactionList } from '@app/contract/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../../test/auth-helpers.ts';
import { addToBasket, card, checkout, checkoutBody, testCards, createCheckoutTestApp } from '../../../../test/checkout-helpers.ts';
import { type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createCheckoutTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function saveCard(user: RegisteredUser, number: string = testCards.succeeds, setDefault?: boolean) {
  return t.app.inject({ method: 'POST', url: shopApiPaths.paymentMethods, headers: user.headersWithCsrf, payload: { method: 'card', card: card(number), ...(setDefault === undefined ? {} : { set_default: setDefault }) } });
}

async function methodsOf(user: RegisteredUser) {
  const response = await t.app.inject({ method: 'GET', url: shopApiPaths.paymentMethods, headers: user.authHeaders });
  expect(response.statusCode).toBe(200);
  return paymentMethodList.parse(response.json()).data;
}

describe('payment configuration', () => {
  it('says the offline test provider takes cards, in test mode', async () => {
    const user = await registerUser(t);
    const response = await t.app.inject({ method: 'GET', url: shopApiPaths.paymentConfig, headers: user.authHeaders });
    expect(paymentConfig.parse(response.json())).toEqual({ provider: 'test', publishable_key: null, test_mode: true });
    expect(response.headers['content-security-policy']).not.toContain('stripe');
  });
});

describe('saved payment methods', () => {
  it('adds cards (the first becomes the default), sets another default and removes one', async () => {
    const user = await registerUser(t);
    const setup = await t.app.inject({ method: 'POST', url: shopApiPaths.paymentSetup, headers: user.headersWithCsrf });
    expect(paymentSetupResponse.parse(setup.json())).toEqual({ provider: 'test', client_secret: null });

    const visa = await saveCard(user);
    expect(visa.statusCode).toBe(201);
    const first = paymentMethodEnvelope.parse(visa.json()).data;
    expect(first).toMatchObject({ type: 'card', brand: 'visa', last4: '4242', exp_month: 12, is_default: true });
    const mastercard = paymentMethodEnvelope.parse((await saveCard(user, '5555555555554444')).json()).data;
    expect(mastercard).toMatchObject({ brand: 'mastercard', last4: '4444', is_default: false });

    const made = await t.app.inject({ method: 'PUT', url: shopApiPaths.paymentMethodDefault(mastercard.id), headers: user.headersWithCsrf });
    expect(made.statusCode).toBe(200);
    expect((await methodsOf(user)).map((method) => [method.last4, method.is_default])).toEqual([
      ['4444', true],
      ['4242', false],
    ]);

    // Removing the default makes the remaining card the default.
    const removed = await t.app.inject({ method: 'DELETE', url: shopApiPaths.paymentMethod(mastercard.id), headers: user.headersWithCsrf });
    expect(removed.statusCode).toBe(204);
    expect((await methodsOf(user)).map((method) => [method.last4, method.is_default])).toEqual([['4242', true]]);
  });

  it('keeps only brand, last four digits and expiry', async () => {
    const user = await registerUser(t);
    await saveCard(user);
    const { rows } = await t.pool.query<Record<string, unknown>>('select * from payment_methods where user_id = $1', [user.account.id]);
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
    expect(JSON.stringify(rows)).not.toContain('"123"');
  });

  it('says "Failed to attach payment method" when the card is refused, and checks the card first', async () => {
    const user = await registerUser(t);
    const declined = await saveCard(user, testCards.declined);
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toEqual({ message: 'Failed to attach payment method' });

    const expired = await t.app.inject({
      method: 'POST',
      url: shopApiPaths.paymentMethods,
      headers: user.headersWithCsrf,
      payload: { method: 'card', card: { ...card(), exp_year: 2001 } },
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json<{ errors: Record<string, string[]> }>().errors['card.exp_year']).toEqual([cardMessages.expiry]);
    expect(await methodsOf(user)).toEqual([]);
  });

  it('answers 404 when another user touches a saved method, and changes nothing', async () => {
    const owner = await registerUser(t);
    const method = paymentMethodEnvelope.parse((await saveCard(owner)).json()).data;
    const stranger = await registerUser(t);
    expect(await methodsOf(stranger)).toEqual([]);
    const setDefault = await t.app.inject({ method: 'PUT', url: shopApiPaths.paymentMethodDefault(method.id), headers: stranger.headersWithCsrf });
    expect(setDefault.statusCode).toBe(404);
    const remove = await t.app.inject({ method: 'DELETE', url: shopApiPaths.paymentMethod(method.id), headers: stranger.headersWithCsrf });
    expect(remove.statusCode).toBe(404);
    expect(await methodsOf(owner)).toHaveLength(1);
  });
});

describe('GET /api/transactions', () => {
  it('lists the caller’s transactions newest first, a page at a time', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, 'REPORT-BIG5');
    const failed = await checkout(t, user, checkoutBody({ payment: { method: 'card', card: card(testCards.declined) } }));
    const paid = await checkout(t, user);

    const page1 = transactionList.parse((await t.app.inject({ method: 'GET', url: `${shopApiPaths.transactions}?page=1&per_page=1`, headers: user.authHeaders })).json());
    expect(page1.meta).toEqual({ page: 1, per_page: 1, total: 2 });
    expect(page1.data.map((row) => [row.order_id, row.status])).toEqual([[paid.order.id, 'succeeded']]);
    const page2 = transactionList.parse((await t.app.inject({ method: 'GET', url: `${shopApiPaths.transactions}?page=2&per_page=1`, headers: user.authHeaders })).json());
    expect(page2.data.map((row) => [row.order_id, row.status])).toEqual([[failed.order.id, 'failed']]);
    expect(page2.data[0]).toMatchObject({ amount: 3451, description: expect.stringContaining(failed.order.number) });

    const stranger = await registerUser(t);
    const theirs = transactionList.parse((await t.app.inject({ method: 'GET', url: shopApiPaths.transactions, headers: stranger.authHeaders })).json());
    expect(theirs).toEqual({ data: [], meta: { page: 1, per_page: 20, total: 0 } });
  });
});
