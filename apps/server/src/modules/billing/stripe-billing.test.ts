import { organisationApiPaths } from '@app/contract/api-paths';
import { activationEnvelope, subscriptionMessages, type ActivationResponse } from '@app/contract/organisation-billing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { eventually } from '../../../test/eventually.ts';
import { outboxFor } from '../../../test/mail-helpers.ts';
import { type FakeStripe, startFakeStripe, stripeTestEnv } from '../../../test/fake-stripe.ts';
import { addMember, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { productBySku, seededSkus } from '../../../test/shop-fixtures.ts';
import { sendStripeWebhook } from '../../../test/stripe-webhooks.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../lib/clock.ts';
import type { BillingDeps } from './activation-service.ts';
import { renewDueSubscriptions } from './renewal-service.ts';

// Issue 12, "Stripe Billing when configured": the organisation's subscription is a Stripe
// Subscription (one, under its unique id), Stripe renews and retries it, and the webhooks, late,
// repeated or reversed, are reconciled by reading the subscription from Stripe: tested with the
// local Stripe fake, whose period end the test triggers.

const webhookSecret = 'whsec_test_compass_billing';
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

const billingAddress = { name: 'Eiche GmbH', billing_email: 'rechnung@example.com', address_line_1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'DE' };

async function activate(owner: RegisteredUser, organisationId: string, paymentMethod: string, key: string = randomUUID()): Promise<ActivationResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: organisationApiPaths.activate(organisationId),
    headers: (await login(t, owner.email, owner.password)).headersWithCsrf,
    payload: { idempotency_key: key, payment: { method: 'stripe', payment_method_id: paymentMethod } },
  });
  expect(response.statusCode).toBe(200);
  return activationEnvelope.parse(response.json()).data;
}

async function call(owner: RegisteredUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  const fresh = await login(t, owner.email, owner.password);
  return t.app.inject({ method, url, headers: method === 'GET' ? fresh.authHeaders : fresh.headersWithCsrf, ...(payload ? { payload } : {}) });
}

async function rowsOf(organisationId: string) {
  const subscriptions = await t.pool.query<{ id: string; provider_subscription_id: string | null; status: string; cancel_at_period_end: boolean; plan: string; current_period_end: Date | null }>(
    `select id, provider_subscription_id, status, cancel_at_period_end, plan, current_period_end from subscriptions where organisation_id = $1`,
    [organisationId],
  );
  const invoices = await t.pool.query<{ status: string; total: number; plan: string; provider_invoice_id: string | null; period_start: Date }>(
    `select i.status, i.total, i.plan, i.provider_invoice_id, i.period_start from subscription_invoices i join subscriptions s on s.id = i.subscription_id where s.organisation_id = $1 order by i.period_start`,
    [organisationId],
  );
  const organisation = await t.pool.query<{ status: string }>(`select status from organisations where id = $1`, [organisationId]);
  return { subscriptions: subscriptions.rows, invoices: invoices.rows, organisationStatus: organisation.rows[0]?.status };
}

async function activeOrganisation(overrides: Parameters<typeof createOrganisationThroughApi>[2] = {}) {
  const owner = await registerUser(t, { name: 'Olga Owner' });
  const organisation = await createOrganisationThroughApi(t, owner, { billing_details: billingAddress, ...overrides });
  const activated = await activate(owner, organisation.id, 'pm_card_visa');
  expect(activated.status).toBe('active');
  const [row] = (await rowsOf(organisation.id)).subscriptions;
  const stripeId = row?.provider_subscription_id;
  if (!stripeId) throw new Error('no Stripe subscription');
  return { owner, organisation, activated, stripeId };
}

