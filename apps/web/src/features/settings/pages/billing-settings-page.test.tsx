import type { BillingDetails } from '@app/contract/billing-details';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { clearQueryCache } from '../../../../test/query-cache.ts';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';

// Settings › Billing (the spec's BillingSettings page, issue 16) through the real route table,
// against a real HTTP server: the account's billing details with spec 3's field names.

const server = setUpRouteTests();

beforeEach(() => {
  clearQueryCache();
});

const saved: BillingDetails = {
  name: 'Ada Lovelace',
  billing_email: 'invoices@example.com',
  address_line_1: 'Rua Augusta 10',
  address_line_2: '3º esquerdo',
  city: 'Lisboa',
  postal_code: '1100-053',
  country: 'PT',
  county: null,
  updated_at: '2026-11-20T10:00:00.000Z',
};

async function openBillingPage(details: BillingDetails | null) {
  seedSession(server(), completeUser);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
  server().on('GET', '/api/user/billing-details', () => ({ status: 200, body: { data: details } }));
  const view = renderRoute('/settings/billing');
  await screen.findByRole('heading', { name: 'Billing details' }, routeTimeout);
  return view;
}

const submit = async () => userEvent.click(await screen.findByRole('button', { name: 'Save billing details' }, routeTimeout));

describe('settings: billing', () => {
  it('is the Billing page of the settings navigation, with Settings › Billing as breadcrumbs and title', async () => {
    await openBillingPage(null);
    expect(within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('link', { name: 'Billing' })).toHaveAttribute('aria-current', 'page');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings/profile');
    expect(within(crumbs).getByText('Billing')).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Billing | Compass'));
  });

  it('shows the saved billing details in the spec’s fields', async () => {
    await openBillingPage(saved);
    expect(await screen.findByLabelText('Name', undefined, routeTimeout)).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Billing email')).toHaveValue('invoices@example.com');
    expect(screen.getByLabelText('Address line 1')).toHaveValue('Rua Augusta 10');
    expect(screen.getByLabelText('Address line 2 (optional)')).toHaveValue('3º esquerdo');
    expect(screen.getByLabelText('City')).toHaveValue('Lisboa');
    expect(screen.getByLabelText('Postal code')).toHaveValue('1100-053');
    expect(screen.getByLabelText('County (optional)')).toHaveValue('');
    expect(screen.getByLabelText('Country')).toHaveValue('PT');
  });

  it('opens with the account’s name and e-mail when none are saved, saves the edited details and says so', async () => {
    await openBillingPage(null);
    expect(await screen.findByText(/No billing details are saved yet/, undefined, routeTimeout)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue(completeUser.name);
    expect(screen.getByLabelText('Billing email')).toHaveValue(completeUser.email);
    server().on('PUT', '/api/user/billing-details', (request) => ({ status: 200, body: { data: { ...(request.body as object), address_line_2: null, county: 'Wien', updated_at: '2026-11-21T10:00:00.000Z' } } }));

    await userEvent.type(screen.getByLabelText('Address line 1'), 'Stephansplatz 1');
    await userEvent.type(screen.getByLabelText('City'), 'Wien');
    await userEvent.type(screen.getByLabelText('Postal code'), '1010');
    await userEvent.type(screen.getByLabelText('County (optional)'), 'Wien');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'AT');
    await submit();

    expect(await screen.findByText('Your billing details have been saved.', undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('PUT', '/api/user/billing-details')[0]?.body).toEqual({
      name: completeUser.name,
      billing_email: completeUser.email,
      address_line_1: 'Stephansplatz 1',
      address_line_2: null,
      city: 'Wien',
      postal_code: '1010',
      county: 'Wien',
      country: 'AT',
    });
    // The basket is priced again for the new billing country.
    await waitFor(() => expect(server().requestsTo('GET', '/api/cart').length).toBeGreaterThan(1), routeTimeout);
    expect(screen.getByRole('button', { name: 'Remove billing details' })).toBeInTheDocument();
  });

  it("says 'Field is required' and 'Must be a valid email' (spec 5) and sends nothing", async () => {
    await openBillingPage(null);
    await userEvent.clear(await screen.findByLabelText('Name', undefined, routeTimeout));
    await userEvent.clear(screen.getByLabelText('Billing email'));
    await userEvent.type(screen.getByLabelText('Billing email'), 'ada@');
    await submit();

    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Field is required'), routeTimeout);
    expect(screen.getByLabelText('Billing email')).toHaveAccessibleDescription('Must be a valid email');
    expect(screen.getByLabelText('Address line 1')).toHaveAccessibleDescription('Field is required');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(server().requestsTo('PUT', '/api/user/billing-details')).toHaveLength(0);
  });

  it('puts the server’s field errors under their fields', async () => {
    await openBillingPage(saved);
    server().on('PUT', '/api/user/billing-details', () => ({
      status: 422,
      body: { message: 'The provided data is invalid. Please check your input and try again.', errors: { postal_code: ['May not be longer than 20 characters'] } },
    }));
    await submit();
    await waitFor(() => expect(screen.getByLabelText('Postal code')).toHaveAccessibleDescription('May not be longer than 20 characters'), routeTimeout);
  });

  it('removes the saved billing details on request', async () => {
    await openBillingPage(saved);
    server().on('DELETE', '/api/user/billing-details', () => ({ status: 204 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove billing details' }, routeTimeout));

    expect(await screen.findByText('Your billing details have been removed.', undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('DELETE', '/api/user/billing-details')).toHaveLength(1);
    expect(await screen.findByText(/No billing details are saved yet/, undefined, routeTimeout)).toBeInTheDocument();
  });
});
