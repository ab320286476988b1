import { organisationApiPaths } from '@app/contract/api-paths';
import { activationEnvelope, subscriptionMessages, type ActivationInput, type ActivationResponse } from '@app/contract/organisation-billing';
import { organisationEnvelope } from '@app/contract/organisations';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { card } from '../../../test/checkout-helpers.ts';
import { eventually } from '../../../test/eventually.ts';
import { outboxFor } from '../../../test/mail-helpers.ts';
import { createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { startSecondInstance } from '../../../test/second-instance.ts';
import { productBySku, seededSkus } from '../../../test/shop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../lib/clock.ts';
import type { BillingDeps } from './activation-service.ts';
import { renewDueSubscriptions } from './renewal-service.ts';

// Issue 12, "Subscriptions and billing", with the controllable clock: renewal at the end of each
// period, exactly once even with two instances; a refused renewal retried three times over a week
// with e-mails, then past due and read-only until paid; plan and quantity changes from the next
// period; cancel at the period's end and resume before it.

const dayMs = 24 * 60 * 60 * 1000;
let t: TestApp;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock(new Date('2027-03-31T09:00:00Z'));
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

function depsOf(app: TestApp['app']): BillingDeps {
  return { db: app.db, clock, provider: app.paymentProvider, mail: app.mail, log: app.log, sellerCountry: 'DE' };
}

async function activeOrganisation(overrides: Parameters<typeof createOrganisationThroughApi>[2] = {}) {
  const owner = await registerUser(t, { name: 'Olga Owner' });
  const organisation = await createOrganisationThroughApi(t, owner, overrides);
  const body: ActivationInput = { idempotency_key: randomUUID(), payment: { method: 'card', card: card() } };
  const response = await t.app.inject({ method: "POST", url: organisationApiPaths.activate(organisation.id), headers: owner.headersWithCsrf, payload: body });
  const activated = activationEnvelope.parse(response.json()).data;
  expect(activated.status).toBe('active');
  return { owner, organisation, activated };
}

/** Logs in again (time moves on in these tests: access tokens expire) and reads the subscription. */
async function subscription(owner: RegisteredUser, organisationId: string): Promise<ActivationResponse> {
  const fresh = await login(t, owner.email, owner.password);
  const response = await t.app.inject({ method: 'GET', url: organisationApiPaths.subscription(organisationId), headers: fresh.authHeaders });
  return activationEnvelope.parse(response.json()).data;
}

async function invoicesOf(organisationId: string) {
  const { rows } = await t.pool.query<{ period_start: Date; period_end: Date; status: string; attempts: number; total: number; plan: string }>(
    `select i.period_start, i.period_end, i.status, i.attempts, i.total, i.plan from subscription_invoices i join subscriptions s on s.id = i.subscription_id where s.organisation_id = $1 order by i.period_start`,
    [organisationId],
  );
  return rows;
}

/** The bank refuses the saved card from now on (the test provider reads a saved card's behaviour from its last digits). */
async function cardRefusedFromNowOn(organisationId: string): Promise<void> {
  await t.pool.query(
    `update test_provider_methods set last4 = '9995' where id = (select provider_method_id from subscriptions where organisation_id = $1)`,
    [organisationId],
  );
}

describe('renewal', () => {
  it('renews at the end of the month, once, with a new invoice for the next month; nothing happens before', async () => {
    const { owner, organisation, activated } = await activeOrganisation();
    const end = new Date(activated.subscription.current_period_end ?? '');
    expect(end.toISOString()).toBe('2027-04-30T09:00:00.000Z');

    clock.advanceBy(end.getTime() - clock.now().getTime() - 60_000);
    await renewDueSubscriptions(depsOf(t.app));
    expect(await invoicesOf(organisation.id)).toHaveLength(1);

    clock.advanceBy(60_000);
    await renewDueSubscriptions(depsOf(t.app));
    await renewDueSubscriptions(depsOf(t.app));
    const invoices = await invoicesOf(organisation.id);
    expect(invoices.map((invoice) => [invoice.period_start.toISOString(), invoice.period_end.toISOString(), invoice.status, invoice.attempts])).toEqual([
      [activated.subscription.current_period_start, '2027-04-30T09:00:00.000Z', 'paid', 1],
      ['2027-04-30T09:00:00.000Z', '2027-05-30T09:00:00.000Z', 'paid', 1],
    ]);
    const after = await subscription(owner, organisation.id);
    expect(after.subscription).toMatchObject({ status: 'active', current_period_start: '2027-04-30T09:00:00.000Z', current_period_end: '2027-05-30T09:00:00.000Z', next_charge_at: '2027-05-30T09:00:00.000Z' });
  });

  it('renews once when two instances run the renewal at the same moment', async () => {
    const { organisation, activated } = await activeOrganisation();
    const second = await startSecondInstance(t);
    try {
      clock.advanceBy(new Date(activated.subscription.current_period_end ?? '').getTime() - clock.now().getTime());
      await Promise.all([renewDueSubscriptions(depsOf(t.app)), renewDueSubscriptions(depsOf(second.app)), renewDueSubscriptions(depsOf(t.app))]);
    } finally {
      await second.close();
    }
    const invoices = await invoicesOf(organisation.id);
    expect(invoices).toHaveLength(2);
    expect(invoices.map((invoice) => invoice.attempts)).toEqual([1, 1]);
    const payments = await t.pool.query(`select 1 from test_provider_payments where metadata->>'organisation_id' = $1`, [organisation.id]);
    expect(payments.rowCount).toBe(2);
  });

  it('settles a period with the charge of an attempt that died before recording it, instead of charging the card again', async () => {
    const { organisation, activated } = await activeOrganisation();
    clock.advanceBy(new Date(activated.subscription.current_period_end ?? '').getTime() - clock.now().getTime());
    // The provider takes the money, then the attempt dies before it hears back (issue 14,
    // tools/faults/renewal-crash.test.ts kills the server at this point).
    const provider = t.app.paymentProvider;
    const dying = Object.create(provider) as typeof provider;
    dying.charge = async (request) => {
      const outcome = await provider.charge(request);
      // Other tests' organisations fall due on the same clock: they renew as usual.
      if (request.metadata.organisation_id !== organisation.id) return outcome;
      throw new Error('the server stopped');
    };
    await expect(renewDueSubscriptions({ ...depsOf(t.app), provider: dying })).rejects.toThrow('the server stopped');
    expect((await invoicesOf(organisation.id)).map((invoice) => invoice.status)).toEqual(['paid', 'open']);

    await renewDueSubscriptions(depsOf(t.app));
    const invoices = await invoicesOf(organisation.id);
    expect(invoices.map((invoice) => [invoice.status, invoice.attempts])).toEqual([
      ['paid', 1],
      ['paid', 2],
    ]);
    const payments = await t.pool.query(`select status from test_provider_payments where metadata->>'organisation_id' = $1`, [organisation.id]);
    expect(payments.rows).toEqual([{ status: 'succeeded' }, { status: 'succeeded' }]);
  });

  it('retries a refused renewal after 1, 3 and 7 days with an e-mail each time, then is past due and read-only until paid now', async () => {
    const { owner, organisation, activated } = await activeOrganisation();
    await cardRefusedFromNowOn(organisation.id);
    const end = new Date(activated.subscription.current_period_end ?? '');
    clock.advanceBy(end.getTime() - clock.now().getTime());
    await renewDueSubscriptions(depsOf(t.app));
    let state = await subscription(owner, organisation.id);
    expect(state.subscription).toMatchObject({ status: 'active', failed_attempts: 1, next_attempt_at: new Date(end.getTime() + dayMs).toISOString() });

    // Not before the next try is due.
    clock.advanceBy(dayMs - 1000);
    await renewDueSubscriptions(depsOf(t.app));
    expect((await invoicesOf(organisation.id))[1]?.attempts).toBe(1);

    for (const [day, failures] of [
      [1, 2],
      [3, 3],
    ] as const) {
      clock.advanceBy(end.getTime() + day * dayMs - clock.now().getTime());
      await renewDueSubscriptions(depsOf(t.app));
      state = await subscription(owner, organisation.id);
      expect(state.subscription.failed_attempts).toBe(failures);
    }
    clock.advanceBy(end.getTime() + 7 * dayMs - clock.now().getTime());
    await renewDueSubscriptions(depsOf(t.app));
    state = await subscription(owner, organisation.id);
    expect(state.subscription).toMatchObject({ status: 'past_due', failed_attempts: 4, next_attempt_at: null });
    const read = await t.app.inject({ method: 'GET', url: organisationApiPaths.organisation(organisation.id), headers: (await login(t, owner.email, owner.password)).authHeaders });
    expect(organisationEnvelope.parse(read.json()).data.status).toBe('past_due');

    const dunning = async () => (await outboxFor(t, owner.email)).filter((mail) => mail.subject.includes('subscription'));
    await eventually(async () => expect(await dunning()).toHaveLength(4));
    const mails = await dunning();
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Oak & Pine Ltd is read-only until the subscription is paid',
      'We could not renew Oak & Pine Ltd’s subscription',
      'We could not renew Oak & Pine Ltd’s subscription',
      'We could not renew Oak & Pine Ltd’s subscription',
    ]);
    const inWords = (at: Date) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at);
    for (const day of [1, 3, 7]) expect(mails.some((mail) => mail.text.includes(`We will try the card again on ${inWords(new Date(end.getTime() + day * dayMs))}.`))).toBe(true);
    expect(mails.find((mail) => mail.subject.includes('read-only'))?.text).toContain('Pay now to open it again.');

    // The job no longer tries; "pay now" with another card opens the organisation again and keeps the new card.
    await renewDueSubscriptions(depsOf(t.app));
    expect((await invoicesOf(organisation.id))[1]?.attempts).toBe(4);
    const fresh = await login(t, owner.email, owner.password);
    const inviteSomeone = () => t.app.inject({ method: 'POST', url: organisationApiPaths.invitations(organisation.id), headers: fresh.headersWithCsrf, payload: { email: `late-${randomUUID()}@example.com` } });
    const readOnly = await inviteSomeone();
    expect(readOnly.statusCode).toBe(409);
    expect(readOnly.json().message).toBe(subscriptionMessages.readOnly);
    const paid = await t.app.inject({
      method: 'POST',
      url: organisationApiPaths.subscriptionPay(organisation.id),
      headers: fresh.headersWithCsrf,
      payload: { idempotency_key: randomUUID(), payment: { method: 'card', card: card('5555555555554444') } },
    });
    const afterPay = activationEnvelope.parse(paid.json()).data;
    expect(afterPay.subscription).toMatchObject({ status: 'active', failed_attempts: 0, current_period_start: end.toISOString(), payment_method: { last4: '4444' } });
    expect((await invoicesOf(organisation.id)).map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
    expect((await inviteSomeone()).statusCode).toBe(201);
    const nothingLeft = await t.app.inject({ method: 'POST', url: organisationApiPaths.subscriptionPay(organisation.id), headers: fresh.headersWithCsrf, payload: { idempotency_key: randomUUID(), payment: { method: 'card', card: card() } } });
    expect(nothingLeft.statusCode).toBe(409);
    expect(nothingLeft.json().message).toBe(subscriptionMessages.nothingToPay);
  });
});

