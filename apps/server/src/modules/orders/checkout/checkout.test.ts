import { shopApiPaths } from '@app/contract/api-paths';
import { cardMessages, checkoutMessages, checkoutResponse, digitalContentConsent } from '@app/contract/checkout';
import { paymentMessages } from '@app/contract/messages';
import { orderEnvelope, orderList } from '@app/contract/orders';
import { paymentMethodList } from '@app/contract/payment-methods';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { couponRedemptions } from '../../../db/schema/coupon-redemptions.ts';
import { grantedReports } from '../../../db/schema/granted-reports.ts';
import { orders } from '../../../db/schema/orders.ts';
import { registerUser, type RegisteredUser } from '../../../../test/auth-helpers.ts';
import {
  addToBasket,
  applyCoupon,
  basketOf,
  billing,
  card,
  checkout,
  checkoutBody,
  couponRedeemed,
  createCoupon,
  postCheckout,
  postOrderConfirmation,
  testCards,
  testProviderOf,
  createCheckoutTestApp,
  transactionsOf,
} from '../../../../test/checkout-helpers.ts';
import { type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
let user: RegisteredUser;

beforeAll(async () => {
  t = await createCheckoutTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  user = await registerUser(t);
});


describe('POST /api/checkout with the test provider', () => {
  it('pays with 4242: the order is paid, the basket emptied, the transaction recorded, the reports granted and the coupon counted', async () => {
    // Issue 16: a bundle and its single reports are never in one basket; a service sits beside it.
    await addToBasket(t, user, 'BUNDLE-COMPLETE');
    await addToBasket(t, user, 'SERVICE-TEAM-PROFILES', 3);
    const coupon = await createCoupon(t, { maxRedemptions: 10 });
    await applyCoupon(t, user, coupon.code);

    const result = await checkout(t, user);

    expect(result.status).toBe('paid');
    expect(result.next_action).toBeNull();
    expect(result.failure_message).toBeNull();
    // 5400 + 3 x 2400 = 12600; 10 % off = 1260; net 11340; German VAT 19 % = 2154.6 -> 2155; total 13495.
    expect(result.order.summary).toEqual({ subtotal: 12_600, discount_amount: 1260, vat_amount: 2155, vat_percentage: 19, total: 13_495, item_count: 4 });
    expect(result.order.status).toBe('paid');
    expect(result.order.number).toMatch(/^\d{4}-\d{6}$/);
    expect(result.order.coupon_code).toBe(coupon.code);
    expect(result.order.invoice_available).toBe(true);
    expect(result.order.lines.map((line) => [line.sku, line.line_discount])).toEqual([
      ['BUNDLE-COMPLETE', 540],
      ['SERVICE-TEAM-PROFILES', 720],
    ]);
    // The bundle's three reports and its fourth, the complete profile.
    expect(result.order.reports.map((report) => report.report_type).sort()).toEqual(['big5', 'complete', 'environment', 'values']);
    expect(result.order.reports.every((report) => report.status === 'pending')).toBe(true);

    expect(await basketOf(t, user)).toBeNull();
    expect(await couponRedeemed(t, coupon.id)).toBe(1);
    const [redemption] = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, result.order.id));
    expect(redemption?.status).toBe('confirmed');

    const transactions = await transactionsOf(t, user);
    expect(transactions.meta.total).toBe(1);
    expect(transactions.data[0]).toMatchObject({ status: 'succeeded', amount: 13_495, order_id: result.order.id });
    expect(transactions.data[0]?.transaction).toMatch(/^pi_test_/);
    expect(transactions.data[0]?.description).toBe(`Order ${result.order.number}: Complete profile bundle, Team personality profiles × 3`);

    // The test provider's own webhook-style events arrive afterwards: nothing happens twice.
    await testProviderOf(t).deliverEvents({ times: 2 });
    expect(await t.db.select().from(grantedReports).where(eq(grantedReports.orderId, result.order.id))).toHaveLength(4);
    expect((await transactionsOf(t, user)).meta.total).toBe(1);
    expect(await couponRedeemed(t, coupon.id)).toBe(1);
  });

  it.each([
    ['declined', testCards.declined, checkoutMessages.cardDeclined],
    ['insufficient funds', testCards.insufficientFunds, checkoutMessages.insufficientFunds],
  ])('fails with the %s card: the basket is kept, the coupon released and a failed transaction listed', async (_name, number, message) => {
    await addToBasket(t, user, 'REPORT-ENVIRONMENT');
    const coupon = await createCoupon(t, { maxRedemptions: 1 });
    await applyCoupon(t, user, coupon.code);

    const result = await checkout(t, user, checkoutBody({ payment: { method: 'card', card: card(number) } }));

    expect(result.status).toBe('failed');
    expect(result.failure_message).toBe(message);
    expect(result.order.status).toBe('failed');
    expect(result.order.reports).toEqual([]);
    expect(result.order.invoice_available).toBe(false);
    const basket = await basketOf(t, user);
    expect(basket?.items.map((item) => item.product_sku)).toEqual(['REPORT-ENVIRONMENT']);
    expect(basket?.coupon_code).toBe(coupon.code);
    expect(await couponRedeemed(t, coupon.id)).toBe(0);
    const transactions = await transactionsOf(t, user);
    expect(transactions.data).toHaveLength(1);
    expect(transactions.data[0]).toMatchObject({ status: 'failed', amount: result.order.summary.total });

    // The released use lets the buyer pay with another card, even with a limit of one.
    const retry = await checkout(t, user);
    expect(retry.status).toBe('paid');
    expect(await couponRedeemed(t, coupon.id)).toBe(1);
  });

  it('asks for the extra step with 4000002500003155, then pays once it is confirmed', async () => {
    await addToBasket(t, user, 'REPORT-VALUES');
    const first = await checkout(t, user, checkoutBody({ payment: { method: 'card', card: card(testCards.requiresAction) } }));
    expect(first.status).toBe('requires_action');
    expect(first.order.status).toBe('requires_action');
    if (first.next_action?.type !== 'confirm') throw new Error('expected the test provider’s confirmation step');
    expect(await basketOf(t, user)).not.toBeNull();

    const confirmed = await postOrderConfirmation(t.app, user, first.order.id, { confirmation_id: first.next_action.confirmation_id, outcome: 'complete' });
    expect(confirmed.statusCode).toBe(200);
    const result = checkoutResponse.parse(confirmed.json());
    expect(result.status).toBe('paid');
    expect(result.order.reports.map((report) => report.report_type)).toEqual(['values']);
    expect(await basketOf(t, user)).toBeNull();

    // Confirming again (a reload of the return page) answers the same, and nothing repeats.
    const again = await postOrderConfirmation(t.app, user, first.order.id, { confirmation_id: first.next_action.confirmation_id });
    expect(checkoutResponse.parse(again.json()).status).toBe('paid');
    expect((await transactionsOf(t, user)).data.filter((row) => row.status === 'succeeded')).toHaveLength(1);
  });

  it('fails the order when the buyer refuses the extra step, and keeps the basket', async () => {
    await addToBasket(t, user, 'REPORT-VALUES');
    const first = await checkout(t, user, checkoutBody({ payment: { method: 'card', card: card(testCards.requiresAction) } }));
    if (first.next_action?.type !== 'confirm') throw new Error('expected the test provider’s confirmation step');
    const refused = await postOrderConfirmation(t.app, user, first.order.id, { confirmation_id: first.next_action.confirmation_id, outcome: 'fail' });
    const result = checkoutResponse.parse(refused.json());
    expect(result.status).toBe('failed');
    expect(result.failure_message).toBe(checkoutMessages.authenticationFailed);
    expect(await basketOf(t, user)).not.toBeNull();
  });

  it('starting a new checkout settles an abandoned extra step, so the buyer is never stuck', async () => {
    await addToBasket(t, user, 'REPORT-VALUES');
    const abandoned = await checkout(t, user, checkoutBody({ payment: { method: 'card', card: card(testCards.requiresAction) } }));
    expect(abandoned.status).toBe('requires_action');
    const paid = await checkout(t, user);
    expect(paid.status).toBe('paid');
    const [old] = await t.db.select().from(orders).where(eq(orders.id, abandoned.order.id));
    expect(old?.status).toBe('expired');
  });

  it('answers the same order for the same idempotency key and charges once', async () => {
    await addToBasket(t, user, 'REPORT-BIG5');
    const body = checkoutBody();
    const first = await checkout(t, user, body);
    const second = await checkout(t, user, body);
    expect(second.order.id).toBe(first.order.id);
    expect(second.status).toBe('paid');
    expect((await transactionsOf(t, user)).meta.total).toBe(1);
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.account.id))).toHaveLength(1);
  });

  it('makes one order and one charge when the same request is sent twice at once (double click)', async () => {
    await addToBasket(t, user, 'REPORT-BIG5');
    const body = checkoutBody();
    const answers = await Promise.all([postCheckout(t, user, body), postCheckout(t, user, body)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const ids = answers.map((answer) => checkoutResponse.parse(answer.json()).order.id);
    expect(new Set(ids).size).toBe(1);
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.account.id))).toHaveLength(1);
    expect((await transactionsOf(t, user)).meta.total).toBe(1);
  });

  it('says "You missed identifying yourself, click here to try again!" when the billing e-mail is missing', async () => {
    await addToBasket(t, user, 'REPORT-BIG5');
    for (const email of [undefined, '   ']) {
      const body = checkoutBody({ billing: { ...billing(), email: email as string } });
      const response = await postCheckout(t, user, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'You missed identifying yourself, click here to try again!' });
      expect(response.json<{ message: string }>().message).toBe(paymentMessages.identityMissing);
    }
  });

  it('refuses a checkout without a session (401) before anything is charged', async () => {
    const csrf = await t.csrf();
    const response = await t.app.inject({ method: 'POST', url: shopApiPaths.checkout, headers: csrf.headers, payload: checkoutBody() });
    expect(response.statusCode).toBe(401);
  });

  it('checks the card: Luhn, expiry and CVC, under the form’s field names', async () => {
    await addToBasket(t, user, 'REPORT-BIG5');
    const badNumber = await postCheckout(t, user, checkoutBody({ payment: { method: 'card', card: card('4242424242424241') } }));
    expect(badNumber.statusCode).toBe(422);
    expect(badNumber.json<{ errors: Record<string, string[]> }>().errors['payment.card.number']).toEqual([cardMessages.number]);

    const lastYear = new Date().getUTCFullYear() - 1;
    const expired = await postCheckout(t, user, checkoutBody({ payment: { method: 'card', card: { ...card(), exp_year: lastYear } } }));
    expect(expired.statusCode).toBe(422);
    expect(expired.json<{ errors: Record<string, string[]> }>().errors['payment.card.exp_year']).toEqual([cardMessages.expiry]);

    const shortCvc = await postCheckout(t, user, checkoutBody({ payment: { method: 'card', card: { ...card(), cvc: '12' } } }));
    expect(shortCvc.json<{ errors: Record<string, string[]> }>().errors['payment.card.cvc']).toEqual([cardMessages.cvc]);
    const amexCvc = await postCheckout(t, user, checkoutBody({ payment: { method: 'card', card: { ...card('378282246310005'), cvc: '123' } } }));
    expect(amexCvc.json<{ errors: Record<string, string[]> }>().errors['payment.card.cvc']).toEqual([cardMessages.cvc]);

    expect(await t.db.select().from(orders).where(eq(orders.userId, user.account.id))).toHaveLength(0);
  });

  it('refuses a checkout without the digital-content consent ticked: 422 on that field, no order, no charge', async () => {
    await addToBasket(t, user, 'REPORT-BIG5');
    const { digital_content_consent: _ticked, ...withoutConsent } = checkoutBody();
    for (const body of [withoutConsent, { ...withoutConsent, digital_content_consent: false }]) {
      const response = await postCheckout(t, user, body);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: expect.any(String), errors: { digital_content_consent: [digitalContentConsent.required] } });
    }
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.account.id))).toHaveLength(0);
    expect((await transactionsOf(t, user)).meta.total).toBe(0);
    expect(await basketOf(t, user)).not.toBeNull();
  });

  it('keeps the consent with the order: when it was given and the wording ticked', async () => {
    await addToBasket(t, user, 'REPORT-BIG5');
    const before = Date.now();
    const result = await checkout(t, user);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, result.order.id));
    expect(row?.digitalContentConsentText).toBe(digitalContentConsent.wording);
    expect(row?.digitalContentConsentAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row?.digitalContentConsentAt?.getTime()).toBe(row?.createdAt.getTime());
  });

  it('refuses an empty basket', async () => {
    const response = await postCheckout(t, user, checkoutBody());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: checkoutMessages.basketEmpty });
  });

  it('charges nothing when the total the buyer saw is no longer the basket’s total', async () => {
    await addToBasket(t, user, 'REPORT-BIG5');
    const response = await postCheckout(t, user, checkoutBody({ expected_total: 100 }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'basket_changed', message: checkoutMessages.basketChanged });
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.account.id))).toHaveLength(0);
  });

  it('freezes the VAT rate of the billing country on the order', async () => {
    await addToBasket(t, user, 'REPORT-BIG5');
    const result = await checkout(t, user, checkoutBody({ billing: billing({ country: 'fr' }) }));
    expect(result.order.summary).toMatchObject({ subtotal: 2900, vat_percentage: 20, vat_amount: 580, total: 3480 });
    expect(result.order.billing.country).toBe('FR');
  });

  it('saves the card when asked, and pays with it later', async () => {
    await addToBasket(t, user, 'REPORT-BIG5');
    await checkout(t, user, checkoutBody({ payment: { method: 'card', card: card(), save_card: true } }));
    const methods = paymentMethodList.parse((await t.app.inject({ method: 'GET', url: shopApiPaths.paymentMethods, headers: user.authHeaders })).json()).data;
    expect(methods).toEqual([{ id: expect.any(String), type: 'card', brand: 'visa', last4: '4242', exp_month: 12, exp_year: card().exp_year, is_default: true }]);

    await addToBasket(t, user, 'REPORT-VALUES');
    const second = await checkout(t, user, checkoutBody({ payment: { method: 'saved', payment_method_id: methods[0]?.id ?? '' } }));
    expect(second.status).toBe('paid');
  });

  it('lets nobody pay with another user’s saved card', async () => {
    const owner = await registerUser(t);
    await addToBasket(t, owner, 'REPORT-BIG5');
    await checkout(t, owner, checkoutBody({ payment: { method: 'card', card: card(), save_card: true } }));
    const [ownersCard] = paymentMethodList.parse((await t.app.inject({ method: 'GET', url: shopApiPaths.paymentMethods, headers: owner.authHeaders })).json()).data;

    await addToBasket(t, user, 'REPORT-BIG5');
    const response = await postCheckout(t, user, checkoutBody({ payment: { method: 'saved', payment_method_id: ownersCard?.id ?? '' } }));
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(['payment.payment_method_id']);
  });
});

