import { shopApiPaths } from '@app/contract/api-paths';
import { checkoutMessages, checkoutResponse } from '@app/contract/checkout';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../app.ts';
import { connectDatabase } from '../../../db/connection.ts';
import { createLogger } from '../../../logger.ts';
import { registerUser } from '../../../../test/auth-helpers.ts';
import { addToBasket, basketOf, card, checkout, checkoutBody, createCheckoutTestApp, postOrderConfirmation, testCards, testProviderOf } from '../../../../test/checkout-helpers.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import type { ChargeRequest } from './payment-provider.ts';
import { TestPaymentProvider } from './test-provider.ts';

// Issue 5: the test provider keeps its payments in the database, so a payment waiting for its
// extra confirmation step (card 4000 0025 0000 3155) survives a restart: a second server on the
// same database (a new process, with nothing in memory) finishes what the first one started.
let first: TestApp;
let second: App;
let closeSecond: () => Promise<void>;

beforeAll(async () => {
  first = await createCheckoutTestApp();
  const { pool, db } = connectDatabase(first.databaseUrl, { max: 3 });
  second = buildApp(first.config, { db, pool, logger: createLogger(first.config) });
  await second.ready();
  providerOf(second).setDelivery('manual');
  closeSecond = async () => {
    await second.close();
    await pool.end();
  };
});
afterAll(async () => {
  await closeSecond?.();
  await first?.close();
});

function providerOf(app: App): TestPaymentProvider {
  if (!(app.paymentProvider instanceof TestPaymentProvider)) throw new Error('not the test provider');
  return app.paymentProvider;
}

describe('test provider payments across server instances', () => {
  it('completes on a second instance a payment that waits for its confirmation on the first', async () => {
    const user = await registerUser(first);
    await addToBasket(first, user, 'REPORT-BIG5');
    const started = await checkout(first, user, checkoutBody({ payment: { method: 'card', card: card(testCards.requiresAction) } }));
    expect(started.status).toBe('requires_action');
    const confirmationId = started.next_action?.type === 'confirm' ? started.next_action.confirmation_id : '';
    expect(confirmationId).toMatch(/^conf_test_/);

    const response = await postOrderConfirmation(second, user, started.order.id, { confirmation_id: confirmationId, outcome: 'complete' });

    expect(response.statusCode).toBe(200);
    const confirmed = checkoutResponse.parse(response.json());
    expect(confirmed.status).toBe('paid');
    expect(confirmed.order.status).toBe('paid');
    expect(await basketOf(first, user)).toBeNull();
  });

  it('fails on a second instance a confirmation the buyer refuses', async () => {
    const user = await registerUser(first);
    await addToBasket(first, user, 'REPORT-BIG5');
    const started = await checkout(first, user, checkoutBody({ payment: { method: 'card', card: card(testCards.requiresAction) } }));
    const confirmationId = started.next_action?.type === 'confirm' ? started.next_action.confirmation_id : '';

    const response = await second.inject({ method: 'POST', url: shopApiPaths.orderConfirm(started.order.id), headers: user.headersWithCsrf, payload: { confirmation_id: confirmationId, outcome: 'fail' } });

    const refused = checkoutResponse.parse(response.json());
    expect(refused.status).toBe('failed');
    expect(refused.failure_message).toBe(checkoutMessages.authenticationFailed);
    expect((await basketOf(first, user))?.items).toHaveLength(1);
  });

  /** A charge of the card that asks for an extra confirmation, with a key of its own. */
  function chargeNeedingConfirmation(): ChargeRequest {
    return {
      amount: 2900,
      currency: 'eur',
      description: 'test',
      idempotencyKey: `order-${crypto.randomUUID()}`,
      customerId: 'cus_test_persistence',
      source: { kind: 'card', card: card(testCards.requiresAction) },
      saveMethod: false,
      metadata: {},
    };
  }

  it('answers a retried charge with the same payment on any instance, and lets only one of two confirmations end it', async () => {
    const request = chargeNeedingConfirmation();
    const onFirst = await testProviderOf(first).charge(request);
    const onSecond = await providerOf(second).charge(request);
    expect(onFirst.status).toBe('requires_action');
    expect(onSecond).toEqual(onFirst);
    if (onFirst.status !== 'requires_action' || onFirst.nextAction.type !== 'confirm') throw new Error('expected a confirmation step');

    const confirmationId = onFirst.nextAction.confirmation_id;
    const [completed, refused] = await Promise.all([
      testProviderOf(first).confirm(onFirst.paymentId, { confirmationId, outcome: 'complete' }),
      providerOf(second).confirm(onFirst.paymentId, { confirmationId, outcome: 'fail' }),
    ]);
    // Whichever came first decided; the other sees the same ending.
    expect(completed.status).toBe(refused.status);
    expect(await providerOf(second).retrieve(onFirst.paymentId)).toEqual(completed);
  });

  it('refuses a confirmation with the wrong confirmation id', async () => {
    const request = chargeNeedingConfirmation();
    const waiting = await testProviderOf(first).charge(request);
    if (waiting.status !== 'requires_action') throw new Error('expected a confirmation step');
    const outcome = await providerOf(second).confirm(waiting.paymentId, { confirmationId: 'conf_test_forged', outcome: 'complete' });
    expect(outcome.status).toBe('requires_action');
  });
});
