import { accountApiPaths, organisationApiPaths } from '@app/contract/api-paths';
import { activationEnvelope } from '@app/contract/organisation-billing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { type FakeStripe, startFakeStripe, stripeTestEnv } from '../../../test/fake-stripe.ts';
import { addMember, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { sendStripeWebhook } from '../../../test/stripe-webhooks.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 14: an organisation closed by its only owner deleting their account, with Stripe Billing:
// Stripe is told to renew it no more (after the commit, by a retrying job), and no later webhook
// brings the closed organisation back.

const webhookSecret = 'whsec_test_compass_account_deletion';
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

async function activeOrganisation(owner: RegisteredUser) {
  const organisation = await createOrganisationThroughApi(t, owner, {
    billing_details: { name: 'Eiche GmbH', billing_email: 'rechnung@example.com', address_line_1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'DE' },
  });
  const response = await t.app.inject({
    method: 'POST',
    url: organisationApiPaths.activate(organisation.id),
    headers: (await login(t, owner.email, owner.password)).headersWithCsrf,
    payload: { idempotency_key: randomUUID(), payment: { method: 'stripe', payment_method_id: 'pm_card_visa' } },
  });
  expect(activationEnvelope.parse(response.json()).data.status).toBe('active');
  const { rows } = await t.pool.query<{ provider_subscription_id: string }>('select provider_subscription_id from subscriptions where organisation_id = $1', [organisation.id]);
  const stripeId = rows[0]?.provider_subscription_id;
  if (!stripeId) throw new Error('no Stripe subscription');
  return { organisation, stripeId };
}

async function statusesOf(organisationId: string) {
  const { rows } = await t.pool.query<{ organisation: string; subscription: string }>(
    'select o.status as organisation, s.status as subscription from organisations o join subscriptions s on s.organisation_id = o.id where o.id = $1',
    [organisationId],
  );
  return rows[0];
}

describe('closing an organisation with Stripe Billing', () => {
  it('stops its renewals at Stripe after the commit, and a later webhook does not reopen it', async () => {
    const owner = await registerUser(t, { name: 'Olga Owner' });
    const admin = await registerUser(t);
    const { organisation, stripeId } = await activeOrganisation(owner);
    await addMember(t, organisation.id, admin, 'admin');
    expect(fake.subscriptions.get(stripeId)?.cancel_at_period_end).toBe(false);

    const fresh = await login(t, owner.email, owner.password);
    const response = await t.app.inject({ method: 'DELETE', url: accountApiPaths.deleteAccount, headers: fresh.headersWithCsrf, payload: { password: owner.password, organisations: { [organisation.id]: { action: 'close' } } } });
    expect(response.statusCode, response.body).toBe(204);
    expect(await statusesOf(organisation.id)).toEqual({ organisation: 'cancelled', subscription: 'cancelled' });

    // The job leaves at its queue's next poll.
    const deadline = Date.now() + 20_000;
    while (fake.subscriptions.get(stripeId)?.cancel_at_period_end !== true) {
      if (Date.now() > deadline) throw new Error('Stripe was not told to stop renewing the closed organisation');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // Stripe's own event about the change (still active until the period ends) keeps it closed.
    const delivered = await sendStripeWebhook(t, webhookSecret, fake.event('customer.subscription.updated', fake.subscriptions.get(stripeId) ?? {}));
    expect(delivered.statusCode).toBe(200);
    expect(await statusesOf(organisation.id)).toEqual({ organisation: 'cancelled', subscription: 'cancelled' });
    const { rows } = await t.pool.query('select 1 from organisation_members where organisation_id = $1', [organisation.id]);
    expect(rows).toEqual([]);
  }, 60_000);
});
