import { organisationApiPaths, shopApiPaths } from '@app/contract/api-paths';
import { activationEnvelope, activationMessages, type ActivationInput } from '@app/contract/organisation-billing';
import { organisationEnvelope } from '@app/contract/organisations';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { card, testCards } from '../../../test/checkout-helpers.ts';
import { addMember, businessOrganisationRequest, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 12, "After success an Activate action": the first period is paid with the test provider
// (card entry as at checkout, saved cards offered), the organisation becomes active and invites the
// people listed in the wizard; the contract plan activates without payment, for sales to follow up.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const germanBilling = { name: 'Eiche & Kiefer GmbH', billing_email: 'rechnung@example.com', address_line_1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'DE' };

function activate(user: RegisteredUser, organisationId: string, body: ActivationInput) {
  return t.app.inject({ method: 'POST', url: organisationApiPaths.activate(organisationId), headers: user.headersWithCsrf, payload: body });
}

function payByCard(number: string = testCards.succeeds): ActivationInput {
  return { idempotency_key: randomUUID(), payment: { method: 'card', card: card(number) } };
}

async function organisationStatus(owner: RegisteredUser, organisationId: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: organisationApiPaths.organisation(organisationId), headers: owner.authHeaders });
  return organisationEnvelope.parse(response.json()).data.status;
}

async function chargesFor(organisationId: string): Promise<number> {
  const { rows } = await t.pool.query<{ attempts: number }>(
    `select coalesce(sum(i.attempts), 0)::int as attempts from subscription_invoices i join subscriptions s on s.id = i.subscription_id where s.organisation_id = $1`,
    [organisationId],
  );
  return rows[0]?.attempts ?? 0;
}

