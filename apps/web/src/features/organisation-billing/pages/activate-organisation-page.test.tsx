import { activationMessages } from '@app/contract/organisation-billing';
import type { Organisation } from '@app/contract/organisations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';
import type { Reply } from '../../../../test/local-api-server.ts';
import { activationFixture, organisationFixture, organisationId, quoteFixture } from '../testing/billing-fixture.ts';

// organization.activate (issue 12) through the real route table, against a real local HTTP
// server scripted with the organisation, quote, payment and activation calls.

const server = setUpRouteTests();

beforeEach(() => {
  localStorage.clear();
});
const base = `/api/organisations/${organisationId}`;

function serve(organisation: Partial<Organisation> = {}) {
  seedSession(server(), completeUser);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
  server().on('GET', base, () => ({ status: 200, body: { data: organisationFixture(organisation) } }));
  server().on('POST', '/api/organisations/quote', () => ({ status: 200, body: { data: quoteFixture() } }));
  server().on('GET', '/api/payments/config', () => ({ status: 200, body: { provider: 'test', publishable_key: null, test_mode: true } }));
  server().on('GET', '/api/payment-methods', () => ({ status: 200, body: { data: [] } }));
  server().on('GET', '/api/organisations', () => ({ status: 200, body: { data: [organisationFixture({ ...organisation, status: 'active' })] } }));
  server().on('GET', `${base}/subscription`, () => ({ status: 200, body: { data: activationFixture() } }));
  server().on('GET', `${base}/subscription/invoices`, () => ({ status: 200, body: { data: [] } }));
}

async function openActivation(organisation: Partial<Organisation> = {}) {
  serve(organisation);
  const view = renderRoute(`/organization/${organisationId}/activate`);
  await screen.findByRole('heading', { name: 'Activate Oak & Pine Ltd', level: 1 }, routeTimeout);
  return view;
}

async function typeCard(number: string) {
  await userEvent.type(await screen.findByLabelText('Card number', undefined, routeTimeout), number);
  await userEvent.type(screen.getByLabelText('Expiry date'), '1230');
  await userEvent.type(screen.getByLabelText('CVC'), '123');
}

const payButton = () => screen.findByRole('button', { name: 'Activate and pay €177.31' }, routeTimeout);

describe('organization.activate: the first period’s payment', () => {
  it('shows the organisation, its plan and the first period’s price with VAT, under Dashboard › the organisation › Activate', async () => {
    await openActivation();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Oak & Pine Ltd')).toBeInTheDocument();
    expect(within(summary).getByText('Monthly')).toBeInTheDocument();
    expect(within(summary).getByText('Team profiles × 10')).toBeInTheDocument();
    expect(await within(summary).findByText('€177.31', undefined, routeTimeout)).toBeInTheDocument();
    expect(within(summary).getByText('€28.31')).toBeInTheDocument();
    // The quote asks for the organisation's own services, plan and billing country.
    expect(server().requestsTo('POST', '/api/organisations/quote')[0]?.body).toEqual({
      type: 'business',
      plan: 'monthly',
      services: [{ product_id: organisationFixture().services[0]?.product_id, quantity: 10 }],
      portfolio_companies: 0,
      country: 'DE',
    });
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(await crumbs.findByText('Oak & Pine Ltd')).toBeInTheDocument();
    expect(crumbs.getByText('Activate')).toHaveAttribute('aria-current', 'page');
  });

  it('activates with a card, says so, and opens the organisation’s billing page', async () => {
    const { router } = await openActivation();
    server().on('POST', `${base}/activate`, () => ({ status: 200, body: { data: activationFixture() } }));
    await typeCard('4242424242424242');
    await userEvent.click(await payButton());

    expect(await screen.findByText(activationMessages.activated, undefined, routeTimeout)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/billing'), routeTimeout);
    expect(router.state.location.search).toBe(`?organisation=${organisationId}`);
    const request = server().requestsTo('POST', `${base}/activate`)[0]?.body as { idempotency_key: string; payment: unknown };
    expect(request.payment).toEqual({ method: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } });
    expect(request.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    // The organisation is the profile in use from now on.
    expect(localStorage.getItem(`active_profile:${completeUser.id}`)).toBe(`organisation:${organisationId}`);
  });

  it('says why a card was refused and lets the same form try again with a new attempt', async () => {
    await openActivation();
    const answers: Reply[] = [
      { status: 200, body: { data: activationFixture({ status: 'failed', failure_message: 'Your card has insufficient funds.', invoice: null }, { status: 'incomplete' }) } },
      { status: 200, body: { data: activationFixture() } },
    ];
    server().on('POST', `${base}/activate`, () => answers.shift() ?? { status: 500 });
    await typeCard('4000000000009995');
    await userEvent.click(await payButton());

    expect(await screen.findByText('Your card has insufficient funds.', undefined, routeTimeout)).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 9995');
    await userEvent.clear(screen.getByLabelText('Card number'));
    await userEvent.type(screen.getByLabelText('Card number'), '4242424242424242');
    await userEvent.click(await payButton());
    expect(await screen.findByText(activationMessages.activated, undefined, routeTimeout)).toBeInTheDocument();
    const keys = server()
      .requestsTo('POST', `${base}/activate`)
      .map((request) => (request.body as { idempotency_key: string }).idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('asks for the card’s extra step and activates once it is confirmed', async () => {
    await openActivation();
    server().on('POST', `${base}/activate`, () => ({
      status: 200,
      body: { data: activationFixture({ status: 'requires_action', next_action: { type: 'confirm', confirmation_id: 'conf-1' } }, { status: 'incomplete' }) },
    }));
    server().on('POST', `${base}/activate/confirm`, () => ({ status: 200, body: { data: activationFixture() } }));
    await typeCard('4000002500003155');
    await userEvent.click(await payButton());

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' }, routeTimeout);
    expect(within(dialog).getByText(/€177\.31/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText(activationMessages.activated, undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('POST', `${base}/activate/confirm`)[0]?.body).toEqual({ confirmation_id: 'conf-1', outcome: 'complete' });
  });

  it('checks the card before sending anything', async () => {
    await openActivation();
    await userEvent.click(await payButton());
    await waitFor(() => expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription('Field is required'), routeTimeout);
    expect(server().requestsTo('POST', `${base}/activate`)).toHaveLength(0);
  });

  it('activates an event organiser’s contract with one Activate button and no payment', async () => {
    await openActivation({ type: 'event_organiser', plan: 'contract', services: [] });
    server().on('POST', `${base}/activate`, () => ({
      status: 200,
      body: { data: activationFixture({ invoice: null }, { plan: 'contract', next_charge_at: null, next_charge_total: null, payment_method: null }) },
    }));
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Activate' }, routeTimeout));
    expect(await screen.findByText(activationMessages.contractActivated, undefined, routeTimeout)).toBeInTheDocument();
    const body = server().requestsTo('POST', `${base}/activate`)[0]?.body as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['idempotency_key']);
  });

  it('says when the organisation is already active, with the way to its billing', async () => {
    await openActivation({ status: 'active' });
    expect(screen.getByText('This organisation is already active.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the organisation’s billing' })).toHaveAttribute('href', `/settings/billing?organisation=${organisationId}`);
  });
});
