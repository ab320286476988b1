import { accountApiPaths, organisationApiPaths, shopApiPaths } from '@app/contract/api-paths';
import { activationEnvelope, subscriptionMessages, type ActivationResponse, type RenewalCardInput } from '@app/contract/organisation-billing';
import { paymentSetupResponse } from '@app/contract/payment-methods';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { eventually } from '../../../test/eventually.ts';
import { type FakeStripe, startFakeStripe, stripeTestEnv } from '../../../test/fake-stripe.ts';
import { outboxFor } from '../../../test/mail-helpers.ts';
import { addMember, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { sendStripeWebhook } from '../../../test/stripe-webhooks.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../lib/clock.ts';
import type { BillingDeps } from './billing-deps.ts';
import { resumeOnProviderBilling } from './payer-leaving.ts';
import { renewDueSubscriptions } from './renewal-service.ts';

// Issue 14, with Stripe Billing (the local fake): the person whose card pays an organisation's
// subscription deletes their account and passes the organisation on. Their Stripe customer is
// deleted, and Stripe cancels the subscription on it; the organisation keeps the period paid,
// its new owner is asked for a card, and a card set then goes on a new Stripe subscription that
// charges first at the period's end. Without a card it is past due at the period's end until
// Pay now.

const webhookSecret = 'whsec_test_compass_payer_leaving';
let fake: FakeStripe;
let t: TestApp;
let clock: ManualClock;

beforeAll(async () => {
  fake = await startFakeStripe();
  clock = new ManualClock(new Date());
  t = await createTestApp({ clock, env: stripeTestEnv(fake.url, webhookSecret) });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** Delivers an event as Stripe does: signed with the endpoint's secret. */
async function deliver(event: object): Promise<void> {
  const response = await sendStripeWebhook(t, webhookSecret, event);
  expect(response.statusCode).toBe(200);
}

/** Logs in again (the clock moves on in these tests: access tokens expire) and calls the API. */
async function call(user: RegisteredUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const fresh = await login(t, user.email, user.password);
  return t.app.inject({ method, url, headers: method === 'GET' ? fresh.authHeaders : fresh.headersWithCsrf, ...(payload ? { payload } : {}) });
}

const billingAddress = { name: 'Eiche GmbH', billing_email: 'rechnung@example.com', address_line_1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'DE' };

async function customerOf(user: RegisteredUser): Promise<string> {
  const { rows } = await t.pool.query<{ customer_id: string }>(`select customer_id from payment_customers where user_id = $1`, [user.account.id]);
  if (!rows[0]) throw new Error('no Stripe customer');
  return rows[0].customer_id;
}

async function rowsOf(organisationId: string) {
  const subscription = await t.pool.query<{ status: string; provider_subscription_id: string | null; payer_user_id: string | null; current_period_end: Date }>(
    `select status, provider_subscription_id, payer_user_id, current_period_end from subscriptions where organisation_id = $1`,
    [organisationId],
  );
  const invoices = await t.pool.query<{ status: string; total: number; period_start: Date }>(
    `select i.status, i.total, i.period_start from subscription_invoices i join subscriptions s on s.id = i.subscription_id where s.organisation_id = $1 order by i.period_start`,
    [organisationId],
  );
  const organisation = await t.pool.query<{ status: string }>(`select status from organisations where id = $1`, [organisationId]);
  return { subscription: subscription.rows[0], invoices: invoices.rows, organisationStatus: organisation.rows[0]?.status };
}

/** The PaymentIntents Stripe made for a customer (the activation's, renewals', Pay now's). */
const chargesOf = (customerId: string) => [...fake.paymentIntents.values()].filter((intent) => intent.customer === customerId);

/**
 * An organisation its owner activated with a Visa card (a Stripe subscription on their customer),
 * passed on to a member when the owner deletes their account; the owner's customer then deleted
 * at Stripe, and Stripe's events about it delivered.
 */
async function passedOnByItsPayer() {
  const owner = await registerUser(t, { name: 'Olga Owner' });
  const heir = await registerUser(t, { name: 'Hanna Heir' });
  const organisation = await createOrganisationThroughApi(t, owner, { billing_details: billingAddress });
  const activation = await call(owner, 'POST', organisationApiPaths.activate(organisation.id), { idempotency_key: randomUUID(), payment: { method: 'stripe', payment_method_id: 'pm_card_visa' } });
  expect(activationEnvelope.parse(activation.json()).data.status).toBe('active');
  await addMember(t, organisation.id, heir, 'member');
  const before = await rowsOf(organisation.id);
  const leavingCustomer = await customerOf(owner);
  const stripeId = before.subscription?.provider_subscription_id ?? '';
  expect(fake.subscriptions.get(stripeId)?.customer).toBe(leavingCustomer);

  const deleted = await call(owner, 'DELETE', accountApiPaths.deleteAccount, { password: owner.password, organisations: { [organisation.id]: { action: 'transfer', new_owner_id: heir.account.id } } });
  expect(deleted.statusCode, deleted.body).toBe(204);
  // The customer deletion's sweep runs every minute; run it now.
  await t.app.jobs.send('payments.customer-deletions', {});
  const deadline = Date.now() + 20_000;
  while (!fake.deletedCustomers.includes(leavingCustomer)) {
    if (Date.now() > deadline) throw new Error('the leaving person’s Stripe customer was not deleted');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(fake.subscriptions.get(stripeId)?.status).toBe('canceled');
  // Stripe's word that the subscription ended, late and twice: about a subscription no longer ours.
  const sent = fake.takeEvents();
  expect(sent.map((event) => event.type)).toEqual(['customer.subscription.deleted']);
  for (const event of [...sent, ...sent]) await deliver(event);
  return { heir, organisation, leavingCustomer, stripeId, paidUntil: before.subscription?.current_period_end ?? new Date(0) };
}

async function setupIntent(user: RegisteredUser, method: Parameters<FakeStripe['completeSetup']>[1]): Promise<string> {
  const response = await call(user, 'POST', shopApiPaths.paymentSetup);
  const id = paymentSetupResponse.parse(response.json()).client_secret?.split('_secret_')[0] ?? '';
  fake.completeSetup(id, method);
  return id;
}

function stateOf(response: { json: () => unknown }): ActivationResponse {
  return activationEnvelope.parse(response.json()).data;
}

describe('an organisation passed on by the person who pays for it (Stripe Billing)', () => {
  it('stays active through the period paid, its new owner asked for a card; the leaving person’s customer is deleted and charged no more', async () => {
    const { heir, organisation, leavingCustomer, stripeId, paidUntil } = await passedOnByItsPayer();
    const rows = await rowsOf(organisation.id);
    expect(rows.organisationStatus).toBe('active');
    expect(rows.subscription).toMatchObject({ status: 'active', provider_subscription_id: null, payer_user_id: null, current_period_end: paidUntil });
    expect(rows.invoices.map((invoice) => invoice.status)).toEqual(['paid']);
    const seen = stateOf(await call(heir, 'GET', organisationApiPaths.subscription(organisation.id)));
    expect(seen.subscription).toMatchObject({ status: 'active', current_period_end: paidUntil.toISOString(), payment_method: null });

    // The Stripe subscription that was theirs has no more periods: nothing more is charged to them.
    expect(fake.endPeriod(stripeId)).toEqual([]);
    expect(chargesOf(leavingCustomer)).toHaveLength(1);

    await eventually(async () => expect((await outboxFor(t, heir.email)).map((mail) => mail.subject)).toContain('Oak & Pine Ltd needs a card to renew its subscription'));
    const mail = (await outboxFor(t, heir.email)).find((message) => message.subject.includes('needs a card'));
    const paidUntilInWords = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(paidUntil);
    expect(mail?.text).toContain(`The organisation stays as it is until ${paidUntilInWords}`);
    expect(mail?.links).toEqual([expect.stringContaining(`/settings/billing?organisation=${organisation.id}`)]);
  }, 60_000);

  it('renews on the new owner’s card at the period’s end, once, when they set one: a new Stripe subscription charging nothing until then', async () => {
    const { heir, organisation, leavingCustomer, paidUntil } = await passedOnByItsPayer();
    const intents = fake.paymentIntents.size;
    const payload: RenewalCardInput = { idempotency_key: randomUUID(), payment: { method: 'stripe', setup_intent_id: await setupIntent(heir, 'pm_card_mastercard') } };
    const set = await call(heir, 'PUT', organisationApiPaths.subscriptionPaymentMethod(organisation.id), payload);
    expect(set.statusCode, set.body).toBe(200);
    expect(stateOf(set).subscription).toMatchObject({ status: 'active', payment_method: { brand: 'mastercard', last4: '4444' }, current_period_end: paidUntil.toISOString(), next_charge_at: paidUntil.toISOString() });
    // The same request again: the same answer, still one new Stripe subscription.
    expect(stateOf(await call(heir, 'PUT', organisationApiPaths.subscriptionPaymentMethod(organisation.id), payload)).subscription.payment_method).toEqual({ brand: 'mastercard', last4: '4444' });

    const heirCustomer = await customerOf(heir);
    const renewing = [...fake.subscriptions.values()].filter((subscription) => subscription.customer === heirCustomer);
    expect(renewing).toHaveLength(1);
    const newStripeId = String(renewing[0]?.id);
    expect((await rowsOf(organisation.id)).subscription).toMatchObject({ status: 'active', provider_subscription_id: newStripeId, payer_user_id: heir.account.id });
    expect(renewing[0]).toMatchObject({ status: 'trialing', default_payment_method: 'pm_card_mastercard' });
    const trialEnd = (renewing[0]?.items as { data: Array<{ current_period_end: number }> }).data[0]?.current_period_end;
    expect(trialEnd).toBe(Math.floor(paidUntil.getTime() / 1000));
    // Nothing is charged now, and Stripe's news of the new subscription (its €0 trial invoice) is no period of ours.
    expect(fake.paymentIntents.size).toBe(intents);
    const created = fake.event('customer.subscription.created', fake.subscriptions.get(newStripeId) ?? {});
    const trialInvoice = fake.event('invoice.paid', fake.invoices.get(String(fake.subscriptions.get(newStripeId)?.latest_invoice)) ?? {});
    for (const event of [trialInvoice, created, created]) await deliver(event);
    let rows = await rowsOf(organisation.id);
    expect(rows.invoices.map((invoice) => [invoice.status, invoice.total])).toEqual([['paid', 17_731]]);
    expect(rows.subscription?.current_period_end).toEqual(paidUntil);

    // The period ends: Stripe charges the new owner's card once; its events, reversed and repeated, make one period.
    const renewal = fake.endPeriod(newStripeId);
    for (const event of [...renewal].reverse()) await deliver(event);
    for (const event of [...renewal, created]) await deliver({ ...event, id: `${String(event.id)}_again` });
    expect(fake.paymentIntents.size).toBe(intents + 1);
    expect(chargesOf(heirCustomer)).toEqual([expect.objectContaining({ payment_method: 'pm_card_mastercard', status: 'succeeded', amount: 17_731 })]);
    expect(chargesOf(leavingCustomer)).toHaveLength(1);
    rows = await rowsOf(organisation.id);
    expect(rows.organisationStatus).toBe('active');
    expect(rows.invoices.map((invoice) => [invoice.status, invoice.total, invoice.period_start.getTime()])).toEqual([
      ['paid', 17_731, expect.any(Number)],
      ['paid', 17_731, Math.floor(paidUntil.getTime() / 1000) * 1000],
    ]);
    expect(rows.subscription?.current_period_end.getTime()).toBeGreaterThan(paidUntil.getTime());

    // Our renewal job leaves it to Stripe, even long after.
    clock.advanceBy(40 * 24 * 60 * 60 * 1000);
    try {
      const deps: BillingDeps = { db: t.app.db, clock, provider: t.app.paymentProvider, mail: t.app.mail, log: t.app.log, sellerCountry: 'DE' };
      await renewDueSubscriptions(deps);
      expect(fake.paymentIntents.size).toBe(intents + 1);
    } finally {
      clock.advanceBy(-40 * 24 * 60 * 60 * 1000);
    }
  }, 60_000);

  it('is past due at the period’s end when nobody set a card, its owner told so, until Pay now pays the period', async () => {
    const { heir, organisation, leavingCustomer, paidUntil } = await passedOnByItsPayer();
    const deps: BillingDeps = { db: t.app.db, clock, provider: t.app.paymentProvider, mail: t.app.mail, log: t.app.log, sellerCountry: 'DE' };
    const intents = fake.paymentIntents.size;
    clock.advanceBy(paidUntil.getTime() - clock.now().getTime() - 60_000);
    await renewDueSubscriptions(deps);
    expect((await rowsOf(organisation.id)).organisationStatus).toBe('active');

    clock.advanceBy(2 * 60_000);
    try {
      await renewDueSubscriptions(deps);
      let rows = await rowsOf(organisation.id);
      expect(rows.organisationStatus).toBe('past_due');
      expect(rows.subscription?.status).toBe('past_due');
      expect(rows.invoices.map((invoice) => [invoice.status, invoice.period_start])).toEqual([
        ['paid', expect.any(Date)],
        ['open', paidUntil],
      ]);
      expect(fake.paymentIntents.size).toBe(intents);
      await eventually(async () => expect((await outboxFor(t, heir.email)).map((mail) => mail.subject)).toContain('Oak & Pine Ltd is read-only until the subscription is paid'));
      const mail = (await outboxFor(t, heir.email)).find((message) => message.subject.includes('read-only'));
      expect(mail?.text).toContain('could not be renewed: no card is kept for it.');
      // Read-only meanwhile: a card for the renewals waits until the period is paid.
      expect((await call(heir, 'POST', organisationApiPaths.invitations(organisation.id), { email: `late-${randomUUID()}@example.com` })).statusCode).toBe(409);
      const cardMeanwhile = await call(heir, 'PUT', organisationApiPaths.subscriptionPaymentMethod(organisation.id), { idempotency_key: randomUUID(), payment: { method: 'stripe', setup_intent_id: await setupIntent(heir, 'pm_card_visa') } });
      expect(cardMeanwhile.json()).toMatchObject({ message: subscriptionMessages.readOnly });

      const paid = await call(heir, 'POST', organisationApiPaths.subscriptionPay(organisation.id), { idempotency_key: randomUUID(), payment: { method: 'stripe', payment_method_id: 'pm_card_visa' } });
      expect(stateOf(paid)).toMatchObject({ status: 'active', subscription: { status: 'active', payment_method: { brand: 'visa', last4: '4242' } }, invoice: { status: 'paid', total: 17_731 } });
      rows = await rowsOf(organisation.id);
      expect(rows.organisationStatus).toBe('active');
      expect(rows.invoices.map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
      expect(rows.subscription?.current_period_end.getTime()).toBeGreaterThan(paidUntil.getTime());
      const heirCustomer = await customerOf(heir);
      expect(chargesOf(heirCustomer)).toEqual([expect.objectContaining({ status: 'succeeded', amount: 17_731 })]);
      expect(chargesOf(leavingCustomer)).toHaveLength(1);

      // The renewal job's next run puts it back on Stripe Billing: the payer's card, first charged at the end of the period just paid.
      const paidNow = rows.subscription?.current_period_end ?? new Date(0);
      expect(await resumeOnProviderBilling(deps)).toBe(1);
      expect(await resumeOnProviderBilling(deps)).toBe(0);
      const renewing = [...fake.subscriptions.values()].filter((subscription) => subscription.customer === heirCustomer);
      expect(renewing).toEqual([expect.objectContaining({ status: 'trialing', default_payment_method: 'pm_card_visa' })]);
      expect((renewing[0]?.items as { data: Array<{ current_period_end: number }> }).data[0]?.current_period_end).toBe(Math.floor(paidNow.getTime() / 1000));
      expect((await rowsOf(organisation.id)).subscription).toMatchObject({ status: 'active', provider_subscription_id: renewing[0]?.id, payer_user_id: heir.account.id });
      for (const event of fake.endPeriod(String(renewing[0]?.id))) await deliver(event);
      expect(chargesOf(heirCustomer)).toHaveLength(2);
      rows = await rowsOf(organisation.id);
      expect(rows.invoices.map((invoice) => invoice.status)).toEqual(['paid', 'paid', 'paid']);
      expect(rows.subscription?.current_period_end.getTime()).toBeGreaterThan(paidNow.getTime());
    } finally {
      clock.advanceBy(-(clock.now().getTime() - Date.now()));
    }
  }, 60_000);
});
