import { checkoutMessages } from '@app/contract/checkout';
import { validationMessages } from '@app/contract/messages';
import { organisationBillingDetailsMessages, renewalCardMessages, type ActivationResponse } from '@app/contract/organisation-billing';
import type { Organisation } from '@app/contract/organisations';
import type { PaymentMethod } from '@app/contract/payment-methods';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';
import { activationFixture, invoiceFixture, organisationFixture, organisationId, quoteFixture } from '../testing/billing-fixture.ts';

// The Billing page's own edits (issue 12, BillingSettings): the organisation's billing details,
// by the wizard's rules and messages, and the card renewals use, through the real route table
// against a local HTTP server scripted with the organisation and subscription calls.

const server = setUpRouteTests();
const base = `/api/organisations/${organisationId}`;

beforeEach(() => {
  localStorage.clear();
});

function serve({ organisation = {}, methods = [] }: { organisation?: Partial<Organisation>; methods?: PaymentMethod[] } = {}) {
  const current = organisationFixture({ status: 'active', ...organisation });
  seedSession(server(), completeUser);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
  server().on('GET', '/api/organisations', () => ({ status: 200, body: { data: [current] } }));
  server().on('GET', base, () => ({ status: 200, body: { data: current } }));
  server().on('GET', `${base}/subscription`, () => ({ status: 200, body: { data: activationFixture() } }));
  server().on('GET', `${base}/subscription/invoices`, () => ({ status: 200, body: { data: [invoiceFixture()] } }));
  server().on('POST', '/api/organisations/quote', () => ({ status: 200, body: { data: quoteFixture() } }));
  server().on('GET', '/api/payments/config', () => ({ status: 200, body: { provider: 'test', publishable_key: null, test_mode: true } }));
  server().on('GET', '/api/payment-methods', () => ({ status: 200, body: { data: methods } }));
  return current;
}

async function openBilling(options?: Parameters<typeof serve>[0]) {
  const organisation = serve(options);
  renderRoute(`/settings/billing?organisation=${organisationId}`);
  await screen.findByRole('heading', { name: 'Billing of Oak & Pine Ltd' }, routeTimeout);
  return organisation;
}

const detailsSection = () => screen.findByRole('region', { name: 'Billing details' }, routeTimeout);
const subscriptionSection = () => screen.findByRole('region', { name: 'Subscription' }, routeTimeout);

async function editDetails() {
  await userEvent.click(within(await detailsSection()).getByRole('button', { name: 'Edit' }));
  return within(await detailsSection());
}

