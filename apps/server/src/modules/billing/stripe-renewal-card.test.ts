import { organisationApiPaths, shopApiPaths } from '@app/contract/api-paths';
import { paymentMessages } from '@app/contract/messages';
import { activationEnvelope, renewalCardMessages, type RenewalCardInput } from '@app/contract/organisation-billing';
import { paymentSetupResponse } from '@app/contract/payment-methods';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { type FakeStripe, startFakeStripe, stripeTestEnv } from '../../../test/fake-stripe.ts';
import { addMember, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 12, BillingSettings "payment method", with Stripe (the local fake): the card form confirms
// a SetupIntent in Stripe.js (3-D Secure there when the bank asks), as saving a card does today;
// the confirmed SetupIntent's card becomes the one Stripe Billing renews the subscription with.
// One that was never confirmed (an abandoned card form) or is someone else's leaves the old card.

let fake: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ env: stripeTestEnv(fake.url, 'whsec_test_compass_local') });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** An active organisation, its Stripe subscription renewing with the activation's card. */
async function activeOrganisation() {
  const owner = await registerUser(t);
  const organisation = await createOrganisationThroughApi(t, owner);
  const response = await t.app.inject({
    method: 'POST',
    url: organisationApiPaths.activate(organisation.id),
    headers: owner.headersWithCsrf,
    payload: { idempotency_key: randomUUID(), payment: { method: 'stripe', payment_method_id: 'pm_card_visa' } },
  });
  expect(activationEnvelope.parse(response.json()).data.status).toBe('active');
  const { rows } = await t.pool.query<{ stripe_id: string | null }>('select provider_subscription_id as stripe_id from subscriptions where organisation_id = $1', [organisation.id]);
  const stripeId = rows[0]?.stripe_id;
  if (!stripeId) throw new Error('no Stripe subscription');
  expect(fake.subscriptions.get(stripeId)).toMatchObject({ default_payment_method: 'pm_card_visa' });
  return { owner, organisation, stripeId };
}

/** The card form: a SetupIntent for the caller, confirmed in Stripe.js with `method` (or left unconfirmed). */
async function setupIntent(user: RegisteredUser, method: Parameters<FakeStripe['completeSetup']>[1] | null): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: shopApiPaths.paymentSetup, headers: user.headersWithCsrf });
  const { client_secret: secret } = paymentSetupResponse.parse(response.json());
  const id = secret?.split('_secret_')[0] ?? '';
  expect(fake.setupIntents.has(id)).toBe(true);
  if (method) fake.completeSetup(id, method);
  return id;
}

function replaceCard(user: RegisteredUser, organisationId: string, setupIntentId: string, key: string = randomUUID()) {
  const payload: RenewalCardInput = { idempotency_key: key, payment: { method: 'stripe', setup_intent_id: setupIntentId } };
  return t.app.inject({ method: 'PUT', url: organisationApiPaths.subscriptionPaymentMethod(organisationId), headers: user.headersWithCsrf, payload });
}

async function renewalCardOf(user: RegisteredUser, organisationId: string) {
  const response = await t.app.inject({ method: 'GET', url: organisationApiPaths.subscription(organisationId), headers: user.authHeaders });
  return activationEnvelope.parse(response.json()).data.subscription.payment_method;
}

describe('replacing the card renewals use (Stripe)', () => {
  it('takes the SetupIntent Stripe.js confirmed, charging nothing, and Stripe renews with that card', async () => {
    const { owner, organisation, stripeId } = await activeOrganisation();
    const intents = fake.paymentIntents.size;
    const setup = await setupIntent(owner, 'pm_card_mastercard');

    const key = randomUUID();
    const response = await replaceCard(owner, organisation.id, setup, key);
    expect(response.statusCode).toBe(200);
    expect(activationEnvelope.parse(response.json()).data.subscription.payment_method).toEqual({ brand: 'mastercard', last4: '4444' });
    expect(await renewalCardOf(owner, organisation.id)).toEqual({ brand: 'mastercard', last4: '4444' });
    expect(fake.subscriptions.get(stripeId)).toMatchObject({ default_payment_method: 'pm_card_mastercard' });
    // Retried: the same answer, one saved card, nothing charged.
    expect(activationEnvelope.parse((await replaceCard(owner, organisation.id, setup, key)).json()).data.subscription.payment_method).toEqual({ brand: 'mastercard', last4: '4444' });
    const { rowCount } = await t.pool.query(`select 1 from payment_methods where user_id = $1 and provider_method_id = 'pm_card_mastercard'`, [owner.account.id]);
    expect(rowCount).toBe(1);
    expect(fake.paymentIntents.size).toBe(intents);

    // The period ends: Stripe charges the new card.
    fake.endPeriod(stripeId);
    expect(fake.paymentIntents.size).toBe(intents + 1);
    expect([...fake.paymentIntents.values()].at(-1)).toMatchObject({ payment_method: 'pm_card_mastercard', status: 'succeeded' });
  });

  it('takes a card whose bank asked for 3-D Secure in the card form', async () => {
    const { owner, organisation, stripeId } = await activeOrganisation();
    const response = await replaceCard(owner, organisation.id, await setupIntent(owner, 'pm_card_authenticationRequired'));
    expect(response.statusCode).toBe(200);
    expect(activationEnvelope.parse(response.json()).data.subscription.payment_method).toEqual({ brand: 'visa', last4: '3155' });
    expect(fake.subscriptions.get(stripeId)).toMatchObject({ default_payment_method: 'pm_card_authenticationRequired' });
  });

  it('keeps the old card when the card form was abandoned (its SetupIntent never confirmed) or the SetupIntent is someone else’s', async () => {
    const { owner, organisation, stripeId } = await activeOrganisation();
    const fresh = await login(t, owner.email, owner.password);
    const cardOf = async () => (await t.pool.query<{ card: string | null }>('select provider_method_id as card from subscriptions where organisation_id = $1', [organisation.id])).rows[0]?.card;
    const abandoned = await replaceCard(fresh, organisation.id, await setupIntent(fresh, null));
    expect(abandoned.statusCode).toBe(400);
    expect(abandoned.json()).toMatchObject({ message: paymentMessages.failedToAttachPaymentMethod });

    const other = await registerUser(t);
    const foreign = await replaceCard(fresh, organisation.id, await setupIntent(other, 'pm_card_mastercard'));
    expect(foreign.statusCode).toBe(400);
    expect(await cardOf()).toBe('pm_card_visa');
    expect(fake.subscriptions.get(stripeId)).toMatchObject({ default_payment_method: 'pm_card_visa' });
  });

  it('lets only the payer change the card: Stripe keeps the subscription on their customer', async () => {
    const { organisation, stripeId } = await activeOrganisation();
    const admin = await registerUser(t);
    await addMember(t, organisation.id, admin, 'admin');
    const response = await replaceCard(admin, organisation.id, await setupIntent(admin, 'pm_card_mastercard'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: renewalCardMessages.payerOnly });
    expect(fake.subscriptions.get(stripeId)).toMatchObject({ default_payment_method: 'pm_card_visa' });
  });
});
