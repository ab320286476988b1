import { subscriptionMessages, type ActivationResponse, type PeriodInvoice } from '@app/contract/organisation-billing';
import type { Organisation } from '@app/contract/organisations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';
import { activationFixture, invoiceFixture, organisationFixture, organisationId, quoteFixture, serviceId } from '../testing/billing-fixture.ts';

// Settings › Billing for an organisation (issue 12) through the real route table, against a real
// local HTTP server scripted with the organisation, subscription and invoice calls.

const server = setUpRouteTests();
const base = `/api/organisations/${organisationId}`;

beforeEach(() => {
  localStorage.clear();
});

interface Serve {
  organisation?: Partial<Organisation>;
  state?: ActivationResponse;
  invoices?: PeriodInvoice[];
}

function serve({ organisation = {}, state = activationFixture(), invoices = [invoiceFixture()] }: Serve = {}) {
  const current = organisationFixture({ status: 'active', ...organisation });
  seedSession(server(), completeUser);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
  server().on('GET', '/api/organisations', () => ({ status: 200, body: { data: [current] } }));
  server().on('GET', base, () => ({ status: 200, body: { data: current } }));
  server().on('GET', `${base}/subscription`, () => ({ status: 200, body: { data: state } }));
  server().on('GET', `${base}/subscription/invoices`, () => ({ status: 200, body: { data: invoices } }));
  server().on('POST', '/api/organisations/quote', (request) => {
    const plan = (request.body as { plan: 'monthly' | 'quarterly' | 'annual' }).plan;
    const totals = { monthly: 17_731, quarterly: 50_534, annual: 191_495 };
    return { status: 200, body: { data: quoteFixture({ plan, total: totals[plan] }) } };
  });
  server().on('GET', '/api/payments/config', () => ({ status: 200, body: { provider: 'test', publishable_key: null, test_mode: true } }));
  server().on('GET', '/api/payment-methods', () => ({ status: 200, body: { data: [] } }));
}

async function openBilling(options?: Serve, path = `/settings/billing?organisation=${organisationId}`) {
  serve(options);
  const view = renderRoute(path);
  await screen.findByRole('heading', { name: 'Billing of Oak & Pine Ltd' }, routeTimeout);
  return view;
}

const plan = () => screen.findByRole('region', { name: 'Subscription' }, routeTimeout);