describe('orders', () => {
  it('lists the caller’s orders newest first and shows one order only to its owner', async () => {
    await addToBasket(t, user, 'REPORT-BIG5');
    const failed = await checkout(t, user, checkoutBody({ payment: { method: 'card', card: card(testCards.declined) } }));
    const paid = await checkout(t, user);

    const list = orderList.parse((await t.app.inject({ method: 'GET', url: `${shopApiPaths.orders}?per_page=1`, headers: user.authHeaders })).json());
    expect(list.meta).toEqual({ page: 1, per_page: 1, total: 2 });
    expect(list.data.map((order) => order.id)).toEqual([paid.order.id]);
    // Settings › Billing lists the invoices: only paid orders, counted as such.
    const invoiced = orderList.parse((await t.app.inject({ method: 'GET', url: `${shopApiPaths.orders}?status=paid`, headers: user.authHeaders })).json());
    expect(invoiced.meta.total).toBe(1);
    expect(invoiced.data.map((order) => [order.id, order.invoice_available])).toEqual([[paid.order.id, true]]);
    const failedOnly = orderList.parse((await t.app.inject({ method: 'GET', url: `${shopApiPaths.orders}?status=failed`, headers: user.authHeaders })).json());
    expect(failedOnly.data.map((order) => order.id)).toEqual([failed.order.id]);
    expect((await t.app.inject({ method: 'GET', url: `${shopApiPaths.orders}?status=shipped`, headers: user.authHeaders })).statusCode).toBe(422);

    const own = await t.app.inject({ method: 'GET', url: shopApiPaths.order(failed.order.id), headers: user.authHeaders });
    expect(orderEnvelope.parse(own.json()).data.status).toBe('failed');

    const stranger = await registerUser(t);
    const foreign = await t.app.inject({ method: 'GET', url: shopApiPaths.order(paid.order.id), headers: stranger.authHeaders });
    expect(foreign.statusCode).toBe(404);
    const confirm = await postOrderConfirmation(t.app, stranger, paid.order.id);
    expect(confirm.statusCode).toBe(404);
  });
});