describe('POST /api/organisations/{id}/activate', () => {
  it('pays the first month with a card, keeps the card for renewals, activates the organisation and invites the listed people', async () => {
    const owner = await registerUser(t);
    const organisation = await createOrganisationThroughApi(t, owner, { billing_details: germanBilling });
    expect(organisation.status).toBe('pending_activation');

    const response = await activate(owner, organisation.id, payByCard());
    expect(response.statusCode).toBe(200);
    const activation = activationEnvelope.parse(response.json()).data;
    // A business pays one price per month: 149.00 + 19 % German VAT.
    expect(activation).toMatchObject({
      status: 'active',
      failure_message: null,
      subscription: { status: 'active', plan: 'monthly', cancel_at_period_end: false, next_charge_total: 17_731, payment_method: { brand: 'visa', last4: '4242' } },
      invoice: { plan: 'monthly', net: 14_900, vat_percentage: 19, vat_amount: 2_831, total: 17_731, status: 'paid' },
    });
    expect(activation.invoice?.number).toMatch(/^S-\d{4}-\d{6}$/);
    const start = new Date(activation.subscription.current_period_start ?? '');
    const end = new Date(activation.subscription.current_period_end ?? '');
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
    expect(activation.subscription.next_charge_at).toBe(activation.subscription.current_period_end);
    expect(await organisationStatus(owner, organisation.id)).toBe('active');

    // The card is one of the owner's saved cards now.
    const methods = await t.app.inject({ method: 'GET', url: shopApiPaths.paymentMethods, headers: owner.authHeaders });
    expect(methods.json().data.map((method: { last4: string }) => method.last4)).toEqual(['4242']);

    // Everyone listed in the wizard is invited once: the user and the three employees.
    const invited = await t.pool.query<{ email: string }>(`select email from organisation_invitations where organisation_id = $1 and status = 'pending' order by email`, [organisation.id]);
    expect(invited.rows.map((row) => row.email)).toEqual(['employee1@example.com', 'employee2@example.com', 'employee3@example.com', 'zofia@example.com']);
  });

  it('keeps the organisation waiting after a refused card, and a second try with another card activates it', async () => {
    const owner = await registerUser(t);
    const organisation = await createOrganisationThroughApi(t, owner);
    const refused = activationEnvelope.parse((await activate(owner, organisation.id, payByCard(testCards.insufficientFunds))).json()).data;
    expect(refused.status).toBe('failed');
    expect(refused.failure_message).toMatch(/insufficient|funds/i);
    expect(refused.subscription.status).toBe('incomplete');
    expect(await organisationStatus(owner, organisation.id)).toBe('pending_activation');
    const invitedBefore = await t.pool.query(`select 1 from organisation_invitations where organisation_id = $1`, [organisation.id]);
    expect(invitedBefore.rowCount).toBe(0);

    const paid = activationEnvelope.parse((await activate(owner, organisation.id, payByCard())).json()).data;
    expect(paid.status).toBe('active');
    expect(await chargesFor(organisation.id)).toBe(2);
  });

  it('charges once for the same request sent twice at once, and answers a later activation with the active subscription', async () => {
    const owner = await registerUser(t);
    const organisation = await createOrganisationThroughApi(t, owner);
    const body = payByCard();
    const [first, second] = await Promise.all([activate(owner, organisation.id, body), activate(owner, organisation.id, body)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await chargesFor(organisation.id)).toBe(1);
    const again = activationEnvelope.parse((await activate(owner, organisation.id, payByCard())).json()).data;
    expect(again.status).toBe('active');
    expect(await chargesFor(organisation.id)).toBe(1);
  });

  it('asks for the extra step a card requires, and activates once it is confirmed', async () => {
    const owner = await registerUser(t);
    const organisation = await createOrganisationThroughApi(t, owner);
    const pending = activationEnvelope.parse((await activate(owner, organisation.id, payByCard(testCards.requiresAction))).json()).data;
    expect(pending.status).toBe('requires_action');
    expect(pending.next_action).toMatchObject({ type: 'confirm' });
    expect(await organisationStatus(owner, organisation.id)).toBe('pending_activation');
    const confirmationId = pending.next_action?.type === 'confirm' ? pending.next_action.confirmation_id : '';
    const confirmed = await t.app.inject({ method: 'POST', url: organisationApiPaths.activateConfirm(organisation.id), headers: owner.headersWithCsrf, payload: { confirmation_id: confirmationId, outcome: 'complete' } });
    expect(activationEnvelope.parse(confirmed.json()).data.status).toBe('active');
    expect(await organisationStatus(owner, organisation.id)).toBe('active');
  });

  it('activates the event organiser’s contract without payment and marks it for sales', async () => {
    const owner = await registerUser(t);
    const request = await businessOrganisationRequest(t, { type: 'event_organiser', plan: 'contract' });
    const created = await t.app.inject({
      method: 'POST',
      url: organisationApiPaths.list,
      headers: owner.headersWithCsrf,
      payload: { ...request, details: { ...request.details, employees: undefined, nature_of_event: 'A leadership conference' } },
    });
    const organisation = organisationEnvelope.parse(created.json()).data;
    const activation = activationEnvelope.parse((await activate(owner, organisation.id, { idempotency_key: randomUUID() })).json()).data;
    expect(activation).toMatchObject({ status: 'active', invoice: null, subscription: { plan: 'contract', next_charge_at: null, payment_method: null } });
    const row = await t.pool.query<{ status: string; sales_follow_up: boolean }>('select status, sales_follow_up from organisations where id = $1', [organisation.id]);
    expect(row.rows[0]).toEqual({ status: 'active', sales_follow_up: true });
  });

  it('needs a payment for a paid plan, an owner or admin to ask, and is a 404 for strangers', async () => {
    const owner = await registerUser(t);
    const member = await registerUser(t);
    const stranger = await registerUser(t);
    const organisation = await createOrganisationThroughApi(t, owner);
    await addMember(t, organisation.id, member, 'member');
    const withoutPayment = await activate(owner, organisation.id, { idempotency_key: randomUUID() });
    expect(withoutPayment.statusCode).toBe(422);
    expect(withoutPayment.json().errors).toEqual({ payment: [activationMessages.paymentRequired] });
    expect((await activate(member, organisation.id, payByCard())).statusCode).toBe(403);
    expect((await activate(stranger, organisation.id, payByCard())).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: organisationApiPaths.subscription(organisation.id), headers: stranger.authHeaders })).statusCode).toBe(404);
    expect(await chargesFor(organisation.id)).toBe(0);
  });

  // Issue 14's fuzz run: a saved card's id that is no uuid reached PostgreSQL's uuid column (500).
  it('refuses a saved card that is not one of the caller’s, whatever its id looks like, and charges nothing', async () => {
    const owner = await registerUser(t);
    const organisation = await createOrganisationThroughApi(t, owner);
    for (const id of ['Zoë Łukasiewicz', randomUUID()]) {
      const response = await activate(owner, organisation.id, { idempotency_key: randomUUID(), payment: { method: 'saved', payment_method_id: id } });
      expect(response.statusCode, id).toBe(422);
      expect(response.json().errors).toEqual({ 'payment.payment_method_id': ['Choose one of your saved cards.'] });
    }
    expect(await organisationStatus(owner, organisation.id)).toBe('pending_activation');
    expect(await chargesFor(organisation.id)).toBe(0);
  });
});
