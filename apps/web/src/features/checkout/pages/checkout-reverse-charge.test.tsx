import type { Basket } from '@app/contract/basket';
import { digitalContentConsent } from '@app/contract/checkout';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { basketFixture, big5Report } from '../../../../test/basket-fixture.ts';
import { orderFixture, paidAnswer, testProviderConfig } from '../../../../test/checkout-fixture.ts';
import type { RecordedRequest } from '../../../../test/local-api-server.ts';
import { clearQueryCache } from '../../../../test/query-cache.ts';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';
import { billingDraft } from '../lib/billing-draft';
import { vatNumberPauseMs } from '../lib/use-vat-number-for-pricing';

// Issue 5: a business buyer sees the reverse charge in the order summary before paying. The page
// prices the basket with the VAT number (GET /api/cart?country=&vat_number=) once the number is
// complete, and shows what the server answers; a local server plays the shop's API.

const server = setUpRouteTests();
const verifiedNumber = 'FR12345678901';

/** The BIG5 report (49.00 net) for a consumer in Germany (19 %) or France (20 %), or reverse-charged. */
const germanBasket = basketFixture([big5Report]);
const frenchBasket = basketFixture([big5Report], { vatBasisPoints: 2000 });
const reverseChargedBasket: Basket = { ...basketFixture([big5Report], { vatBasisPoints: 0 }), summary: { ...basketFixture([big5Report], { vatBasisPoints: 0 }).summary, reverse_charge: true } };
const order = orderFixture(reverseChargedBasket, { reverse_charge: true });

beforeEach(() => {
  sessionStorage.clear();
  clearQueryCache();
  billingDraft.forget();
});

function priceFor(request: RecordedRequest): Basket {
  const country = request.query.get('country');
  const vatNumber = request.query.get('vat_number');
  if (country !== 'FR') return germanBasket;
  if (vatNumber === null) return frenchBasket;
  return vatNumber === verifiedNumber ? reverseChargedBasket : { ...frenchBasket, summary: { ...frenchBasket.summary, reverse_charge: false } };
}

async function openCheckout() {
  seedSession(server(), completeUser);
  server().on('GET', '/api/cart', (request) => ({ status: 200, body: { data: priceFor(request) } }));
  server().on('GET', '/api/payments/config', () => ({ status: 200, body: testProviderConfig }));
  server().on('GET', '/api/payment-methods', () => ({ status: 200, body: { data: [] } }));
  server().on('GET', `/api/orders/${order.id}`, () => ({ status: 200, body: { data: order } }));
  server().on('POST', '/api/checkout', () => ({ status: 200, body: paidAnswer(order) }));
  renderRoute('/checkout/payment');
  await screen.findByRole('heading', { name: 'Checkout', level: 1 }, routeTimeout);
  await screen.findByRole('button', { name: /^Pay / }, routeTimeout);
  await userEvent.type(screen.getByLabelText('Address'), '1 rue de Rivoli');
  await userEvent.type(screen.getByLabelText('City'), 'Paris');
  await userEvent.type(screen.getByLabelText('ZIP/postal code'), '75001');
  await userEvent.selectOptions(screen.getByLabelText('Country'), 'FR');
  await waitFor(() => expect(payButton()).toHaveTextContent('Pay €58.80'), routeTimeout);
}

const payButton = () => screen.getByRole('button', { name: /^Pay €/ });
const vatNumberField = () => screen.getByLabelText(/^VAT number/);
const summary = () => screen.getByRole('region', { name: 'Order summary' });
const pricedWithVatNumber = () => server().requestsTo('GET', '/api/cart').filter((request) => request.query.has('vat_number'));
const pause = () => new Promise((resolve) => setTimeout(resolve, vatNumberPauseMs + 200));

describe('checkout: the reverse charge before payment', () => {
  it('shows VAT reverse-charged at 0 once a verified VAT number is entered, and pays that total', async () => {
    await openCheckout();
    await userEvent.type(vatNumberField(), 'fr 123 456 789 01');
    await userEvent.tab();

    await waitFor(() => expect(within(summary()).getByText('VAT (reverse charge)')).toBeInTheDocument(), routeTimeout);
    expect(within(summary()).getByText('VAT (reverse charge)').closest('div')).toHaveTextContent('VAT (reverse charge)€0.00');
    expect(within(summary()).getByText(/^VAT is reverse-charged/)).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Pay €49.00');
    expect(pricedWithVatNumber().map((request) => [request.query.get('country'), request.query.get('vat_number')])).toEqual([['FR', verifiedNumber]]);

    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.type(screen.getByLabelText('Expiry date'), '1234');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await waitFor(() => expect(payButton()).toBeEnabled(), routeTimeout);
    await userEvent.click(screen.getByRole('checkbox', { name: digitalContentConsent.wording }));
    await userEvent.click(payButton());
    await screen.findByRole('heading', { name: 'Thank you for your order', level: 1 }, routeTimeout);
    expect(server().requestsTo('POST', '/api/checkout')[0]?.body).toMatchObject({ billing: { country: 'FR', vat_number: verifiedNumber }, expected_total: 4900 });
  });

  it('asks once the buyer pauses typing, not per keystroke, and not for a number that cannot be the billing country’s', async () => {
    await openCheckout();
    // Too short to be a VAT number, then another country's prefix: nothing to ask about.
    await userEvent.type(vatNumberField(), 'F');
    await userEvent.tab();
    await userEvent.clear(vatNumberField());
    await userEvent.type(vatNumberField(), 'DE123456789');
    await pause();
    expect(pricedWithVatNumber()).toHaveLength(0);

    await userEvent.clear(vatNumberField());
    await userEvent.type(vatNumberField(), verifiedNumber);
    await waitFor(() => expect(within(summary()).getByText('VAT (reverse charge)')).toBeInTheDocument(), routeTimeout);
    expect(pricedWithVatNumber().map((request) => request.query.get('vat_number'))).toEqual([verifiedNumber]);
  });

  it('keeps the VAT of the billing country when the server does not verify the number', async () => {
    await openCheckout();
    await userEvent.type(vatNumberField(), 'FR99999999999');
    await userEvent.tab();

    await waitFor(() => expect(pricedWithVatNumber()).toHaveLength(1), routeTimeout);
    await waitFor(() => expect(payButton()).toBeEnabled(), routeTimeout);
    expect(within(summary()).getByText('VAT (20%)').closest('div')).toHaveTextContent('VAT (20%)€9.80');
    expect(within(summary()).queryByText('VAT (reverse charge)')).toBeNull();
    expect(payButton()).toHaveTextContent('Pay €58.80');
  });

  it('goes back to the VAT of the billing country when the number is removed', async () => {
    await openCheckout();
    await userEvent.type(vatNumberField(), verifiedNumber);
    await userEvent.tab();
    await waitFor(() => expect(payButton()).toHaveTextContent('Pay €49.00'), routeTimeout);

    await userEvent.clear(vatNumberField());
    await waitFor(() => expect(payButton()).toHaveTextContent('Pay €58.80'), routeTimeout);
    expect(within(summary()).getByText('VAT (20%)')).toBeInTheDocument();
  });
});
