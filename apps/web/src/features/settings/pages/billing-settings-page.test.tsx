import type { BillingDetails } from '@app/contract/billing-details';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@app/contract/orders';
import { completeUser } from '../../../../test/account-fixture.ts';
import { basketFixture, big5Report } from '../../../../test/basket-fixture.ts';
import { orderFixture } from '../../../../test/checkout-fixture.ts';
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

async function openBillingPage(details: BillingDetails | null, paidOrders: Order[] = []) {
  seedSession(server(), completeUser);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
  server().on('GET', '/api/user/billing-details', () => ({ status: 200, body: { data: details } }));
  server().on('GET', '/api/orders', (request) => {
    const page = Number(request.query.get('page') ?? 1);
    const perPage = Number(request.query.get('per_page') ?? 20);
    const rows = request.query.get('status') === 'paid' ? paidOrders : [];
    return { status: 200, body: { data: rows.slice((page - 1) * perPage, page * perPage), meta: { page, per_page: perPage, total: rows.length } } };
  });
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
    // The list: the empty choice first, then every country by its name, the saved one chosen.
    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(country).toHaveDisplayValue('Portugal');
    const options = within(country).getAllByRole('option');
    expect(options.length).toBeGreaterThan(240);
    expect(options[0]).toHaveValue('');
    expect(within(country).getByRole('option', { name: 'Bosnia & Herzegovina' })).toHaveValue('BA');
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
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
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

  it('lists the shop’s invoices under the details, newest first, each a PDF, paged by five (issue 12)', async () => {
    const orders = Array.from({ length: 6 }, (_, index) =>
      orderFixture(basketFixture([big5Report]), {
        id: `order-${index + 1}`,
        number: `2026-00000${6 - index}`,
        paid_at: `2026-11-${String(20 - index).padStart(2, '0')}T10:00:00.000Z`,
        invoice_available: true,
      }),
    );
    await openBillingPage(saved, orders);
    const list = await screen.findByRole('list', { name: 'Invoices' }, routeTimeout);
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('Order 2026-000006');
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Invoice of order 2026-000006 (PDF)' })).toHaveAttribute('href', '/api/orders/order-1/invoice');
    expect(server().requestsTo('GET', '/api/orders')[0]?.query.get('status')).toBe('paid');

    const pager = screen.getByRole('navigation', { name: 'Invoice pages' });
    expect(pager).toHaveTextContent('1–5 of 6');
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Invoices' })).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('list', { name: 'Invoices' })).toHaveTextContent('Order 2026-000001');
    expect(within(pager).getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('says so when nothing has been bought yet', async () => {
    await openBillingPage(saved);
    expect(await screen.findByText('No invoices yet. Each purchase’s invoice appears here once it is paid.', undefined, routeTimeout)).toBeInTheDocument();
  });
});