describe('activation with Stripe Billing', () => {
  it('creates one Stripe subscription with the period price, even when the activation is retried', async () => {
    const owner = await registerUser(t);
    const organisation = await createOrganisationThroughApi(t, owner, { billing_details: billingAddress });
    const before = fake.subscriptions.size;
    const key = randomUUID();
    const declined = await activate(owner, organisation.id, 'pm_card_chargeDeclined', key);
    expect(declined).toMatchObject({ status: 'failed', failure_message: 'Your card was declined.' });
    // The same request again, then a new attempt with another card: still one subscription, its first invoice paid.
    expect((await activate(owner, organisation.id, 'pm_card_chargeDeclined', key)).status).toBe('failed');
    const paid = await activate(owner, organisation.id, 'pm_card_visa');
    expect(paid).toMatchObject({ status: 'active', subscription: { status: 'active', plan: 'monthly' }, invoice: { status: 'paid', total: 17_731 } });
    expect(fake.subscriptions.size).toBe(before + 1);

    const { subscriptions, invoices, organisationStatus } = await rowsOf(organisation.id);
    expect(organisationStatus).toBe('active');
    expect(subscriptions).toHaveLength(1);
    const stripe = fake.subscriptions.get(subscriptions[0]?.provider_subscription_id ?? '');
    expect(stripe).toMatchObject({ status: 'active', default_payment_method: 'pm_card_visa' });
    // €149 a month and VAT 19 % (Germany) as items of a monthly price.
    const items = (stripe?.items as { data: Array<{ price: { unit_amount: number; recurring: { interval: string; interval_count: number } }; quantity: number }> }).data;
    expect(items.map((item) => [item.price.unit_amount, item.quantity, item.price.recurring.interval, item.price.recurring.interval_count])).toEqual([
      [14_900, 1, 'month', 1],
      [2_831, 1, 'month', 1],
    ]);
    expect(invoices).toMatchObject([{ status: 'paid', total: 17_731 }]);
    expect((await t.pool.query(`select 1 from organisation_invitations where organisation_id = $1`, [organisation.id])).rowCount).toBe(4);
  });

  it('starts a new Stripe subscription when Stripe ended an unpaid first one, and activates with it', async () => {
    const owner = await registerUser(t);
    const organisation = await createOrganisationThroughApi(t, owner, { billing_details: billingAddress });
    expect((await activate(owner, organisation.id, 'pm_card_chargeDeclined')).status).toBe('failed');
    const [first] = (await rowsOf(organisation.id)).subscriptions;
    const expired = fake.subscriptions.get(first?.provider_subscription_id ?? '');
    if (!expired) throw new Error('no Stripe subscription');
    // 23 hours without payment: Stripe ends it and voids its invoice.
    expired.status = 'incomplete_expired';
    Object.assign(fake.invoices.get(String(expired.latest_invoice)) ?? {}, { status: 'void' });
    await deliver(fake.event('customer.subscription.updated', expired));

    const paid = await activate(owner, organisation.id, 'pm_card_visa');
    expect(paid).toMatchObject({ status: 'active', subscription: { status: 'active' }, invoice: { status: 'paid', total: 17_731 } });
    const { subscriptions, invoices, organisationStatus } = await rowsOf(organisation.id);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]?.provider_subscription_id).not.toBe(expired.id);
    // One first period, paid by the new subscription's first invoice (the voided one's is no invoice of ours).
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', provider_invoice_id: fake.subscriptions.get(subscriptions[0]?.provider_subscription_id ?? '')?.latest_invoice });
    expect(fake.subscriptions.get(subscriptions[0]?.provider_subscription_id ?? '')?.status).toBe('active');
    expect(organisationStatus).toBe('active');
  });

  it('lets the browser confirm the first invoice’s payment with 3-D Secure, then activates once', async () => {
    const owner = await registerUser(t);
    const organisation = await createOrganisationThroughApi(t, owner, { billing_details: billingAddress, plan: 'quarterly' });
    const started = await activate(owner, organisation.id, 'pm_card_authenticationRequired');
    expect(started.status).toBe('requires_action');
    const [row] = (await rowsOf(organisation.id)).subscriptions;
    const stripe = fake.subscriptions.get(row?.provider_subscription_id ?? '');
    const invoice = fake.invoices.get(String(stripe?.latest_invoice));
    const intent = fake.paymentIntents.get(String(invoice?.payment_intent_id));
    // The answer carries the client secret of the first invoice's PaymentIntent, for Stripe.js's handleNextAction.
    expect(started.next_action).toEqual({ type: 'stripe', client_secret: intent?.client_secret });
    // Quarterly: billed every 3 months.
    expect((stripe?.items as { data: Array<{ price: { recurring: { interval_count: number } } }> }).data[0]?.price.recurring.interval_count).toBe(3);

    fake.completeAuthentication(String(intent?.id));
    const confirmed = activationEnvelope.parse((await call(owner, 'POST', organisationApiPaths.activateConfirm(organisation.id), {})).json()).data;
    expect(confirmed).toMatchObject({ status: 'active', subscription: { status: 'active', plan: 'quarterly' }, invoice: { status: 'paid' } });
    expect(confirmed.subscription.current_period_end).toBe(new Date(Number((stripe?.items as { data: Array<{ current_period_end: number }> }).data[0]?.current_period_end) * 1000).toISOString());
    expect((await rowsOf(organisation.id)).organisationStatus).toBe('active');
  });
});

