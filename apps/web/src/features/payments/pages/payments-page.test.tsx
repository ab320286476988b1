import { paymentMessages } from '@app/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { savedCard, testProviderConfig, transactionFixture } from '../../../../test/checkout-fixture.ts';
import type { PaymentMethod } from '@app/contract/payment-methods';
import { clearQueryCache } from '../../../../test/query-cache.ts';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';

// The payments page (saved payment methods and transactions) through the real route table,
// against a real local HTTP server scripted with issue 5's payment calls.

const server = setUpRouteTests();

beforeEach(() => {
  clearQueryCache();
});

const visa = savedCard();
const mastercard = savedCard({ id: 'c1d2e3f4-0000-4000-8000-000000000002', brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031, is_default: false });

function servePayments(methods: PaymentMethod[], transactions = [transactionFixture(1), transactionFixture(2, { status: 'failed', amount: 2900 })]) {
  seedSession(server(), completeUser);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
  server().on('GET', '/api/payments/config', () => ({ status: 200, body: testProviderConfig }));
  server().on('GET', '/api/payment-methods', () => ({ status: 200, body: { data: methods } }));
  server().on('GET', '/api/transactions', (request) => {
    const page = Number(request.query.get('page') ?? '1');
    const perPage = Number(request.query.get('per_page') ?? '20');
    return { status: 200, body: { data: transactions.slice((page - 1) * perPage, page * perPage), meta: { page, per_page: perPage, total: transactions.length } } };
  });
}

async function openPayments(methods: PaymentMethod[] = [visa, mastercard], transactions?: Parameters<typeof servePayments>[1]) {
  servePayments(methods, transactions);
  const view = renderRoute('/payments');
  await screen.findByRole('heading', { name: 'Payments', level: 1 }, routeTimeout);
  return view;
}

const methodsSection = () => screen.getByRole('region', { name: 'Payment methods' });

/** "Add a card" waits for the payment config (which provider's form to show). */
async function openAddCard() {
  const button = within(methodsSection()).getByRole('button', { name: 'Add a card' });
  await waitFor(() => expect(button).toBeEnabled(), routeTimeout);
  await userEvent.click(button);
}

