import { shopApiPaths } from '@app/contract/api-paths';
import { checkoutResponse, paymentConfig } from '@app/contract/checkout';
import { paymentMethodEnvelope, paymentSetupResponse } from '@app/contract/payment-methods';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema/orders.ts';
import { paymentTransactions } from '../../../db/schema/transactions.ts';
import { webhookEvents } from '../../../db/schema/webhook-events.ts';
import { registerUser, type RegisteredUser } from '../../../../test/auth-helpers.ts';
import { addToBasket, basketOf, checkout, checkoutBody, postCheckout, postOrderConfirmation } from '../../../../test/checkout-helpers.ts';
import { type FakeStripe, startFakeStripe, stripeTestEnv } from '../../../../test/fake-stripe.ts';
import { sendStripeWebhook } from '../../../../test/stripe-webhooks.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

const webhookSecret = 'whsec_test_compass_local';
let fake: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    jobs: false,
    env: stripeTestEnv(fake.url, webhookSecret),
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function signedWebhook(event: object, secret = webhookSecret) {
  return sendStripeWebhook(t, secret, event);
}

function paymentIntentEvent(id: string, type: string, intentId: string, orderId: string) {
  return { id, object: 'event', type, data: { object: { id: intentId, object: 'payment_intent', metadata: { order_id: orderId } } } };
}

async function stripeCheckout(user: RegisteredUser, paymentMethodId: string) {
  return checkout(t, user, checkoutBody({ payment: { method: 'stripe', payment_method_id: paymentMethodId } }));
}

