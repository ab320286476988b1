import { checkoutResponse } from '@app/contract/checkout';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions } from '../../../db/schema/coupon-redemptions.ts';
import { grantedReports } from '../../../db/schema/granted-reports.ts';
import { orders } from '../../../db/schema/orders.ts';
import { paymentTransactions } from '../../../db/schema/transactions.ts';
import { webhookEvents } from '../../../db/schema/webhook-events.ts';
import { ManualClock } from '../../../lib/clock.ts';
import { login, registerUser } from '../../../../test/auth-helpers.ts';
import {
  addToBasket,
  applyCoupon,
  basketOf,
  card,
  checkout,
  checkoutBody,
  couponRedeemed,
  createCoupon,
  postCheckout,
  testCards,
  testProviderOf,
  createCheckoutTestApp,
} from '../../../../test/checkout-helpers.ts';
import { type TestApp } from '../../../../test/test-app.ts';
import { sweepOrders } from './order-sweeper.ts';

let t: TestApp;
const clock = new ManualClock();

beforeAll(async () => {
  t = await createCheckoutTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

const deps = () => ({ db: t.db, clock, provider: t.app.paymentProvider, log: t.app.log, mail: t.app.mail });

describe('concurrency', () => {
  it('20 parallel checkouts of the same basket make exactly one paid order and one charge', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, 'REPORT-BIG5');
    const coupon = await createCoupon(t, { maxRedemptions: 100 });
    await applyCoupon(t, user, coupon.code);

    const answers = await Promise.all(Array.from({ length: 20 }, () => postCheckout(t, user, checkoutBody())));

    const paid = answers.filter((answer) => answer.statusCode === 200 && checkoutResponse.parse(answer.json()).status === 'paid');
    expect(paid).toHaveLength(1);
    // The others were told a payment is running, or (once it was paid) that the basket is empty.
    for (const answer of answers.filter((candidate) => !paid.includes(candidate))) {
      expect([400, 409]).toContain(answer.statusCode);
      expect(answer.json<{ code?: string }>().code ?? 'bad_request').toMatch(/^(checkout_in_progress|bad_request)$/);
    }
    const userOrders = await t.db.select().from(orders).where(eq(orders.userId, user.account.id));
    expect(userOrders.filter((order) => order.status === 'paid')).toHaveLength(1);
    const charges = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, user.account.id));
    expect(charges).toHaveLength(1);
    expect(await couponRedeemed(t, coupon.id)).toBe(1);
  });
});

describe('provider events (webhooks)', () => {
  it('fulfils once when events repeat and arrive out of order before the browser returns', async () => {
    await testProviderOf(t).deliverEvents();
    const user = await registerUser(t);
    await addToBasket(t, user, 'BUNDLE-COMPLETE');
    const coupon = await createCoupon(t, { maxRedemptions: 5 });
    await applyCoupon(t, user, coupon.code);
    const first = await checkout(t, user, checkoutBody({ payment: { method: 'card', card: card(testCards.requiresAction) } }));
    if (first.next_action?.type !== 'confirm') throw new Error('expected a confirmation step');

    // The buyer confirms at the provider; its events (requires_action, then succeeded) are
    // delivered three times each, newest first, before the browser calls confirm.
    const [waiting] = await t.db.select().from(orders).where(eq(orders.id, first.order.id));
    await testProviderOf(t).confirm(waiting?.providerPaymentId ?? '', { confirmationId: first.next_action.confirmation_id, outcome: 'complete' });
    const delivered = await testProviderOf(t).deliverEvents({ times: 3, reverse: true });
    expect(delivered.map((event) => event.type)).toEqual(['payment_intent.succeeded', 'payment_intent.requires_action']);

    const [order] = await t.db.select().from(orders).where(eq(orders.id, first.order.id));
    expect(order?.status).toBe('paid');
    expect(await basketOf(t, user)).toBeNull();
    // The bundle's three reports and the complete profile, once.
    expect(await t.db.select().from(grantedReports).where(eq(grantedReports.orderId, first.order.id))).toHaveLength(4);
    expect(await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, first.order.id))).toHaveLength(1);
    expect(await couponRedeemed(t, coupon.id)).toBe(1);
    // Each event is stored once, however often it came.
    const stored = await t.db.select().from(webhookEvents).where(and(eq(webhookEvents.provider, 'test'), eq(webhookEvents.paymentId, order?.providerPaymentId ?? '')));
    expect(stored).toHaveLength(2);
    expect(stored.every((event) => event.processedAt !== null)).toBe(true);

    // The browser's return comes last and finds the order paid.
    const response = await t.app.inject({ method: 'POST', url: `/api/orders/${first.order.id}/confirm`, headers: user.headersWithCsrf, payload: { confirmation_id: first.next_action.confirmation_id } });
    expect(checkoutResponse.parse(response.json()).status).toBe('paid');
    expect(await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, first.order.id))).toHaveLength(1);
  });

  it('keeps a paid order paid when a failure event for it arrives late', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, 'REPORT-VALUES');
    const result = await checkout(t, user);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, result.order.id));
    await testProviderOf(t).deliverEvents();
    const { receiveProviderEvent } = await import('./payment-events.ts');
    await receiveProviderEvent(deps(), { id: 'evt_late_failure', type: 'payment_intent.payment_failed', paymentId: order?.providerPaymentId ?? null, orderId: result.order.id, payload: {} });
    const [after] = await t.db.select().from(orders).where(eq(orders.id, result.order.id));
    expect(after?.status).toBe('paid');
  });
});

