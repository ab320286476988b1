import { shopApiPaths } from '@app/contract/api-paths';
import { errorBody } from '@app/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../../../db/schema/webhook-events.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(async () => {
  await t?.close();
});

// Stripe's webhook with the test provider in use (no Stripe keys): the route is not there for
// anyone, whatever is sent to it. (With Stripe, a missing or bad signature is 400: stripe-checkout.test.ts.)
describe('POST /api/webhooks/stripe while the test provider is in use', () => {
  const requests = [
    { name: 'an event', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: {} } }) },
    { name: 'no signature', headers: { 'content-type': 'application/json' }, payload: '{}' },
    { name: 'malformed JSON', headers: { 'content-type': 'application/json' }, payload: '{"id":' },
    { name: 'no body', headers: {}, payload: undefined },
  ];

  it.each(requests)('answers 404 to $name, without a stack trace, and stores nothing', async ({ headers, payload }) => {
    const response = await t.app.inject({ method: 'POST', url: shopApiPaths.stripeWebhook, headers, payload });
    expect(response.statusCode).toBe(404);
    expect(errorBody.parse(response.json()).message).toBe('Not found.');
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
    expect(await t.db.select().from(webhookEvents)).toHaveLength(0);
  });
});
