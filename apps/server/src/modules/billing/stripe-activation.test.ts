import { organisationApiPaths } from '@app/contract/api-paths';
import { activationEnvelope } from '@app/contract/organisation-billing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/auth-helpers.ts';
import { type FakeStripe, startFakeStripe, stripeTestEnv } from '../../../test/fake-stripe.ts';
import { createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { sendStripeWebhook } from '../../../test/stripe-webhooks.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 12: "With Stripe, webhooks arrive late, twice or out of order: the handler reads the
// current state from the provider", tested with the local Stripe fake delivering events reversed
// and repeated: the organisation is activated once, its people invited once.

const webhookSecret = 'whsec_test_compass_local';
let fake: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ env: stripeTestEnv(fake.url, webhookSecret) });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function signedWebhook(event: object) {
  return sendStripeWebhook(t, webhookSecret, event);
}

const intentEvent = (id: string, type: string, intentId: string) => ({ id, object: 'event', type, data: { object: { id: intentId, object: 'payment_intent', metadata: {} } } });

describe('activation with Stripe', () => {
  it('activates once whatever order and how often the webhooks arrive after 3-D Secure', async () => {
    const owner = await registerUser(t);
    const organisation = await createOrganisationThroughApi(t, owner, { billing_details: { name: 'Eiche GmbH', billing_email: 'rechnung@example.com', address_line_1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'DE' } });
    const started = activationEnvelope.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: organisationApiPaths.activate(organisation.id),
          headers: owner.headersWithCsrf,
          payload: { idempotency_key: randomUUID(), payment: { method: 'stripe', payment_method_id: 'pm_card_authenticationRequired' } },
        })
      ).json(),
    ).data;
    expect(started.status).toBe('requires_action');
    expect(started.next_action).toMatchObject({ type: 'stripe' });
    const [intentId] = [...fake.paymentIntents.keys()].slice(-1);
    if (!intentId) throw new Error('no PaymentIntent');
    expect(fake.paymentIntents.get(intentId)).toMatchObject({ amount: 17_731, currency: 'eur' });

    fake.completeAuthentication(intentId);
    // Reversed and repeated: the success first, twice, then an older "requires action".
    for (const event of [intentEvent('evt_sub_ok', 'payment_intent.succeeded', intentId), intentEvent('evt_sub_ok', 'payment_intent.succeeded', intentId), intentEvent('evt_sub_old', 'payment_intent.requires_action', intentId)]) {
      expect((await signedWebhook(event)).statusCode).toBe(200);
    }
    // The webhooks alone activated it (read from the database: the subscription call would ask Stripe itself).
    const row = await t.pool.query<{ status: string }>('select status from organisations where id = $1', [organisation.id]);
    expect(row.rows[0]?.status).toBe('active');
    const state = activationEnvelope.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.subscription(organisation.id), headers: owner.authHeaders })).json()).data;
    expect(state).toMatchObject({ status: 'active', subscription: { status: 'active' }, invoice: { status: 'paid', total: 17_731 } });
    const invitations = await t.pool.query(`select email from organisation_invitations where organisation_id = $1`, [organisation.id]);
    expect(invitations.rowCount).toBe(4);
    const subscriptionRows = await t.pool.query<{ provider_method_id: string }>(`select provider_method_id from subscriptions where organisation_id = $1`, [organisation.id]);
    expect(subscriptionRows.rows).toEqual([{ provider_method_id: 'pm_card_authenticationRequired' }]);

    // The browser's return after the webhooks changes nothing either.
    const confirmed = await t.app.inject({ method: 'POST', url: organisationApiPaths.activateConfirm(organisation.id), headers: owner.headersWithCsrf, payload: {} });
    expect(activationEnvelope.parse(confirmed.json()).data.status).toBe('active');
    expect((await t.pool.query(`select 1 from organisation_invitations where organisation_id = $1`, [organisation.id])).rowCount).toBe(4);
  });
});
