import { accountApiPaths, organisationApiPaths } from '@app/contract/api-paths';
import { activationEnvelope, type ActivationResponse } from '@app/contract/organisation-billing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { card } from '../../../test/checkout-helpers.ts';
import { eventually } from '../../../test/eventually.ts';
import { outboxFor } from '../../../test/mail-helpers.ts';
import { addMember, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../lib/clock.ts';
import type { BillingDeps } from './billing-deps.ts';
import { renewDueSubscriptions } from './renewal-service.ts';

// Issue 14, with the test provider (our renewal job charges each period): the person whose card
// pays an organisation's subscription deletes their account. The organisation keeps the period
// paid and its owners are asked for a card; a card set renews it; without one it is past due at
// the period's end (nothing to try again) until Pay now.

const mastercard = '5555555555554444';
let t: TestApp;
const clock = new ManualClock(new Date('2027-05-31T08:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

const deps = (): BillingDeps => ({ db: t.app.db, clock, provider: t.app.paymentProvider, mail: t.app.mail, log: t.app.log, sellerCountry: 'DE' });

/** Logs in again (the clock moves on: access tokens expire) and calls the API. */
async function call(user: RegisteredUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const fresh = await login(t, user.email, user.password);
  return t.app.inject({ method, url, headers: method === 'GET' ? fresh.authHeaders : fresh.headersWithCsrf, ...(payload ? { payload } : {}) });
}

const stateOf = (response: { json: () => unknown }): ActivationResponse => activationEnvelope.parse(response.json()).data;

async function rowsOf(organisationId: string) {
  const subscription = await t.pool.query<{ status: string; payer_user_id: string | null; current_period_end: Date }>(`select status, payer_user_id, current_period_end from subscriptions where organisation_id = $1`, [organisationId]);
  const invoices = await t.pool.query<{ status: string; attempts: number }>(
    `select i.status, i.attempts from subscription_invoices i join subscriptions s on s.id = i.subscription_id where s.organisation_id = $1 order by i.period_start`,
    [organisationId],
  );
  const organisation = await t.pool.query<{ status: string }>(`select status from organisations where id = $1`, [organisationId]);
  return { subscription: subscription.rows[0], invoices: invoices.rows, organisationStatus: organisation.rows[0]?.status };
}

async function chargesOf(organisationId: string): Promise<Array<{ customer_id: string; status: string }>> {
  const { rows } = await t.pool.query<{ customer_id: string; status: string }>(`select customer_id, status from test_provider_payments where metadata->>'organisation_id' = $1 order by created_at`, [organisationId]);
  return rows;
}

/** An organisation activated by `payer` (its owner unless an owner is given), with a member who takes it over. */
async function organisationPaidBy(payer: RegisteredUser, owner: RegisteredUser = payer) {
  const heir = await registerUser(t, { name: 'Hanna Heir' });
  const organisation = await createOrganisationThroughApi(t, owner);
  if (payer !== owner) await addMember(t, organisation.id, payer, 'admin');
  await addMember(t, organisation.id, heir, 'member');
  const activated = stateOf(await call(payer, 'POST', organisationApiPaths.activate(organisation.id), { idempotency_key: randomUUID(), payment: { method: 'card', card: card() } }));
  expect(activated.status).toBe('active');
  return { heir, organisation, paidUntil: new Date(activated.subscription.current_period_end ?? '') };
}

async function passOn(owner: RegisteredUser, organisationId: string, heir: RegisteredUser) {
  const response = await call(owner, 'DELETE', accountApiPaths.deleteAccount, { password: owner.password, organisations: { [organisationId]: { action: 'transfer', new_owner_id: heir.account.id } } });
  expect(response.statusCode, response.body).toBe(204);
}

async function mailTo(user: RegisteredUser, subject: string) {
  await eventually(async () => expect((await outboxFor(t, user.email)).map((mail) => mail.subject)).toContain(subject));
  return (await outboxFor(t, user.email)).find((mail) => mail.subject === subject);
}

describe('an organisation whose payer deletes their account (test provider)', () => {
  it('keeps its period, asks the new owner for a card, and renews on the card they set', async () => {
    const owner = await registerUser(t, { name: 'Olga Owner' });
    const { heir, organisation, paidUntil } = await organisationPaidBy(owner);
    await passOn(owner, organisation.id, heir);
    expect(await rowsOf(organisation.id)).toMatchObject({ organisationStatus: 'active', subscription: { status: 'active', payer_user_id: null, current_period_end: paidUntil } });
    expect(stateOf(await call(heir, 'GET', organisationApiPaths.subscription(organisation.id))).subscription).toMatchObject({ status: 'active', payment_method: null });
    const mail = await mailTo(heir, 'Oak & Pine Ltd needs a card to renew its subscription');
    expect(mail?.text).toContain('The organisation stays as it is until 30 June 2027, the end of the period already paid.');

    const set = await call(heir, 'PUT', organisationApiPaths.subscriptionPaymentMethod(organisation.id), { idempotency_key: randomUUID(), payment: { method: 'card', card: card(mastercard) } });
    expect(stateOf(set).subscription).toMatchObject({ status: 'active', payment_method: { brand: 'mastercard', last4: '4444' } });
    expect(await chargesOf(organisation.id)).toHaveLength(1);

    clock.advanceBy(paidUntil.getTime() - clock.now().getTime() + 60_000);
    expect(await renewDueSubscriptions(deps())).toBeGreaterThanOrEqual(1);
    const rows = await rowsOf(organisation.id);
    expect(rows.organisationStatus).toBe('active');
    expect(rows.invoices).toEqual([
      { status: 'paid', attempts: 1 },
      { status: 'paid', attempts: 1 },
    ]);
    expect((await chargesOf(organisation.id)).map((charge) => charge.customer_id)).toEqual([`cus_test_${owner.account.id.replaceAll('-', '')}`, `cus_test_${heir.account.id.replaceAll('-', '')}`]);
  });

  it('is past due at the period’s end without a card, its owner told so at once, until Pay now pays it', async () => {
    const owner = await registerUser(t, { name: 'Olga Owner' });
    const { heir, organisation, paidUntil } = await organisationPaidBy(owner);
    await passOn(owner, organisation.id, heir);

    clock.advanceBy(paidUntil.getTime() - clock.now().getTime() + 60_000);
    await renewDueSubscriptions(deps());
    let rows = await rowsOf(organisation.id);
    expect(rows.organisationStatus).toBe('past_due');
    expect(rows.subscription?.status).toBe('past_due');
    expect(rows.invoices.map((invoice) => invoice.status)).toEqual(['paid', 'open']);
    const mail = await mailTo(heir, 'Oak & Pine Ltd is read-only until the subscription is paid');
    expect(mail?.text).toContain('could not be renewed: no card is kept for it.');
    // Nothing to try again: a later run charges nothing and sends nothing.
    clock.advanceBy(8 * 24 * 60 * 60 * 1000);
    await renewDueSubscriptions(deps());
    expect(await chargesOf(organisation.id)).toHaveLength(1);

    const paid = await call(heir, 'POST', organisationApiPaths.subscriptionPay(organisation.id), { idempotency_key: randomUUID(), payment: { method: 'card', card: card() } });
    expect(stateOf(paid)).toMatchObject({ status: 'active', subscription: { status: 'active', payment_method: { brand: 'visa', last4: '4242' } }, invoice: { status: 'paid' } });
    rows = await rowsOf(organisation.id);
    expect(rows.organisationStatus).toBe('active');
    expect(rows.invoices.map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
    expect(rows.subscription?.payer_user_id).toBe(heir.account.id);
  });

  it('asks the owners for a card when the admin who pays deletes their account, the organisation staying as it is', async () => {
    const owner = await registerUser(t, { name: 'Olga Owner' });
    const admin = await registerUser(t, { name: 'Adam Admin' });
    const { organisation } = await organisationPaidBy(admin, owner);
    const response = await call(admin, 'DELETE', accountApiPaths.deleteAccount, { password: admin.password, organisations: {} });
    expect(response.statusCode).toBe(204);
    expect(await rowsOf(organisation.id)).toMatchObject({ organisationStatus: 'active', subscription: { status: 'active', payer_user_id: null } });
    await mailTo(owner, 'Oak & Pine Ltd needs a card to renew its subscription');
  });
});