describe('the Billing page: billing details', () => {
  it('shows each field’s message of the wizard’s step 3 and sends nothing', async () => {
    await openBilling();
    const form = await editDetails();
    expect(form.getByLabelText('Name')).toHaveValue('Oak & Pine GmbH');
    for (const label of ['Name', 'Address line 1', 'City', 'Postal code']) await userEvent.clear(form.getByLabelText(label));
    await userEvent.clear(form.getByLabelText('Billing email'));
    await userEvent.type(form.getByLabelText('Billing email'), 'not-an-address');
    await userEvent.type(form.getByLabelText('Address line 2 (optional)'), 'x'.repeat(201));
    await userEvent.type(form.getByLabelText('County (optional)'), 'y'.repeat(101));
    await userEvent.selectOptions(form.getByLabelText('Country'), '');
    await userEvent.click(form.getByRole('button', { name: 'Save billing details' }));

    await waitFor(() => expect(form.getByLabelText('Name')).toHaveAccessibleDescription(validationMessages.required), routeTimeout);
    expect(form.getByLabelText('Billing email')).toHaveAccessibleDescription(validationMessages.email);
    expect(form.getByLabelText('Address line 1')).toHaveAccessibleDescription(validationMessages.required);
    expect(form.getByLabelText('Address line 2 (optional)')).toHaveAccessibleDescription('May not be longer than 200 characters');
    expect(form.getByLabelText('City')).toHaveAccessibleDescription(validationMessages.required);
    expect(form.getByLabelText('Postal code')).toHaveAccessibleDescription(validationMessages.required);
    expect(form.getByLabelText('Country')).toHaveAccessibleDescription(validationMessages.required);
    expect(form.getByLabelText('County (optional)')).toHaveAccessibleDescription('May not be longer than 100 characters');
    await waitFor(() => expect(form.getByLabelText('Name')).toHaveFocus());
    expect(server().requestsTo('PATCH', `${base}/billing-details`)).toHaveLength(0);
  });

  it('puts the server’s 422 under its field', async () => {
    await openBilling();
    server().on('PATCH', `${base}/billing-details`, () => ({
      status: 422,
      body: { message: 'The provided data is invalid. Please check your input and try again.', errors: { postal_code: ['May not be longer than 20 characters'] } },
    }));
    const form = await editDetails();
    await userEvent.click(form.getByRole('button', { name: 'Save billing details' }));
    await waitFor(() => expect(form.getByLabelText('Postal code')).toHaveAccessibleDescription('May not be longer than 20 characters'), routeTimeout);
    await waitFor(() => expect(form.getByLabelText('Postal code')).toHaveFocus());
  });

  it('saves the new details, says so and shows them', async () => {
    const organisation = await openBilling();
    const saved = { name: 'Eiche & Kiefer AG', billing_email: 'rechnungen@example.com', address_line_1: 'Unter den Linden 1', address_line_2: 'Aufgang B', city: 'Hamburg', postal_code: '20095', country: 'AT', county: 'Wien' };
    server().on('PATCH', `${base}/billing-details`, () => ({ status: 200, body: { data: { ...organisation, billing_details: saved } } }));
    const form = await editDetails();
    for (const [label, value] of [
      ['Name', saved.name],
      ['Billing email', saved.billing_email],
      ['Address line 1', saved.address_line_1],
      ['City', saved.city],
      ['Postal code', saved.postal_code],
    ] as const) {
      await userEvent.clear(form.getByLabelText(label));
      await userEvent.type(form.getByLabelText(label), value);
    }
    await userEvent.type(form.getByLabelText('Address line 2 (optional)'), saved.address_line_2);
    await userEvent.type(form.getByLabelText('County (optional)'), saved.county);
    await userEvent.selectOptions(form.getByLabelText('Country'), 'AT');
    await userEvent.click(form.getByRole('button', { name: 'Save billing details' }));

    expect(await screen.findByText(organisationBillingDetailsMessages.saved, undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('PATCH', `${base}/billing-details`)[0]?.body).toEqual(saved);
    const section = within(await detailsSection());
    for (const line of ['Eiche & Kiefer AG', 'rechnungen@example.com', 'Unter den Linden 1', 'Aufgang B', '20095 Hamburg', 'Wien', 'Austria']) expect(section.getByText(line)).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Save billing details' })).toBeNull();
  });

  it('offers no editing while the organisation is past due (read-only until paid)', async () => {
    serve({ organisation: { status: 'past_due' } });
    server().on('GET', `${base}/subscription`, () => ({ status: 200, body: { data: activationFixture({}, { status: 'past_due', failed_attempts: 4 }) } }));
    renderRoute(`/settings/billing?organisation=${organisationId}`);
    const section = within(await detailsSection());
    expect(section.getByText('Oak & Pine GmbH')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});

describe('the Billing page: the card renewals use', () => {
  const replaced = (brand: string, last4: string): ActivationResponse => activationFixture({}, { payment_method: { brand, last4 } });

  async function typeCard(number: string) {
    await userEvent.type(await screen.findByLabelText('Card number', undefined, routeTimeout), number);
    await userEvent.type(screen.getByLabelText('Expiry date'), '1230');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Use this card' }));
  }

  it('replaces it with a new card and shows the new card’s brand and last four digits', async () => {
    await openBilling();
    server().on('PUT', `${base}/subscription/payment-method`, () => ({ status: 200, body: { data: replaced('mastercard', '4444') } }));
    const section = within(await subscriptionSection());
    expect(section.getByText('Visa ending in 4242')).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Replace card' }));
    expect(await screen.findByText('Renewals are charged to this card from the next charge on. Nothing is charged now.', undefined, routeTimeout)).toBeInTheDocument();
    await typeCard('5555555555554444');

    expect(await screen.findByText(renewalCardMessages.replaced, undefined, routeTimeout)).toBeInTheDocument();
    expect(section.getByText('Mastercard ending in 4444')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    const request = server().requestsTo('PUT', `${base}/subscription/payment-method`)[0]?.body as { idempotency_key: string; payment: unknown };
    expect(request.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.payment).toEqual({ method: 'card', card: { number: '5555555555554444', exp_month: 12, exp_year: 2030, cvc: '123' } });
  });

  it('shows the provider’s message for a declined card and keeps the old card', async () => {
    await openBilling();
    server().on('PUT', `${base}/subscription/payment-method`, () => ({ status: 400, body: { message: checkoutMessages.cardDeclined } }));
    const section = within(await subscriptionSection());
    await userEvent.click(section.getByRole('button', { name: 'Replace card' }));
    await typeCard('4000000000000002');

    expect(await screen.findByText(checkoutMessages.cardDeclined, undefined, routeTimeout)).toBeInTheDocument();
    expect(section.getByText('Visa ending in 4242')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    expect(screen.queryByText(renewalCardMessages.replaced)).toBeNull();
  });

  it('offers the caller’s saved cards', async () => {
    const amex: PaymentMethod = { id: '3f1e2d3c-4b5a-4697-8877-665544332211', type: 'card', brand: 'amex', last4: '0005', exp_month: 11, exp_year: 2031, is_default: true };
    await openBilling({ methods: [amex] });
    server().on('PUT', `${base}/subscription/payment-method`, () => ({ status: 200, body: { data: replaced('amex', '0005') } }));
    const section = within(await subscriptionSection());
    await userEvent.click(section.getByRole('button', { name: 'Replace card' }));
    await userEvent.click(await screen.findByRole('radio', { name: /ending in 0005/ }, routeTimeout));
    await userEvent.click(screen.getByRole('button', { name: 'Use this card' }));

    expect(await screen.findByText(renewalCardMessages.replaced, undefined, routeTimeout)).toBeInTheDocument();
    expect(section.getByText('American Express ending in 0005')).toBeInTheDocument();
    expect((server().requestsTo('PUT', `${base}/subscription/payment-method`)[0]?.body as { payment: unknown }).payment).toEqual({ method: 'saved', payment_method_id: amex.id });
  });
});