describe('the sweeper', () => {
  it('expires orders left waiting past the timeout and gives their coupon back', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, 'REPORT-BIG5');
    const coupon = await createCoupon(t, { maxRedemptions: 1 });
    await applyCoupon(t, user, coupon.code);
    const waiting = await checkout(t, user, checkoutBody({ payment: { method: 'card', card: card(testCards.requiresAction) } }));
    expect(waiting.status).toBe('requires_action');
    expect(await couponRedeemed(t, coupon.id)).toBe(1);

    // Not yet stale: nothing changes.
    clock.advanceBy(29 * 60_000);
    await sweepOrders(deps(), 30);
    expect((await t.db.select().from(orders).where(eq(orders.id, waiting.order.id)))[0]?.status).toBe('requires_action');

    clock.advanceBy(2 * 60_000);
    const result = await sweepOrders(deps(), 30);
    expect(result.expired).toBeGreaterThanOrEqual(1);
    const [expired] = await t.db.select().from(orders).where(eq(orders.id, waiting.order.id));
    expect(expired?.status).toBe('expired');
    expect(await couponRedeemed(t, coupon.id)).toBe(0);
    const [redemption] = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, waiting.order.id));
    expect(redemption?.status).toBe('released');
    // The basket is still there to pay again (a new login: the clock moved past the token's life).
    expect((await basketOf(t, await login(t, user.email, user.password)))?.coupon_code).toBe(coupon.code);
  });

  it('fulfils, rather than expires, an order whose charge reached the provider from a server that stopped before recording it', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, 'REPORT-BIG5');
    const waiting = await checkout(t, user, checkoutBody({ payment: { method: 'card', card: card(testCards.requiresAction) } }));
    if (waiting.next_action?.type !== 'confirm') throw new Error('expected a confirmation step');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, waiting.order.id));
    // The charge went through at the provider (keyed by the order), but the server that sent it was
    // killed before it kept the payment's id (issue 14, tools/faults/checkout-crash.test.ts).
    await testProviderOf(t).confirm(row?.providerPaymentId ?? '', { confirmationId: waiting.next_action.confirmation_id, outcome: 'complete' });
    await t.db.update(orders).set({ status: 'pending_payment', providerPaymentId: null }).where(eq(orders.id, waiting.order.id));

    clock.advanceBy(31 * 60_000);
    const result = await sweepOrders(deps(), 30);
    expect(result.paid).toBeGreaterThanOrEqual(1);
    const [settled] = await t.db.select().from(orders).where(eq(orders.id, waiting.order.id));
    expect(settled).toMatchObject({ status: 'paid', providerPaymentId: row?.providerPaymentId });
    const charges = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, waiting.order.id));
    expect(charges.map((transaction) => transaction.status)).toEqual(['succeeded']);
  });

  it('refunds a payment that succeeds after its order expired', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, 'REPORT-BIG5');
    const waiting = await checkout(t, user, checkoutBody({ payment: { method: 'card', card: card(testCards.requiresAction) } }));
    const [row] = await t.db.select().from(orders).where(eq(orders.id, waiting.order.id));
    // Expired without asking the provider (as if it had been unreachable), then the money arrives.
    await t.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, waiting.order.id));
    if (waiting.next_action?.type !== 'confirm') throw new Error('expected a confirmation step');
    await testProviderOf(t).confirm(row?.providerPaymentId ?? '', { confirmationId: waiting.next_action.confirmation_id, outcome: 'complete' });
    await testProviderOf(t).deliverEvents({ times: 2 });
    const rows = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, waiting.order.id));
    expect(rows.map((transaction) => transaction.status)).toEqual(['refunded']);
    expect((await t.db.select().from(orders).where(eq(orders.id, waiting.order.id)))[0]?.status).toBe('expired');
  });
});
