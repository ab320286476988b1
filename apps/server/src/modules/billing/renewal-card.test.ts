import { organisationApiPaths, shopApiPaths } from '@app/contract/api-paths';
import { checkoutMessages } from '@app/contract/checkout';
import { activationEnvelope, renewalCardMessages, subscriptionMessages, type ActivationInput, type RenewalCardInput } from '@app/contract/organisation-billing';
import { paymentMethodEnvelope, paymentMethodList } from '@app/contract/payment-methods';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { card, testCards } from '../../../test/checkout-helpers.ts';
import { addMember, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../lib/clock.ts';
import { renewDueSubscriptions } from './renewal-service.ts';

// Issue 12, BillingSettings "payment method", with the test provider: owners and admins replace the
// card renewals are charged to, nothing charged now; a refused card leaves the old one; a retried
// request saves one card; the next renewal charges the new card.

const mastercard = '5555555555554444';
let t: TestApp;
const clock = new ManualClock(new Date('2027-08-31T07:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

async function activeOrganisation() {
  const owner = await registerUser(t, { name: 'Olga Owner' });
  const organisation = await createOrganisationThroughApi(t, owner);
  const body: ActivationInput = { idempotency_key: randomUUID(), payment: { method: 'card', card: card() } };
  const response = await t.app.inject({ method: 'POST', url: organisationApiPaths.activate(organisation.id), headers: owner.headersWithCsrf, payload: body });
  expect(activationEnvelope.parse(response.json()).data.status).toBe('active');
  return { owner, organisation };
}

function replaceCard(user: RegisteredUser, organisationId: string, payment: RenewalCardInput['payment'], key: string = randomUUID()) {
  const payload: RenewalCardInput = { idempotency_key: key, payment };
  return t.app.inject({ method: 'PUT', url: organisationApiPaths.subscriptionPaymentMethod(organisationId), headers: user.headersWithCsrf, payload });
}

async function renewalCardOf(user: RegisteredUser, organisationId: string) {
  const response = await t.app.inject({ method: 'GET', url: organisationApiPaths.subscription(organisationId), headers: user.authHeaders });
  return activationEnvelope.parse(response.json()).data.subscription.payment_method;
}

async function savedCardsOf(user: RegisteredUser) {
  return paymentMethodList.parse((await t.app.inject({ method: 'GET', url: shopApiPaths.paymentMethods, headers: user.authHeaders })).json()).data;
}

async function chargesOf(organisationId: string): Promise<number> {
  const { rowCount } = await t.pool.query(`select 1 from test_provider_payments where metadata->>'organisation_id' = $1`, [organisationId]);
  return rowCount ?? 0;
}

describe('replacing the card renewals use (test provider)', () => {
  it('saves the new card and renews with it from now on, charging nothing now', async () => {
    const { owner, organisation } = await activeOrganisation();
    expect(await renewalCardOf(owner, organisation.id)).toEqual({ brand: 'visa', last4: '4242' });

    const response = await replaceCard(owner, organisation.id, { method: 'card', card: card(mastercard) });
    expect(response.statusCode).toBe(200);
    expect(activationEnvelope.parse(response.json()).data).toMatchObject({ status: 'active', subscription: { status: 'active', payment_method: { brand: 'mastercard', last4: '4444' } } });
    expect(await renewalCardOf(owner, organisation.id)).toEqual({ brand: 'mastercard', last4: '4444' });
    expect(await chargesOf(organisation.id)).toBe(1);
    // The old card stays with the owner's saved cards, beside the new one.
    expect((await savedCardsOf(owner)).map((method) => method.last4).sort()).toEqual(['4242', '4444']);

    // The old card would now be refused: the renewal pays, so it charged the new one.
    await t.pool.query(`update test_provider_methods set last4 = '9995' where last4 = '4242' and customer_id = $1`, [`cus_test_${owner.account.id.replaceAll('-', '')}`]);
    clock.advanceBy(31 * 24 * 60 * 60 * 1000);
    await renewDueSubscriptions({ db: t.app.db, clock, provider: t.app.paymentProvider, mail: t.app.mail, log: t.app.log, sellerCountry: 'DE' });
    const { rows } = await t.pool.query<{ status: string; attempts: number }>(
      `select i.status, i.attempts from subscription_invoices i join subscriptions s on s.id = i.subscription_id where s.organisation_id = $1 order by i.period_start`,
      [organisation.id],
    );
    expect(rows).toEqual([
      { status: 'paid', attempts: 1 },
      { status: 'paid', attempts: 1 },
    ]);
    expect(await chargesOf(organisation.id)).toBe(2);
  });

  it('refuses a declined card with the provider’s message and keeps the old card', async () => {
    const { owner, organisation } = await activeOrganisation();
    const fresh = await login(t, owner.email, owner.password);
    for (const [number, message] of [
      [testCards.declined, checkoutMessages.cardDeclined],
      [testCards.insufficientFunds, checkoutMessages.insufficientFunds],
    ] as const) {
      const response = await replaceCard(fresh, organisation.id, { method: 'card', card: card(number) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
    expect(await renewalCardOf(fresh, organisation.id)).toEqual({ brand: 'visa', last4: '4242' });
    expect((await savedCardsOf(fresh)).map((method) => method.last4)).toEqual(['4242']);
  });

  it('answers a card that is not one on its field, before asking the provider', async () => {
    const { owner, organisation } = await activeOrganisation();
    const fresh = await login(t, owner.email, owner.password);
    const response = await replaceCard(fresh, organisation.id, { method: 'card', card: { ...card(), number: '4242 4242 4242 4241' } });
    expect(response.statusCode).toBe(422);
    expect(Object.keys((response.json() as { errors: object }).errors)).toEqual(['payment.card.number']);
    const stripe = await replaceCard(fresh, organisation.id, { method: 'stripe', setup_intent_id: 'seti_123' });
    expect(stripe.statusCode).toBe(422);
    expect(await renewalCardOf(fresh, organisation.id)).toEqual({ brand: 'visa', last4: '4242' });
  });

  it('saves one card for a retried request, and answers a retried refusal as the first', async () => {
    const { owner, organisation } = await activeOrganisation();
    const fresh = await login(t, owner.email, owner.password);
    const key = randomUUID();
    const [first, second] = await Promise.all([
      replaceCard(fresh, organisation.id, { method: 'card', card: card(mastercard) }, key),
      replaceCard(fresh, organisation.id, { method: 'card', card: card(mastercard) }, key),
    ]);
    // Together: one goes through, the other is told it is on its way (or, once done, answered alike).
    expect([first.statusCode, second.statusCode]).toContain(200);
    for (const response of [first, second]) if (response.statusCode !== 200) expect(response.json()).toMatchObject({ message: renewalCardMessages.changeInProgress });
    const again = await replaceCard(fresh, organisation.id, { method: 'card', card: card(mastercard) }, key);
    expect(again.statusCode).toBe(200);
    expect(activationEnvelope.parse(again.json()).data.subscription.payment_method).toEqual({ brand: 'mastercard', last4: '4444' });
    expect((await savedCardsOf(fresh)).map((method) => method.last4).sort()).toEqual(['4242', '4444']);
    const { rowCount } = await t.pool.query(`select 1 from test_provider_methods where customer_id = $1 and last4 = '4444'`, [`cus_test_${owner.account.id.replaceAll('-', '')}`]);
    expect(rowCount).toBe(1);

    const refusedKey = randomUUID();
    expect((await replaceCard(fresh, organisation.id, { method: 'card', card: card(testCards.declined) }, refusedKey)).json()).toMatchObject({ message: checkoutMessages.cardDeclined });
    const retried = await replaceCard(fresh, organisation.id, { method: 'card', card: card(testCards.declined) }, refusedKey);
    expect(retried.statusCode).toBe(400);
    expect(retried.json()).toMatchObject({ message: checkoutMessages.cardDeclined });
    expect(await renewalCardOf(fresh, organisation.id)).toEqual({ brand: 'mastercard', last4: '4444' });
  });

  it('takes an admin’s own saved card, the admin paying from then on; another person’s saved card is refused', async () => {
    const { owner, organisation } = await activeOrganisation();
    const admin = await registerUser(t, { name: 'Adam Admin' });
    await addMember(t, organisation.id, admin, 'admin');
    const saved = await t.app.inject({ method: 'POST', url: shopApiPaths.paymentMethods, headers: admin.headersWithCsrf, payload: { method: 'card', card: { ...card('378282246310005'), cvc: '1234' } } });
    expect(saved.statusCode).toBe(201);
    const adminCard = paymentMethodEnvelope.parse(saved.json()).data;

    const ownersCard = (await savedCardsOf(owner))[0];
    const foreign = await replaceCard(admin, organisation.id, { method: 'saved', payment_method_id: ownersCard?.id ?? '' });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({ errors: { 'payment.payment_method_id': ['Choose one of your saved cards.'] } });

    const response = await replaceCard(admin, organisation.id, { method: 'saved', payment_method_id: adminCard.id });
    expect(response.statusCode).toBe(200);
    expect(activationEnvelope.parse(response.json()).data.subscription.payment_method).toEqual({ brand: 'amex', last4: '0005' });
    const { rows } = await t.pool.query<{ payer_user_id: string }>('select payer_user_id from subscriptions where organisation_id = $1', [organisation.id]);
    expect(rows[0]?.payer_user_id).toBe(admin.account.id);
    expect(await chargesOf(organisation.id)).toBe(1);
  });

  it('is for owners and admins (a member 403, anyone else 404), and not while past due or before activation', async () => {
    const { owner, organisation } = await activeOrganisation();
    const member = await registerUser(t);
    const stranger = await registerUser(t);
    await addMember(t, organisation.id, member, 'member');
    const payment = { method: 'card', card: card(mastercard) } as const;
    expect((await replaceCard(member, organisation.id, payment)).statusCode).toBe(403);
    expect((await replaceCard(stranger, organisation.id, payment)).statusCode).toBe(404);
    expect((await replaceCard(stranger, randomUUID(), payment)).statusCode).toBe(404);

    const fresh = await login(t, owner.email, owner.password);
    await t.pool.query(`update organisations set status = 'past_due' where id = $1`, [organisation.id]);
    await t.pool.query(`update subscriptions set status = 'past_due' where organisation_id = $1`, [organisation.id]);
    const readOnly = await replaceCard(fresh, organisation.id, payment);
    expect(readOnly.statusCode).toBe(409);
    expect(readOnly.json()).toMatchObject({ message: subscriptionMessages.readOnly });

    const pending = await createOrganisationThroughApi(t, fresh);
    const notActive = await replaceCard(fresh, pending.id, payment);
    expect(notActive.statusCode).toBe(409);
    expect(notActive.json()).toMatchObject({ message: subscriptionMessages.notActive });
    expect(await renewalCardOf(fresh, organisation.id)).toEqual({ brand: 'visa', last4: '4242' });
  });

  it('is refused for a subscription a provider renews itself when that provider is not in use (its card is the provider’s)', async () => {
    const { owner, organisation } = await activeOrganisation();
    const fresh = await login(t, owner.email, owner.password);
    await t.pool.query(`update subscriptions set provider_subscription_id = 'sub_from_stripe' where organisation_id = $1`, [organisation.id]);
    const response = await replaceCard(fresh, organisation.id, { method: 'card', card: card(mastercard) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: renewalCardMessages.providerRenews });
    expect(await renewalCardOf(fresh, organisation.id)).toEqual({ brand: 'visa', last4: '4242' });
  });
});