describe('webhooks from Stripe Billing', () => {
  it('an event whose handling failed (Stripe unreachable) is handled by the sweeper from its stored copy', async () => {
    const owner = await registerUser(t);
    const organisation = await createOrganisationThroughApi(t, owner, { billing_details: billingAddress });
    expect((await activate(owner, organisation.id, 'pm_card_authenticationRequired')).status).toBe('requires_action');
    const [row] = (await rowsOf(organisation.id)).subscriptions;
    const stripe = fake.subscriptions.get(row?.provider_subscription_id ?? '');
    const invoice = fake.invoices.get(String(stripe?.latest_invoice));
    if (!stripe || !invoice) throw new Error('no Stripe subscription');
    fake.completeAuthentication(String(invoice.payment_intent_id));
    await fetch(`${fake.url}/v1/invoices/${String(invoice.id)}`);
    // Stripe answers 500 to the reads (and the client's own retries): the event is kept, answered 200, and not handled.
    fake.failRequests(3);
    await deliver(fake.event('invoice.paid', invoice));
    expect((await rowsOf(organisation.id)).organisationStatus).toBe('pending_activation');

    clock.advanceBy(2 * 60_000);
    // The orders' sweeper (its job, run now rather than at the next minute) retries stored events.
    await t.app.jobs.send('orders.sweep', {});
    await eventually(async () => expect((await rowsOf(organisation.id)).organisationStatus).toBe('active'));
    const rows = await rowsOf(organisation.id);
    expect(rows.invoices).toMatchObject([{ status: 'paid', provider_invoice_id: invoice.id }]);
  });

  it('end in Stripe’s current state whatever their order and repetitions, with no second row and no status going back', async () => {
    const owner = await registerUser(t);
    const organisation = await createOrganisationThroughApi(t, owner, { billing_details: billingAddress });
    const started = await activate(owner, organisation.id, 'pm_card_authenticationRequired');
    expect(started.status).toBe('requires_action');
    const [row] = (await rowsOf(organisation.id)).subscriptions;
    const stripe = fake.subscriptions.get(row?.provider_subscription_id ?? '');
    if (!stripe) throw new Error('no Stripe subscription');
    const invoice = fake.invoices.get(String(stripe.latest_invoice));
    if (!invoice) throw new Error('no invoice');
    // What Stripe sent while it waited (incomplete), kept to arrive late.
    const created = fake.event('customer.subscription.created', stripe);
    fake.completeAuthentication(String(invoice.payment_intent_id));
    // The fake settles the invoice on its next request; the test reads its objects directly, so settle through a GET.
    await fetch(`${fake.url}/v1/subscriptions/${String(stripe.id)}`, { headers: { authorization: 'Bearer sk_test_local123' } });
    const updated = fake.event('customer.subscription.updated', stripe);
    const paid = fake.event('invoice.paid', invoice);

    // Reversed and repeated: the newest first, each twice (new ids, as Stripe's retries are the same id: both kinds), the oldest last.
    for (const event of [paid, paid, { ...paid, id: `${String(paid.id)}_again` }, updated, updated, created, created]) await deliver(event);

    const rows = await rowsOf(organisation.id);
    expect(rows.subscriptions).toHaveLength(1);
    expect(rows.subscriptions[0]).toMatchObject({ status: 'active', provider_subscription_id: stripe.id });
    expect(rows.invoices).toHaveLength(1);
    expect(rows.invoices[0]).toMatchObject({ status: 'paid', provider_invoice_id: invoice.id });
    expect(rows.organisationStatus).toBe('active');
    expect((await t.pool.query(`select 1 from organisation_invitations where organisation_id = $1`, [organisation.id])).rowCount).toBe(4);

    // A created event of a subscription that is not ours changes nothing.
    await deliver(fake.event('customer.subscription.created', { ...stripe, id: 'sub_someone_else' }));
    expect((await rowsOf(organisation.id)).subscriptions).toHaveLength(1);
  });
});