describe('the stripe provider (against a local fake of Stripe’s API)', () => {
  it('tells the web to load Stripe.js with the publishable key, and admits Stripe in the CSP', async () => {
    const user = await registerUser(t);
    const config = await t.app.inject({ method: 'GET', url: shopApiPaths.paymentConfig, headers: user.authHeaders });
    expect(paymentConfig.parse(config.json())).toEqual({ provider: 'stripe', publishable_key: 'pk_test_local123', test_mode: true });
    expect(config.headers['content-security-policy']).toContain('https://js.stripe.com');
  });

  it('pays with a PaymentIntent keyed by the order, and never charges twice for one request', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, 'REPORT-BIG5');
    const body = checkoutBody({ payment: { method: 'stripe', payment_method_id: 'pm_card_visa' } });
    const before = fake.paymentIntents.size;
    const result = await checkout(t, user, body);
    expect(result.status).toBe('paid');
    expect(await basketOf(t, user)).toBeNull();
    const again = await checkout(t, user, body);
    expect(again.order.id).toBe(result.order.id);
    expect(fake.paymentIntents.size).toBe(before + 1);
    const [intent] = [...fake.paymentIntents.values()].slice(-1);
    expect(intent).toMatchObject({ amount: result.order.summary.total, currency: 'eur', metadata: { order_id: result.order.id } });
  });

  it('refuses a card number typed into our own form (cards go through Stripe.js)', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, 'REPORT-BIG5');
    const response = await postCheckout(t, user, checkoutBody());
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(['payment.method']);
  });

  it('fails a declined card, keeps the basket and lists the failed transaction', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, 'REPORT-VALUES');
    const result = await stripeCheckout(user, 'pm_card_chargeDeclined');
    expect(result.status).toBe('failed');
    expect(result.failure_message).toBe('Your card was declined.');
    expect(await basketOf(t, user)).not.toBeNull();
    const rows = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, result.order.id));
    expect(rows.map((row) => [row.status, row.reference.startsWith('pi_')])).toEqual([['failed', true]]);
  });

  it('hands 3-D Secure to Stripe.js, and the webhook and the browser’s return fulfil it once', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, 'BUNDLE-COMPLETE');
    const first = await stripeCheckout(user, 'pm_card_authenticationRequired');
    expect(first.status).toBe('requires_action');
    if (first.next_action?.type !== 'stripe') throw new Error('expected a Stripe next action');
    expect(first.next_action.client_secret).toMatch(/_secret_/);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, first.order.id));
    const intentId = row?.providerPaymentId ?? '';

    fake.completeAuthentication(intentId);
    const event = paymentIntentEvent('evt_3ds_success', 'payment_intent.succeeded', intentId, first.order.id);
    const delivered = await signedWebhook(event);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toEqual({ received: true, duplicate: false });
    const repeated = await signedWebhook(event);
    expect(repeated.json()).toEqual({ received: true, duplicate: true });
    // An older event arriving last changes nothing: the handler asks Stripe for the current state.
    expect((await signedWebhook(paymentIntentEvent('evt_3ds_older', 'payment_intent.requires_action', intentId, first.order.id))).statusCode).toBe(200);

    const returned = await postOrderConfirmation(t.app, user, first.order.id);
    const result = checkoutResponse.parse(returned.json());
    expect(result.status).toBe('paid');
    // The bundle's three reports and the complete profile, once.
    expect(result.order.reports).toHaveLength(4);
    expect(await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, first.order.id))).toHaveLength(1);
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, 'evt_3ds_success'))).toHaveLength(1);
  });

  it('answers 400 to a webhook with a bad signature and stores nothing', async () => {
    const event = paymentIntentEvent('evt_forged', 'payment_intent.succeeded', 'pi_forged', '00000000-0000-0000-0000-000000000000');
    const forged = await signedWebhook(event, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: shopApiPaths.stripeWebhook, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event) });
    expect(unsigned.statusCode).toBe(400);
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, 'evt_forged'))).toHaveLength(0);
  });

  it('answers 2xx to events it does not act on, and stores them once', async () => {
    const response = await signedWebhook({ id: 'evt_customer', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });
    expect(response.statusCode).toBe(200);
    const [stored] = await t.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, 'evt_customer'));
    expect(stored?.processedAt).not.toBeNull();
  });

  it('saves a card through a SetupIntent, and detaches it when removed', async () => {
    const user = await registerUser(t);
    const setup = await t.app.inject({ method: 'POST', url: shopApiPaths.paymentSetup, headers: user.headersWithCsrf });
    expect(setup.statusCode).toBe(200);
    const { client_secret: clientSecret, provider } = paymentSetupResponse.parse(setup.json());
    expect(provider).toBe('stripe');
    const setupIntentId = clientSecret?.split('_secret_')[0] ?? '';

    // Before Stripe.js confirmed it, the method cannot be attached.
    const early = await t.app.inject({ method: 'POST', url: shopApiPaths.paymentMethods, headers: user.headersWithCsrf, payload: { method: 'stripe', setup_intent_id: setupIntentId } });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ message: 'Failed to attach payment method' });

    fake.completeSetup(setupIntentId, 'pm_card_mastercard');
    const saved = await t.app.inject({ method: 'POST', url: shopApiPaths.paymentMethods, headers: user.headersWithCsrf, payload: { method: 'stripe', setup_intent_id: setupIntentId } });
    expect(saved.statusCode).toBe(201);
    const method = paymentMethodEnvelope.parse(saved.json()).data;
    expect(method).toMatchObject({ type: 'card', brand: 'mastercard', last4: '4444', is_default: true });

    // Another user cannot claim the same SetupIntent.
    const other = await registerUser(t);
    const stolen = await t.app.inject({ method: 'POST', url: shopApiPaths.paymentMethods, headers: other.headersWithCsrf, payload: { method: 'stripe', setup_intent_id: setupIntentId } });
    expect(stolen.statusCode).toBe(400);

    const removed = await t.app.inject({ method: 'DELETE', url: shopApiPaths.paymentMethod(method.id), headers: user.headersWithCsrf });
    expect(removed.statusCode).toBe(204);
    expect(fake.detached).toContain('pm_card_mastercard');
  });

  it('says "Failed to initialize card form" when Stripe cannot prepare the form', async () => {
    const broken = await createTestApp({
      jobs: false,
      env: stripeTestEnv('http://127.0.0.1:9', webhookSecret),
    });
    try {
      const user = await registerUser(broken);
      // The customer is created first; make that succeed by giving the user one already.
      const { paymentCustomers } = await import('../../../db/schema/payment-customers.ts');
      await broken.db.insert(paymentCustomers).values({ userId: user.account.id, provider: 'stripe', customerId: 'cus_existing' });
      const response = await broken.app.inject({ method: 'POST', url: shopApiPaths.paymentSetup, headers: user.headersWithCsrf });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ code: 'card_form_unavailable', message: 'Failed to initialize card form' });
    } finally {
      await broken.close();
    }
  });
});