describe('settings: billing of an organisation', () => {
  it('shows the plan, its state, the next charge, the card renewals use and the invoices with their PDF', async () => {
    await openBilling();
    const section = await plan();
    expect(within(section).getByText('Active')).toBeInTheDocument();
    expect(within(section).getByText('Monthly')).toBeInTheDocument();
    expect(within(section).getByText('€177.31 on Dec 26, 2026')).toBeInTheDocument();
    expect(within(section).getByText('Visa ending in 4242')).toBeInTheDocument();
    const invoices = await screen.findByRole('table', undefined, routeTimeout);
    const row = within(invoices).getAllByRole('row')[1];
    expect(row).toHaveTextContent('S-2026-000001');
    expect(row).toHaveTextContent('Nov 26, 2026 – Dec 26, 2026');
    expect(row).toHaveTextContent('€177.31');
    expect(row).toHaveTextContent('Paid');
    expect(within(invoices).getByRole('link', { name: 'Download invoice S-2026-000001 (PDF)' })).toHaveAttribute(
      'href',
      `${base}/subscription/invoices/${invoiceFixture().id}/pdf`,
    );
    // Settings › Billing stays the page of the settings navigation.
    expect(within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('link', { name: 'Billing' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the organisation of the profile in use at Settings › Billing without a query', async () => {
    localStorage.setItem(`active_profile:${completeUser.id}`, `organisation:${organisationId}`);
    await openBilling({}, '/settings/billing');
    expect(await plan()).toBeInTheDocument();
  });

  it('cancels at the period’s end after asking, then resumes', async () => {
    await openBilling();
    server().on('POST', `${base}/subscription/cancel`, () => ({ status: 200, body: { data: activationFixture({}, { cancel_at_period_end: true }) } }));
    server().on('POST', `${base}/subscription/resume`, () => ({ status: 200, body: { data: activationFixture() } }));
    await userEvent.click(within(await plan()).getByRole('button', { name: 'Cancel at period end' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the subscription?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));

    expect(await screen.findByText(subscriptionMessages.cancelled, undefined, routeTimeout)).toBeInTheDocument();
    expect(within(await plan()).getByText('Cancels on Dec 26, 2026')).toBeInTheDocument();
    expect(server().requestsTo('POST', `${base}/subscription/cancel`)).toHaveLength(1);

    await userEvent.click(within(await plan()).getByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByText(subscriptionMessages.resumed, undefined, routeTimeout)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Subscription' })).getByText('Active')).toBeInTheDocument());
    expect(server().requestsTo('POST', `${base}/subscription/resume`)).toHaveLength(1);
  });

  it('changes the plan from the next period', async () => {
    await openBilling();
    server().on('PATCH', `${base}/subscription`, () => ({ status: 200, body: { data: activationFixture({}, { pending_plan: 'annual' }) } }));
    const section = await screen.findByRole('region', { name: 'Change plan' });
    expect(await within(section).findByText('€1,914.95 per period', undefined, routeTimeout)).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('radio', { name: /Annual/ }));
    await userEvent.click(within(section).getByRole('button', { name: 'Change plan' }));

    expect(await screen.findByText(subscriptionMessages.changed, undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('PATCH', `${base}/subscription`)[0]?.body).toEqual({ plan: 'annual' });
    expect(within(await plan()).getByText('From the next period: Annual')).toBeInTheDocument();
  });

  it("changes a service's quantity from the next period, never below its minimum ('Minimal quantity is {value}')", async () => {
    await openBilling();
    server().on('PATCH', `${base}/subscription`, () => ({ status: 200, body: { data: activationFixture({}, { pending_quantities: { [serviceId]: 12 } }) } }));
    const section = await screen.findByRole('region', { name: 'Services' });
    const quantity = within(section).getByLabelText('Quantity of Team profiles');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.click(within(section).getByRole('button', { name: 'Save quantities' }));
    await waitFor(() => expect(quantity).toHaveAccessibleDescription(/Minimal quantity is 5/));
    expect(server().requestsTo('PATCH', `${base}/subscription`)).toHaveLength(0);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '12');
    await userEvent.click(within(section).getByRole('button', { name: 'Save quantities' }));
    expect(await screen.findByText(subscriptionMessages.changed, undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('PATCH', `${base}/subscription`)[0]?.body).toEqual({ services: [{ product_id: serviceId, quantity: 12 }] });
  });

  it('says a past due after one refused attempt (Stripe Billing gives up on its own schedule) in the singular', async () => {
    const pastDue = activationFixture(
      { status: 'active', failure_message: null, invoice: invoiceFixture({ id: 'e1e2e3e4-a5b6-4c7d-8e9f-0a1b2c3d4e5f', number: 'S-2026-000002', status: 'open', paid_at: null }) },
      { status: 'past_due', failed_attempts: 1, next_attempt_at: null },
    );
    await openBilling({ organisation: { status: 'past_due' }, state: pastDue });
    const section = await plan();
    expect(within(section).getByRole('alert')).toHaveTextContent('The renewal could not be charged, so the subscription is past due');
    expect(within(section).getByRole('alert')).not.toHaveTextContent('attempts');
  });

  it('says why a past-due subscription is read-only and pays the open period with "Pay now"', async () => {
    const pastDue = activationFixture(
      { status: 'active', failure_message: null, invoice: invoiceFixture({ id: 'e1e2e3e4-a5b6-4c7d-8e9f-0a1b2c3d4e5f', number: 'S-2026-000002', status: 'open', paid_at: null }) },
      { status: 'past_due', failed_attempts: 4, next_attempt_at: null },
    );
    await openBilling({ organisation: { status: 'past_due' }, state: pastDue });
    const section = await plan();
    expect(within(section).getByText('Past due')).toBeInTheDocument();
    expect(within(section).getByRole('alert')).toHaveTextContent('could not be charged after 4 attempts');
    expect(within(section).queryByRole('button', { name: 'Cancel at period end' })).toBeNull();
    // What is owed is the open period, not a next charge.
    expect(within(section).queryByText('Next charge')).toBeNull();
    expect(screen.getByText('Quantities can be changed while the subscription is active.')).toBeInTheDocument();

    server().on('POST', `${base}/subscription/pay`, () => {
      // Paid: the server answers with the active subscription from then on.
      server().on('GET', `${base}/subscription`, () => ({ status: 200, body: { data: activationFixture() } }));
      return { status: 200, body: { data: activationFixture() } };
    });
    await userEvent.click(within(section).getByRole('button', { name: 'Pay now' }));
    await userEvent.type(await screen.findByLabelText('Card number', undefined, routeTimeout), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiry date'), '1230');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay €177.31 now' }));

    expect(await screen.findByText('Thank you: the period is paid and the organisation is writable again.', undefined, routeTimeout)).toBeInTheDocument();
    const request = server().requestsTo('POST', `${base}/subscription/pay`)[0]?.body as { payment: unknown };
    expect(request.payment).toEqual({ method: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } });
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Subscription' })).getByText('Active')).toBeInTheDocument());
  });

  it('shows a refusal of a past-due organisation’s change as the server words it', async () => {
    await openBilling();
    server().on('PATCH', `${base}/subscription`, () => ({ status: 409, body: { message: subscriptionMessages.readOnly, code: 'organisation_rule' } }));
    const section = await screen.findByRole('region', { name: 'Change plan' });
    await userEvent.click(within(section).getByRole('radio', { name: /Quarterly/ }));
    await userEvent.click(within(section).getByRole('button', { name: 'Change plan' }));
    expect(await within(section).findByText(subscriptionMessages.readOnly, undefined, routeTimeout)).toBeInTheDocument();
  });

  it('offers the activation of an organisation that is not active yet', async () => {
    serve({ organisation: { status: 'pending_activation' } });
    server().on('GET', `${base}/subscription`, () => ({ status: 404, body: { message: 'Not found.', code: 'not_found' } }));
    renderRoute(`/settings/billing?organisation=${organisationId}`);
    expect(await screen.findByRole('link', { name: 'Activate the organisation' }, routeTimeout)).toHaveAttribute('href', `/organization/${organisationId}/activate`);
  });

  it('tells a member that owners and admins manage the billing, and asks nothing of the subscription', async () => {
    serve({ organisation: { role: 'member' } });
    renderRoute(`/settings/billing?organisation=${organisationId}`);
    expect(await screen.findByText('Only the organisation’s owners and admins manage its billing.', undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('GET', `${base}/subscription`)).toHaveLength(0);
  });
});