describe('reads that arrive late', () => {
  it('a subscription read older than what is stored never moves its status back', async () => {
    const { owner, organisation, stripeId } = await activeOrganisation();
    const stripe = fake.subscriptions.get(stripeId);
    if (!stripe) throw new Error('no Stripe subscription');
    // Stripe answering as it did before the first payment (a read that overtook nothing but arrives last).
    stripe.status = 'incomplete';
    await deliver(fake.event('customer.subscription.updated', stripe));
    expect((await rowsOf(organisation.id)).subscriptions[0]?.status).toBe('active');
    stripe.status = 'active';

    // Past due, then paid now: a read from before that payment (past due, the invoice still open) changes nothing.
    for (const event of fake.endPeriod(stripeId, { decline: true })) await deliver(event);
    await call(owner, 'POST', organisationApiPaths.subscriptionPay(organisation.id), { idempotency_key: randomUUID(), payment: { method: 'stripe', payment_method_id: 'pm_card_visa' } });
    expect((await rowsOf(organisation.id)).subscriptions[0]?.status).toBe('active');
    const invoice = fake.invoices.get(String(stripe.latest_invoice));
    const intent = fake.paymentIntents.get(String(invoice?.payment_intent_id));
    if (!invoice || !intent) throw new Error('no renewal invoice');
    Object.assign(stripe, { status: 'past_due' });
    Object.assign(invoice, { status: 'open' });
    Object.assign(intent, { status: 'requires_payment_method' });
    await deliver(fake.event('customer.subscription.updated', stripe));
    const rows = await rowsOf(organisation.id);
    expect(rows.subscriptions[0]?.status).toBe('active');
    expect(rows.organisationStatus).toBe('active');
    expect(rows.invoices.map((row) => row.status)).toEqual(['paid', 'paid']);
    Object.assign(stripe, { status: 'active' });
    Object.assign(invoice, { status: 'paid' });
    Object.assign(intent, { status: 'succeeded' });
  });
});