describe('payments page: saved payment methods', () => {
  it('lists each card with brand, last 4, expiry and the default flag, under the Payments crumb and a test-mode badge', async () => {
    await openPayments();
    const visaRow = await within(methodsSection()).findByRole('listitem', { name: 'Visa ending in 4242' }, routeTimeout);
    expect(within(visaRow).getByText('Default')).toBeInTheDocument();
    expect(within(visaRow).getByText('Expires 12/34')).toBeInTheDocument();
    expect(within(visaRow).queryByRole('button', { name: 'Make default' })).toBeNull();
    const mastercardRow = within(methodsSection()).getByRole('listitem', { name: 'Mastercard ending in 4444' });
    expect(within(mastercardRow).getByText('Expires 03/31')).toBeInTheDocument();
    expect((await screen.findAllByText('Test mode', undefined, routeTimeout)).length).toBeGreaterThan(0);
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Payments')).toHaveAttribute('aria-current', 'page');
  });

  it('makes a card the default', async () => {
    server().on('PUT', `/api/payment-methods/${mastercard.id}/default`, () => {
      servePayments([{ ...visa, is_default: false }, { ...mastercard, is_default: true }]);
      return { status: 200, body: { data: { ...mastercard, is_default: true } } };
    });
    await openPayments();
    const row = await within(methodsSection()).findByRole('listitem', { name: 'Mastercard ending in 4444' }, routeTimeout);
    await userEvent.click(within(row).getByRole('button', { name: 'Make default' }));

    expect(await screen.findByText('Mastercard ending in 4444 is now your default card.', undefined, routeTimeout)).toBeInTheDocument();
    await waitFor(() => expect(within(within(methodsSection()).getByRole('listitem', { name: 'Mastercard ending in 4444' })).getByText('Default')).toBeInTheDocument(), routeTimeout);
    expect(server().requestsTo('PUT', `/api/payment-methods/${mastercard.id}/default`)).toHaveLength(1);
  });

  it('removes a card only after the confirmation', async () => {
    server().on('DELETE', `/api/payment-methods/${mastercard.id}`, () => {
      servePayments([visa]);
      return { status: 204 };
    });
    await openPayments();
    const row = await within(methodsSection()).findByRole('listitem', { name: 'Mastercard ending in 4444' }, routeTimeout);
    await userEvent.click(within(row).getByRole('button', { name: 'Remove' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this card?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep card' }));
    expect(server().requestsTo('DELETE', `/api/payment-methods/${mastercard.id}`)).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText('Mastercard ending in 4444 was removed.', undefined, routeTimeout)).toBeInTheDocument();
    await waitFor(() => expect(within(methodsSection()).queryByRole('listitem', { name: 'Mastercard ending in 4444' })).toBeNull(), routeTimeout);
  });

  it('adds a card through the card form, checked before it is sent', async () => {
    server().on('POST', '/api/payment-methods/setup', () => ({ status: 200, body: { provider: 'test', client_secret: null } }));
    server().on('POST', '/api/payment-methods', () => ({ status: 201, body: { data: mastercard } }));
    await openPayments([visa]);
    await openAddCard();
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    const number = await within(dialog).findByLabelText('Card number');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByLabelText('Card number')).toHaveAccessibleDescription('Field is required');
    expect(server().requestsTo('POST', '/api/payment-methods')).toHaveLength(0);

    await userEvent.type(number, '5555555555554444');
    await userEvent.type(within(dialog).getByLabelText('Expiry date'), '0331');
    await userEvent.type(within(dialog).getByLabelText('CVC'), '321');
    await userEvent.click(within(dialog).getByLabelText('Make this my default card'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));

    expect(await screen.findByText('Your card was saved.', undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('POST', '/api/payment-methods')[0]?.body).toEqual({
      method: 'card',
      card: { number: '5555555555554444', exp_month: 3, exp_year: 2031, cvc: '321' },
      set_default: true,
    });
  });

  it("says 'Failed to attach payment method' when the provider refuses the card", async () => {
    server().on('POST', '/api/payment-methods/setup', () => ({ status: 200, body: { provider: 'test', client_secret: null } }));
    server().on('POST', '/api/payment-methods', () => ({ status: 502, body: { message: 'Bad gateway', code: 'payment_provider_unavailable' } }));
    await openPayments([]);
    await openAddCard();
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    await userEvent.type(await within(dialog).findByLabelText('Card number'), '4000000000000002');
    await userEvent.type(within(dialog).getByLabelText('Expiry date'), '1230');
    await userEvent.type(within(dialog).getByLabelText('CVC'), '123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));

    expect(await within(dialog).findByRole('alert', undefined, routeTimeout)).toHaveTextContent(paymentMessages.failedToAttachPaymentMethod);
    expect(paymentMessages.failedToAttachPaymentMethod).toBe('Failed to attach payment method');
  });

  it("says 'Failed to initialize card form' when the card form cannot be prepared, and tries again", async () => {
    let calls = 0;
    server().on('POST', '/api/payment-methods/setup', () => {
      calls += 1;
      return calls === 1 ? { status: 502, body: { message: 'Bad gateway', code: 'card_form_unavailable' } } : { status: 200, body: { provider: 'test', client_secret: null } };
    });
    await openPayments([]);
    await openAddCard();
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    expect(await within(dialog).findByRole('alert', undefined, routeTimeout)).toHaveTextContent('Failed to initialize card form');
    expect(paymentMessages.failedToInitializeCardForm).toBe('Failed to initialize card form');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByLabelText('Card number')).toBeInTheDocument();
  });
});

describe('payments page: transactions', () => {
  it('leads each row with what was bought (items and order number), then status, date (HH:mm), amount and the invoice', async () => {
    await openPayments([visa]);
    const table = await screen.findByRole('table', undefined, routeTimeout);
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Purchase', 'Status', 'Date', 'Amount', 'Invoice']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent(/^BIG5 personality reportOrder 2026-000001$/);
    // The provider's charge id is not what a buyer reads.
    expect(table).not.toHaveTextContent('test_pi_');
    expect(first).toHaveTextContent('Paid');
    expect(first).toHaveTextContent(/Oct 27, 2026\d\d:\d\d/);
    expect(first).toHaveTextContent('€58.31');
    expect(within(first as HTMLElement).getByRole('link', { name: 'Invoice of order 2026-000001 (PDF)' })).toHaveAttribute('href', '/api/orders/order-1/invoice');
    expect(second).toHaveTextContent('Failed');
    expect(second).toHaveTextContent('€29.00');
    // A failed payment's order has no invoice.
    expect(within(second as HTMLElement).queryByRole('link')).toBeNull();
    expect(second).toHaveTextContent('No invoice');
  });

  it('lists the same payments as a list for phones, each with what was bought and its invoice', async () => {
    await openPayments([visa]);
    const list = await screen.findByRole('list', { name: 'Transactions' }, routeTimeout);
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('BIG5 personality report');
    expect(first).toHaveTextContent('Order 2026-000001');
    expect(first).toHaveTextContent(/Paid\s*Oct 27, 2026, \d\d:\d\d/);
    expect(within(first as HTMLElement).getByRole('link', { name: 'Invoice of order 2026-000001 (PDF)' })).toBeInTheDocument();
    expect(second).toHaveTextContent('Failed');
    expect(within(second as HTMLElement).queryByRole('link')).toBeNull();
    // Only one of the two layouts shows at a width: the table from lg up, the list below it.
    expect(list).toHaveClass('lg:hidden');
    expect(screen.getByRole('table').parentElement).toHaveClass('hidden', 'lg:block');
  });

  it('names every item of an order, with the quantity when there are several', async () => {
    const order = { id: 'order-7', number: '2026-000007', invoice_available: true, items: [{ title: 'Values report', quantity: 1 }, { title: 'Team profiles', quantity: 3 }] };
    await openPayments([visa], [transactionFixture(7, { order })]);
    const table = await screen.findByRole('table', undefined, routeTimeout);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Values report, Team profiles × 3Order 2026-000007');
  });

  it("falls back to the server's description for a payment whose order is gone", async () => {
    await openPayments([visa], [transactionFixture(8, { order: null, order_id: null, description: 'Order 2026-000008: BIG5 personality report' })]);
    const table = await screen.findByRole('table', undefined, routeTimeout);
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('Order 2026-000008: BIG5 personality report');
    expect(within(row).queryByRole('link')).toBeNull();
  });

  it("downloads the invoice with the session's token", async () => {
    server().on('GET', '/api/orders/order-1/invoice', () => ({
      status: 200,
      rawBody: '%PDF-1.7',
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="invoice-2026-000001.pdf"' },
    }));
    // The browser's part (jsdom has no object URLs and does not save files): record what is saved.
    URL.createObjectURL = () => 'blob:invoice';
    URL.revokeObjectURL = () => undefined;
    const saved: string[] = [];
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    onTestFinished(() => save.mockRestore());
    await openPayments([visa]);
    const table = await screen.findByRole('table', undefined, routeTimeout);
    await userEvent.click(within(table).getByRole('link', { name: 'Invoice of order 2026-000001 (PDF)' }));

    await waitFor(() => expect(server().requestsTo('GET', '/api/orders/order-1/invoice')).toHaveLength(1));
    expect(server().requestsTo('GET', '/api/orders/order-1/invoice')[0]?.headers.authorization).toBe(`Bearer token-of-${completeUser.id}`);
    await waitFor(() => expect(saved).toEqual(['invoice-2026-000001.pdf']));
    expect(within(table).queryByRole('alert')).toBeNull();
  });

  it('pages through the transactions ten at a time', async () => {
    const many = Array.from({ length: 23 }, (_, index) => transactionFixture(index + 1));
    await openPayments([visa], many);
    const table = await screen.findByRole('table', undefined, routeTimeout);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    const pages = screen.getByRole('navigation', { name: 'Transaction pages' });
    expect(within(pages).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Page 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('table')).toHaveTextContent('Order 2026-000011'), routeTimeout);
    expect(within(pages).getByText('11–20 of 23')).toBeInTheDocument();
    expect(server().requestsTo('GET', '/api/transactions').map((request) => request.query.get('page'))).toEqual(['1', '2']);

    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Page 3 of 3')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says when there are no payments yet', async () => {
    await openPayments([], []);
    expect(await screen.findByText('No payments yet. Your purchases will be listed here.', undefined, routeTimeout)).toBeInTheDocument();
    expect(screen.getByText(/You have no saved cards yet/)).toBeInTheDocument();
  });
});