describe('changes from the next period', () => {
  it('applies a new plan and new quantities at the renewal, never below a minimum, and keeps the current period as paid', async () => {
    const teamProfiles = await productBySku(t, seededSkus.teamProfiles);
    const { owner, organisation, activated } = await activeOrganisation({ type: 'human_capital_expert', services: [{ product_id: teamProfiles.id, quantity: 3 }] });
    expect(activated.invoice?.net).toBe(7_200);
    const headers = (await login(t, owner.email, owner.password)).headersWithCsrf;
    const tooFew = await t.app.inject({ method: 'PATCH', url: organisationApiPaths.subscription(organisation.id), headers, payload: { services: [{ product_id: teamProfiles.id, quantity: 2 }] } });
    expect(tooFew.statusCode).toBe(422);
    expect(tooFew.json().errors).toEqual({ 'services.0.quantity': ['Minimal quantity is 3'] });
    const contract = await t.app.inject({ method: 'PATCH', url: organisationApiPaths.subscription(organisation.id), headers, payload: { plan: 'contract' } });
    expect(contract.json().errors).toEqual({ plan: [subscriptionMessages.planNotForType] });

    const changed = await t.app.inject({ method: 'PATCH', url: organisationApiPaths.subscription(organisation.id), headers, payload: { plan: 'quarterly', services: [{ product_id: teamProfiles.id, quantity: 10 }] } });
    expect(activationEnvelope.parse(changed.json()).data.subscription).toMatchObject({ plan: 'monthly', pending_plan: 'quarterly', pending_quantities: { [teamProfiles.id]: 10 } });

    clock.advanceBy(new Date(activated.subscription.current_period_end ?? '').getTime() - clock.now().getTime());
    await renewDueSubscriptions(depsOf(t.app));
    const invoices = await invoicesOf(organisation.id);
    // 10 x 24.00 x 3 months, 5 % off for the quarter.
    expect(invoices.map((invoice) => [invoice.plan, invoice.status])).toEqual([
      ['monthly', 'paid'],
      ['quarterly', 'paid'],
    ]);
    const state = await subscription(owner, organisation.id);
    expect(state.subscription).toMatchObject({ plan: 'quarterly', pending_plan: null, pending_quantities: null });
    expect(state.invoice?.net).toBe(68_400);
  });

  it('ends with the period when cancelled, goes on when resumed before the end', async () => {
    const { owner, organisation, activated } = await activeOrganisation();
    const headers = (await login(t, owner.email, owner.password)).headersWithCsrf;
    const cancelled = activationEnvelope.parse((await t.app.inject({ method: 'POST', url: organisationApiPaths.subscriptionCancel(organisation.id), headers })).json()).data;
    expect(cancelled.subscription).toMatchObject({ cancel_at_period_end: true, next_charge_at: null });
    const resumed = activationEnvelope.parse((await t.app.inject({ method: 'POST', url: organisationApiPaths.subscriptionResume(organisation.id), headers })).json()).data;
    expect(resumed.subscription).toMatchObject({ cancel_at_period_end: false, next_charge_at: activated.subscription.current_period_end });
    await t.app.inject({ method: 'POST', url: organisationApiPaths.subscriptionCancel(organisation.id), headers });

    clock.advanceBy(new Date(activated.subscription.current_period_end ?? '').getTime() - clock.now().getTime());
    await renewDueSubscriptions(depsOf(t.app));
    expect(await invoicesOf(organisation.id)).toHaveLength(1);
    const state = await subscription(owner, organisation.id);
    expect(state.subscription.status).toBe('cancelled');
    const read = await t.app.inject({ method: 'GET', url: organisationApiPaths.organisation(organisation.id), headers: (await login(t, owner.email, owner.password)).authHeaders });
    expect(organisationEnvelope.parse(read.json()).data.status).toBe('cancelled');
  });
});