describe('periods with Stripe Billing', () => {
  it('records the renewal Stripe paid once as the next period’s invoice, and our renewal job charges nothing', async () => {
    const { owner, organisation, stripeId } = await activeOrganisation();
    const intentsBefore = fake.paymentIntents.size;
    const events = fake.endPeriod(stripeId);
    expect(fake.paymentIntents.size).toBe(intentsBefore + 1);
    for (const event of [...events].reverse()) await deliver(event);
    for (const event of events) await deliver({ ...event, id: `${String(event.id)}_repeat` });

    const rows = await rowsOf(organisation.id);
    expect(rows.invoices.map((invoice) => [invoice.status, invoice.total])).toEqual([
      ['paid', 17_731],
      ['paid', 17_731],
    ]);
    const stripe = fake.subscriptions.get(stripeId);
    const periodEnd = (stripe?.items as { data: Array<{ current_period_end: number }> }).data[0]?.current_period_end;
    expect(rows.subscriptions[0]?.current_period_end?.toISOString()).toBe(new Date(Number(periodEnd) * 1000).toISOString());
    // The renewal's invoice PDF is ours, listed with the first.
    const listed = await call(owner, 'GET', organisationApiPaths.subscriptionInvoices(organisation.id));
    expect((listed.json() as { data: unknown[] }).data).toHaveLength(2);

    // Even long after the period's end our job leaves Stripe's subscriptions alone.
    clock.advanceBy(400 * 24 * 60 * 60 * 1000);
    const deps: BillingDeps = { db: t.app.db, clock, provider: t.app.paymentProvider, mail: t.app.mail, log: t.app.log, sellerCountry: 'DE' };
    await renewDueSubscriptions(deps);
    expect(fake.paymentIntents.size).toBe(intentsBefore + 1);
    expect((await rowsOf(organisation.id)).invoices).toHaveLength(2);
  });

  it('a refused renewal makes the organisation read-only, tells the owners once per attempt, until Pay now pays Stripe’s open invoice', async () => {
    const { owner, organisation, stripeId } = await activeOrganisation();
    const refused = fake.endPeriod(stripeId, { decline: true });
    for (const event of [...refused].reverse()) await deliver(event);
    for (const event of refused) await deliver({ ...event, id: `${String(event.id)}_late` });
    let rows = await rowsOf(organisation.id);
    expect(rows.subscriptions[0]?.status).toBe('past_due');
    expect(rows.organisationStatus).toBe('past_due');
    expect(rows.invoices.map((invoice) => invoice.status)).toEqual(['paid', 'open']);
    const state = activationEnvelope.parse((await call(owner, 'GET', organisationApiPaths.subscription(organisation.id))).json()).data;
    const retryAt = new Date(Number(fake.invoices.get(String(fake.subscriptions.get(stripeId)?.latest_invoice))?.next_payment_attempt) * 1000);
    expect(state).toMatchObject({ subscription: { status: 'past_due', failed_attempts: 1, next_attempt_at: retryAt.toISOString() }, invoice: { status: 'open', total: 17_731 } });
    // Stripe's retries are the dunning: the owner hears of the refused attempt once, with Stripe's next try.
    const dunning = async () => (await outboxFor(t, owner.email)).filter((mail) => mail.subject.includes('subscription'));
    await eventually(async () => expect(await dunning()).toHaveLength(1));
    const [mail] = await dunning();
    expect(mail?.text).toContain('did not go through: Your card was declined.');
    expect(mail?.text).toContain(`We will try the card again on ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(retryAt)}.`);
    const invite = await call(owner, 'POST', organisationApiPaths.invitations(organisation.id), { email: `late-${randomUUID()}@example.com` });
    expect(invite.statusCode).toBe(409);

    // An admin's card cannot pay an invoice on the payer's Stripe customer: said as such, nothing charged.
    const admin = await registerUser(t, { name: 'Ada Admin' });
    await addMember(t, organisation.id, admin, 'admin');
    const byAdmin = await call(admin, 'POST', organisationApiPaths.subscriptionPay(organisation.id), { idempotency_key: randomUUID(), payment: { method: 'stripe', payment_method_id: 'pm_card_visa' } });
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json()).toMatchObject({ message: subscriptionMessages.payerOnlyPays });
    expect((await rowsOf(organisation.id)).invoices.map((invoice) => invoice.status)).toEqual(['paid', 'open']);

    const paid = await call(owner, 'POST', organisationApiPaths.subscriptionPay(organisation.id), { idempotency_key: randomUUID(), payment: { method: 'stripe', payment_method_id: 'pm_card_mastercard' } });
    expect(activationEnvelope.parse(paid.json()).data).toMatchObject({ status: 'active', subscription: { status: 'active' }, invoice: { status: 'paid' } });
    expect(fake.subscriptions.get(stripeId)).toMatchObject({ status: 'active', default_payment_method: 'pm_card_mastercard' });
    rows = await rowsOf(organisation.id);
    expect(rows.organisationStatus).toBe('active');
    expect(rows.invoices.map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
  });

  it('Pay now with a card asking for 3-D Secure answers the invoice’s PaymentIntent for the browser', async () => {
    const { owner, organisation, stripeId } = await activeOrganisation();
    for (const event of fake.endPeriod(stripeId, { decline: true })) await deliver(event);
    const started = activationEnvelope.parse(
      (await call(owner, 'POST', organisationApiPaths.subscriptionPay(organisation.id), { idempotency_key: randomUUID(), payment: { method: 'stripe', payment_method_id: 'pm_card_authenticationRequired' } })).json(),
    ).data;
    const invoice = fake.invoices.get(String(fake.subscriptions.get(stripeId)?.latest_invoice));
    const intent = fake.paymentIntents.get(String(invoice?.payment_intent_id));
    expect(started).toMatchObject({ status: 'requires_action', next_action: { type: 'stripe', client_secret: intent?.client_secret } });
    fake.completeAuthentication(String(intent?.id));
    const confirmed = activationEnvelope.parse((await call(owner, 'POST', organisationApiPaths.activateConfirm(organisation.id), {})).json()).data;
    expect(confirmed).toMatchObject({ status: 'active', subscription: { status: 'active' }, invoice: { status: 'paid' } });
    expect((await rowsOf(organisation.id)).organisationStatus).toBe('active');
  });

  it('cancels at the period’s end and resumes before it through Stripe; a cancelled one ends with the period', async () => {
    const { owner, organisation, stripeId } = await activeOrganisation();
    const cancelled = activationEnvelope.parse((await call(owner, 'POST', organisationApiPaths.subscriptionCancel(organisation.id))).json()).data;
    expect(cancelled.subscription).toMatchObject({ cancel_at_period_end: true, next_charge_at: null });
    expect(fake.subscriptions.get(stripeId)?.cancel_at_period_end).toBe(true);
    const resumed = activationEnvelope.parse((await call(owner, 'POST', organisationApiPaths.subscriptionResume(organisation.id))).json()).data;
    expect(resumed.subscription.cancel_at_period_end).toBe(false);
    expect(fake.subscriptions.get(stripeId)?.cancel_at_period_end).toBe(false);

    // A change scheduled for the next period goes with a cancellation (Stripe refuses to cancel a scheduled subscription otherwise).
    await call(owner, 'PATCH', organisationApiPaths.subscription(organisation.id), { plan: 'annual' });
    expect(fake.subscriptions.get(stripeId)?.schedule).not.toBeNull();
    const cancelledAgain = activationEnvelope.parse((await call(owner, 'POST', organisationApiPaths.subscriptionCancel(organisation.id))).json()).data;
    expect(cancelledAgain.subscription).toMatchObject({ cancel_at_period_end: true, pending_plan: null });
    expect(fake.subscriptions.get(stripeId)).toMatchObject({ cancel_at_period_end: true, schedule: null });
    const ended = fake.endPeriod(stripeId);
    for (const event of [...ended, ...ended]) await deliver(event);
    const rows = await rowsOf(organisation.id);
    expect(rows.subscriptions[0]?.status).toBe('cancelled');
    expect(rows.organisationStatus).toBe('cancelled');
    expect(rows.invoices).toHaveLength(1);
  });

  it('a plan and quantities chosen now apply from the next period: Stripe’s schedule, then our row and invoice', async () => {
    const teamProfiles = await productBySku(t, seededSkus.teamProfiles);
    const { owner, organisation, stripeId } = await activeOrganisation({ type: 'human_capital_expert', services: [{ product_id: teamProfiles.id, quantity: 3 }] });
    const tooFew = await call(owner, 'PATCH', organisationApiPaths.subscription(organisation.id), { services: [{ product_id: teamProfiles.id, quantity: 2 }] });
    expect(tooFew.statusCode).toBe(422);
    expect(tooFew.json().errors).toEqual({ 'services.0.quantity': ['Minimal quantity is 3'] });
    expect(fake.subscriptions.get(stripeId)?.schedule).toBeNull();

    const changed = await call(owner, 'PATCH', organisationApiPaths.subscription(organisation.id), { plan: 'quarterly', services: [{ product_id: teamProfiles.id, quantity: 10 }] });
    expect(activationEnvelope.parse(changed.json()).data.subscription).toMatchObject({ plan: 'monthly', pending_plan: 'quarterly', pending_quantities: { [teamProfiles.id]: 10 } });
    // The current period stays as paid: the items are the month's, the schedule's second phase the quarter's.
    const schedule = fake.schedules.get(String(fake.subscriptions.get(stripeId)?.schedule));
    expect(schedule).toMatchObject({ end_behavior: 'release', proration_behavior: 'none' });
    const nextPhase = (schedule?.phases as Array<{ items: Array<{ unit_amount: number; quantity: number; interval_count: number }> }>)[1];
    // 10 x €24.00 x 3 months, 5 % off for the quarter = €684.00 (68,400 cents, 6,840 each), and VAT 19 % as its own item.
    expect(nextPhase?.items).toEqual([
      expect.objectContaining({ unit_amount: 6_840, quantity: 10, interval_count: 3 }),
      expect.objectContaining({ unit_amount: 12_996, quantity: 1, interval_count: 3 }),
    ]);

    for (const event of fake.endPeriod(stripeId)) await deliver(event);
    const rows = await rowsOf(organisation.id);
    expect(rows.invoices.map((invoice) => [invoice.plan, invoice.status, invoice.total])).toEqual([
      ['monthly', 'paid', 8_568],
      ['quarterly', 'paid', 81_396],
    ]);
    const state = activationEnvelope.parse((await call(owner, 'GET', organisationApiPaths.subscription(organisation.id))).json()).data;
    expect(state.subscription).toMatchObject({ plan: 'quarterly', pending_plan: null, pending_quantities: null });
    const services = await t.pool.query<{ quantity: number }>(`select quantity from organisation_services where organisation_id = $1`, [organisation.id]);
    expect(services.rows).toEqual([{ quantity: 10 }]);
  });

  it('states on each period invoice what Stripe charged for it, even after the operator changed the price', async () => {
    const { organisation, stripeId } = await activeOrganisation();
    const { rows } = await t.pool.query<{ monthly_price: number }>(`select monthly_price from organisation_type_prices where type = 'business'`);
    await t.pool.query(`update organisation_type_prices set monthly_price = 19900 where type = 'business'`);
    try {
      const events = fake.endPeriod(stripeId);
      for (const event of events) await deliver(event);
      const invoices = (await rowsOf(organisation.id)).invoices;
      expect(invoices.map((invoice) => [invoice.status, invoice.total])).toEqual([
        ['paid', 17_731],
        ['paid', 17_731],
      ]);
      expect(fake.invoices.get(String(fake.subscriptions.get(stripeId)?.latest_invoice))?.total).toBe(17_731);
    } finally {
      await t.pool.query(`update organisation_type_prices set monthly_price = $1 where type = 'business'`, [rows[0]?.monthly_price]);
    }
  });
});
