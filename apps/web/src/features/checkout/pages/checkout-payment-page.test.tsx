import type { BillingDetails } from '@app/contract/billing-details';
import { digitalContentConsent } from '@app/contract/checkout';
import { paymentMessages } from '@app/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { basketFixture, big5Report, valuesReport } from '../../../../test/basket-fixture.ts';
import {
  failedAnswer,
  orderFixture,
  paidAnswer,
  requiresActionAnswer,
  savedCard,
  testProviderConfig,
} from '../../../../test/checkout-fixture.ts';
import type { Handler } from '../../../../test/local-api-server.ts';
import { clearQueryCache } from '../../../../test/query-cache.ts';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';
import texts from '@/locales/checkout/en.json';
import { billingDraft } from '../lib/billing-draft';
import { consentChoice } from '../lib/consent-choice';

// checkout.payment, checkout.completed and checkout.failed through the real route table, against
// a real local HTTP server scripted with the checkout calls of issue 5's contract.

const server = setUpRouteTests();
const basket = basketFixture([big5Report, valuesReport]);
const order = orderFixture(basket);

beforeEach(() => {
  sessionStorage.clear();
  // The consent's tick and the typed billing details outlive a rendered route (a declined card's
  // 'Try again' keeps them).
  consentChoice.forget();
  billingDraft.forget();
  // The app's one query cache outlives a rendered route: each test starts from the server.
  clearQueryCache();
});

function serveCheckout(options: { methods?: ReturnType<typeof savedCard>[]; checkout?: Handler; cart?: Handler } = {}) {
  seedSession(server(), completeUser);
  server().on('GET', '/api/cart', options.cart ?? (() => ({ status: 200, body: { data: basket } })));
  server().on('GET', '/api/payments/config', () => ({ status: 200, body: testProviderConfig }));
  server().on('GET', '/api/payment-methods', () => ({ status: 200, body: { data: options.methods ?? [] } }));
  server().on('GET', `/api/orders/${order.id}`, () => ({ status: 200, body: { data: order } }));
  if (options.checkout) server().on('POST', '/api/checkout', options.checkout);
}

async function openCheckout(options: Parameters<typeof serveCheckout>[0] = {}) {
  serveCheckout(options);
  const view = renderRoute('/checkout/payment');
  await screen.findByRole('heading', { name: 'Checkout', level: 1 }, routeTimeout);
  // The form draws its card and Pay button a frame after the billing details.
  await screen.findByRole('button', { name: /^Pay / }, routeTimeout);
  return view;
}

async function fillBilling(country = 'GB') {
  await userEvent.type(screen.getByLabelText('Address'), '12 St James’s Square');
  await userEvent.type(screen.getByLabelText('City'), 'London');
  await userEvent.type(screen.getByLabelText('ZIP/postal code'), 'SW1Y 4JH');
  await userEvent.selectOptions(screen.getByLabelText('Country'), country);
  // The summary is priced for the chosen country before Pay accepts a click (issue 5).
  await waitFor(() => expect(payButton()).toBeEnabled(), routeTimeout);
}

async function fillCard(number: string, expiry = '1234', cvc = '123') {
  await userEvent.type(screen.getByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry date'), expiry);
  await userEvent.type(screen.getByLabelText('CVC'), cvc);
}

const payButton = () => screen.getByRole('button', { name: /^Pay €/ });
/** Issue 11: the required box beside Pay, labelled with the contract's wording. */
const consentBox = () => screen.getByRole('checkbox', { name: digitalContentConsent.wording });
const tickConsent = () => userEvent.click(consentBox());
const checkoutBodies = () => server().requestsTo('POST', '/api/checkout').map((request) => request.body as Record<string, unknown>);

describe('checkout payment page', () => {
  it('shows the trail Basket › Checkout, the order summary, the test-mode badge and the test cards', async () => {
    await openCheckout();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Basket' })).toHaveAttribute('href', '/checkout/basket');
    expect(within(crumbs).getByText('Checkout')).toHaveAttribute('aria-current', 'page');

    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('BIG5 personality report')).toBeInTheDocument();
    expect(within(summary).getByText('2 items')).toBeInTheDocument();
    expect(within(summary).getByText('VAT (19%)')).toBeInTheDocument();
    expect(within(summary).getByText('€92.82')).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Pay €92.82');

    const testMode = screen.getByRole('region', { name: 'Test mode: no real payment is made' });
    expect(within(testMode).getByText('Test mode')).toBeInTheDocument();
    expect(within(testMode).getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(within(testMode).getByText('4000 0000 0000 0002')).toBeInTheDocument();
    // The billing form opens with the account's name and e-mail.
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last name')).toHaveValue('Lovelace');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it("says 'Field is required' and 'Must be a valid email' (spec 5) and the card's rules, and sends nothing", async () => {
    await openCheckout();
    await userEvent.clear(screen.getByLabelText('First name'));
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@');
    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4241');
    await userEvent.type(screen.getByLabelText('Expiry date'), '0120');
    await userEvent.click(payButton());

    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Field is required'), routeTimeout);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Must be a valid email');
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription('Field is required');
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('Field is required');
    expect(screen.getByLabelText('ZIP/postal code')).toHaveAccessibleDescription('Field is required');
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription('Your card number is not valid.');
    expect(screen.getByLabelText('Expiry date')).toHaveAccessibleDescription('Your card has expired.');
    expect(screen.getByLabelText('CVC')).toHaveAccessibleDescription('Field is required');
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveFocus());
    expect(checkoutBodies()).toHaveLength(0);
  });

  it('formats the card number in groups of four and the expiry as MM / YY while typing', async () => {
    await openCheckout();
    await fillCard('4242424242424242', '1234', '1234');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry date')).toHaveValue('12 / 34');
    expect(screen.getByLabelText('CVC')).toHaveValue('1234');
    expect(screen.getByText('Visa')).toBeInTheDocument();
  });

  it('pays with 4242, then shows the thank-you page with the order number, lines, totals and links', async () => {
    await openCheckout({ checkout: () => ({ status: 200, body: paidAnswer(order) }) });
    await fillBilling();
    await fillCard('4242 4242 4242 4242');
    await userEvent.click(screen.getByLabelText('Save this card for future payments'));
    await tickConsent();
    await userEvent.click(payButton());

    expect(await screen.findByRole('heading', { name: 'Thank you for your order', level: 1 }, routeTimeout)).toBeInTheDocument();
    const [body] = checkoutBodies();
    expect(body).toMatchObject({
      billing: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', address: '12 St James’s Square', city: 'London', postal_code: 'SW1Y 4JH', country: 'GB' },
      payment: { method: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' }, save_card: true },
      expected_total: basket.summary.total,
      digital_content_consent: true,
    });
    expect(body?.idempotency_key).toMatch(/^[A-Za-z0-9_-]{8,}$/);

    expect(screen.getByText('2026-000042')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Top 10 values report')).toBeInTheDocument();
    expect(within(summary).getByText('€92.82')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my reports' })).toHaveAttribute('href', '/reports');
    expect(screen.getByRole('button', { name: 'Download invoice (PDF)' })).toBeEnabled();
    expect(screen.getByText(/Nov 21, 2026, \d\d:\d\d/)).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/payments');
  });

  it("shows 'Payment failed' with its retry message and the reason when the card is declined; retry goes back", async () => {
    const cart = server();
    await openCheckout({ checkout: () => ({ status: 200, body: failedAnswer(order) }) });
    await fillBilling();
    await fillCard('4000 0000 0000 0002');
    await tickConsent();
    await userEvent.click(payButton());

    expect(await screen.findByRole('heading', { name: 'Payment failed', level: 1 }, routeTimeout)).toBeInTheDocument();
    expect(screen.getByText(texts.checkout.messages.paymentFailedRetry)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByText('Your basket is unchanged, so you can try again right away.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Checkout', level: 1 }, routeTimeout)).toBeInTheDocument();
    await screen.findByRole('button', { name: /^Pay / }, routeTimeout);
    // The basket was not emptied: the checkout shows it again.
    expect(within(screen.getByRole('region', { name: 'Order summary' })).getByText('BIG5 personality report')).toBeInTheDocument();
    expect(cart.requestsTo('DELETE', '/api/cart')).toHaveLength(0);
  });

  it('asks for the extra confirmation (4000 0025 0000 3155) and pays once it is approved', async () => {
    server().on('POST', `/api/orders/${order.id}/confirm`, () => ({ status: 200, body: paidAnswer(order) }));
    await openCheckout({ checkout: () => ({ status: 200, body: requiresActionAnswer(order, 'confirm-77') }) });
    await fillBilling();
    await fillCard('4000 0025 0000 3155');
    await tickConsent();
    await userEvent.click(payButton());

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' }, routeTimeout);
    expect(within(dialog).getByText('Your card issuer asks you to confirm the payment of €92.82.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));

    expect(await screen.findByRole('heading', { name: 'Thank you for your order', level: 1 }, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('POST', `/api/orders/${order.id}/confirm`).map((request) => request.body)).toEqual([
      { confirmation_id: 'confirm-77', outcome: 'complete' },
    ]);
  });

  it('goes to the failed page when the extra confirmation fails', async () => {
    server().on('POST', `/api/orders/${order.id}/confirm`, () => ({
      status: 200,
      body: failedAnswer(order, 'The extra confirmation of this payment was not completed.'),
    }));
    await openCheckout({ checkout: () => ({ status: 200, body: requiresActionAnswer(order) }) });
    await fillBilling();
    await fillCard('4000 0025 0000 3155');
    await tickConsent();
    await userEvent.click(payButton());
    await userEvent.click(await screen.findByRole('button', { name: 'Fail the confirmation' }, routeTimeout));

    expect(await screen.findByRole('heading', { name: 'Payment failed', level: 1 }, routeTimeout)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The extra confirmation of this payment was not completed.');
    expect(server().requestsTo('POST', `/api/orders/${order.id}/confirm`)[0]?.body).toEqual({ confirmation_id: 'confirm-1', outcome: 'fail' });
  });

  it('sends the same idempotency key again after an unknown outcome, so a retry never pays twice', async () => {
    let calls = 0;
    await openCheckout({
      checkout: () => {
        calls += 1;
        return calls === 1
          ? { status: 502, body: { message: 'unavailable', code: 'payment_provider_unavailable' } }
          : { status: 200, body: paidAnswer(order) };
      },
    });
    await fillBilling();
    await fillCard('4242 4242 4242 4242');
    await tickConsent();
    await userEvent.click(payButton());
    expect(await screen.findByText(/The payment service cannot be reached right now/, undefined, routeTimeout)).toBeInTheDocument();

    await userEvent.click(payButton());
    expect(await screen.findByRole('heading', { name: 'Thank you for your order', level: 1 }, routeTimeout)).toBeInTheDocument();
    const [first, second] = checkoutBodies();
    expect(second?.idempotency_key).toBe(first?.idempotency_key);
  });

  it('starts a new attempt (a new key) after a definite decline', async () => {
    await openCheckout({ checkout: () => ({ status: 200, body: failedAnswer(order) }) });
    await fillBilling();
    await fillCard('4000 0000 0000 0002');
    await tickConsent();
    await userEvent.click(payButton());
    await screen.findByRole('heading', { name: 'Payment failed', level: 1 }, routeTimeout);
    await userEvent.click(screen.getByRole('link', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Checkout', level: 1 }, routeTimeout);
    await screen.findByRole('button', { name: /^Pay / }, routeTimeout);
    await fillBilling();
    await fillCard('4242 4242 4242 4242');
    // The buyer's tick is kept across 'Try again': not asked twice for the same purchase.
    expect(consentBox()).toBeChecked();
    await userEvent.click(payButton());
    await waitFor(() => expect(checkoutBodies()).toHaveLength(2), routeTimeout);
    const [first, second] = checkoutBodies();
    expect(second?.idempotency_key).not.toBe(first?.idempotency_key);
    expect(second?.digital_content_consent).toBe(true);
  });

  it('sends one payment for a double click', async () => {
    await openCheckout({ checkout: () => ({ status: 200, body: paidAnswer(order), delayMs: 300 }) });
    await fillBilling();
    await fillCard('4242 4242 4242 4242');
    await tickConsent();
    await userEvent.dblClick(payButton());
    expect(await screen.findByRole('heading', { name: 'Thank you for your order', level: 1 }, routeTimeout)).toBeInTheDocument();
    expect(checkoutBodies()).toHaveLength(1);
  });

  it("says 'You missed identifying yourself, click here to try again!' without the e-mail, and the link goes to the field", async () => {
    await openCheckout();
    await userEvent.clear(screen.getByLabelText('Email'));
    await fillBilling();
    await fillCard('4242 4242 4242 4242');
    await userEvent.click(payButton());

    const link = await screen.findByRole('button', { name: paymentMessages.identityMissing });
    expect(link).toHaveTextContent('You missed identifying yourself, click here to try again!');
    await userEvent.click(link);
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(checkoutBodies()).toHaveLength(0);
  });

  it('shows the identity message when the server refuses a payment without the billing e-mail', async () => {
    await openCheckout({ checkout: () => ({ status: 400, body: { message: paymentMessages.identityMissing } }) });
    await fillBilling();
    await fillCard('4242 4242 4242 4242');
    await tickConsent();
    await userEvent.click(payButton());
    await userEvent.click(await screen.findByRole('button', { name: 'You missed identifying yourself, click here to try again!' }, routeTimeout));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
  });

  it('shows the identity message when the server says the buyer is unknown, and then re-opens the login', async () => {
    await openCheckout({ checkout: () => ({ status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } }) });
    server().on('POST', '/api/auth/refresh-token', () => ({ status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } }));
    await fillBilling();
    await fillCard('4242 4242 4242 4242');
    await tickConsent();
    await userEvent.click(payButton());

    const link = await screen.findByRole('button', { name: 'You missed identifying yourself, click here to try again!' }, routeTimeout);
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout)).toBeInTheDocument();
  });

  it('pays with the default saved card without asking for a card', async () => {
    await openCheckout({ methods: [savedCard()], checkout: () => ({ status: 200, body: paidAnswer(order) }) });
    expect(screen.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await fillBilling();
    await tickConsent();
    await userEvent.click(payButton());
    await screen.findByRole('heading', { name: 'Thank you for your order', level: 1 }, routeTimeout);
    expect(checkoutBodies()[0]?.payment).toEqual({ method: 'saved', payment_method_id: savedCard().id });
  });

  it('puts the server’s field errors under their fields', async () => {
    await openCheckout({
      checkout: () => ({
        status: 422,
        body: { message: 'The provided data is invalid. Please check your input and try again.', errors: { 'billing.vat_number': ['Enter a VAT number such as DE123456789'] } },
      }),
    });
    await fillBilling();
    await userEvent.type(screen.getByLabelText('VAT number (optional)'), 'DE123456789');
    await fillCard('4242 4242 4242 4242');
    await tickConsent();
    await userEvent.click(payButton());
    await waitFor(() => expect(screen.getByLabelText('VAT number (optional)')).toHaveAccessibleDescription(/Enter a VAT number such as DE123456789/), routeTimeout);
  });

  it('asks for the digital-content consent beside Pay: unticked, Pay says why on the box and sends nothing', async () => {
    await openCheckout({ checkout: () => ({ status: 200, body: paidAnswer(order) }) });
    // Never ticked for the buyer.
    expect(consentBox()).not.toBeChecked();
    expect(screen.getByText(digitalContentConsent.wording)).toBeInTheDocument();
    await fillBilling();
    await fillCard('4242 4242 4242 4242');
    await userEvent.click(payButton());

    await waitFor(() => expect(consentBox()).toHaveAccessibleDescription(digitalContentConsent.required), routeTimeout);
    expect(consentBox()).toBeInvalid();
    await waitFor(() => expect(consentBox()).toHaveFocus());
    expect(checkoutBodies()).toHaveLength(0);

    await tickConsent();
    await waitFor(() => expect(consentBox()).not.toHaveAccessibleDescription(digitalContentConsent.required), routeTimeout);
    await userEvent.click(payButton());
    await screen.findByRole('heading', { name: 'Thank you for your order', level: 1 }, routeTimeout);
    expect(checkoutBodies().map((body) => body.digital_content_consent)).toEqual([true]);
  });

  it('puts the server’s 422 on the consent under the box', async () => {
    await openCheckout({
      checkout: () => ({
        status: 422,
        body: { message: 'The provided data is invalid. Please check your input and try again.', errors: { digital_content_consent: [digitalContentConsent.required] } },
      }),
    });
    await fillBilling();
    await fillCard('4242 4242 4242 4242');
    await tickConsent();
    await userEvent.click(payButton());
    await waitFor(() => expect(consentBox()).toHaveAccessibleDescription(digitalContentConsent.required), routeTimeout);
    await waitFor(() => expect(consentBox()).toHaveFocus());
  });

  it('sends an empty basket to the basket page', async () => {
    serveCheckout();
    server().on('GET', '/api/cart', () => ({ status: 204 }));
    const { router } = renderRoute('/checkout/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/basket'), routeTimeout);
  });
});

describe('checkout priced for the billing country (issue 5)', () => {
  // The server prices the order with the billing country's VAT (0 % outside the EU) and refuses an
  // expected_total that differs, so the page shows and sends GET /api/cart?country=<country>.
  const vatByCountry: Record<string, number> = { DE: 1900, FR: 2000, US: 0, GB: 0 };
  const pricedFor = (country: string | null) =>
    basketFixture([big5Report, valuesReport], {
      vatBasisPoints: vatByCountry[country ?? 'DE'] ?? 0,
      vatCountry: country === null ? { code: 'DE', source: 'shop' } : { code: country, source: 'requested' },
    });
  const cartCountries = () => server().requestsTo('GET', '/api/cart').map((request) => request.query.get('country'));

  /** GET /api/cart priced by its `country` query, optionally held back per country. */
  function pricedCart(delay: (country: string | null) => Promise<void> = () => Promise.resolve()): Handler {
    return async (request) => {
      const country = request.query.get('country');
      await delay(country);
      return { status: 200, body: { data: pricedFor(country) } };
    };
  }

  it('prices the summary and the Pay amount for the country chosen, and sends that total as expected_total', async () => {
    await openCheckout({ checkout: () => ({ status: 200, body: paidAnswer(order) }), cart: pricedCart() });
    const summary = screen.getByRole('region', { name: 'Order summary' });
    // Issue 16: the form opens with the country the basket was priced for (here the shop's own,
    // nothing else being known), so the checkout shows the basket's total.
    expect(screen.getByLabelText('Country')).toHaveValue('DE');
    await waitFor(() => expect(within(summary).getByText('VAT (19%)')).toBeInTheDocument(), routeTimeout);
    await waitFor(() => expect(payButton()).toHaveTextContent('Pay €92.82'), routeTimeout);
    expect(cartCountries()).toContain('DE');

    await fillBilling('FR');
    // 49.00 + 29.00 = 78.00 net, + 20 % (15.60) = 93.60.
    expect(within(summary).getByText('VAT (20%)')).toBeInTheDocument();
    expect(within(summary).getByText('€15.60')).toBeInTheDocument();
    expect(within(summary).getByText('€93.60')).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Pay €93.60');
    expect(cartCountries()).toContain('FR');

    await fillCard('4242 4242 4242 4242');
    await tickConsent();
    await userEvent.click(payButton());
    await screen.findByRole('heading', { name: 'Thank you for your order', level: 1 }, routeTimeout);
    expect(checkoutBodies()).toHaveLength(1);
    expect(checkoutBodies()[0]).toMatchObject({ billing: { country: 'FR' }, expected_total: 9360 });
  });

  it('keeps the previous summary but disables Pay while the new country’s price loads', async () => {
    let releaseFrance: () => void = () => undefined;
    const franceGate = new Promise<void>((resolve) => (releaseFrance = resolve));
    await openCheckout({ checkout: () => ({ status: 200, body: paidAnswer(order) }), cart: pricedCart((country) => (country === 'FR' ? franceGate : Promise.resolve())) });
    await waitFor(() => expect(payButton()).toHaveTextContent('Pay €92.82'), routeTimeout);
    await waitFor(() => expect(payButton()).toBeEnabled(), routeTimeout);

    await userEvent.selectOptions(screen.getByLabelText('Country'), 'FR');
    expect(await screen.findByText('Updating the prices for France…', undefined, routeTimeout)).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    expect(payButton()).toHaveTextContent('Pay €92.82');
    expect(within(screen.getByRole('region', { name: 'Order summary' })).getByText('VAT (19%)')).toBeInTheDocument();
    await userEvent.click(payButton());
    expect(checkoutBodies()).toHaveLength(0);

    releaseFrance();
    await waitFor(() => expect(payButton()).toHaveTextContent('Pay €93.60'), routeTimeout);
    expect(payButton()).toBeEnabled();
    expect(screen.queryByText('Updating the prices for France…')).toBeNull();
  });

  it('says the prices could not be loaded for the country, and tries again on request', async () => {
    let failing = true;
    await openCheckout({
      cart: (request) =>
        request.query.get('country') === 'FR' && failing
          ? { status: 503, body: { message: 'unavailable', code: 'service_unavailable' } }
          : { status: 200, body: { data: pricedFor(request.query.get('country')) } },
    });
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'FR');
    expect(await screen.findByText('The prices for France could not be loaded.', undefined, routeTimeout)).toBeInTheDocument();
    expect(payButton()).toBeDisabled();

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(payButton()).toHaveTextContent('Pay €93.60'), routeTimeout);
    expect(payButton()).toBeEnabled();
  });

  it('shows the server’s message after 409 basket_changed, prices again, and the next Pay sends the new total', async () => {
    let raised = false;
    let attempts = 0;
    const raisedBig5 = { ...big5Report, unit_price: 5900, total_price: 5900 };
    await openCheckout({
      cart: (request) => {
        const vatBasisPoints = vatByCountry[request.query.get('country') ?? 'DE'] ?? 0;
        return {
          status: 200,
          body: {
            data: raised
              ? basketFixture([raisedBig5, valuesReport], { vatBasisPoints, notices: ['The price of BIG5 personality report changed from €49.00 to €59.00.'] })
              : basketFixture([big5Report, valuesReport], { vatBasisPoints }),
          },
        };
      },
      checkout: () => {
        attempts += 1;
        if (attempts === 1) {
          // A price went up between the summary and the click: the server refuses, charging nothing.
          raised = true;
          return { status: 409, body: { code: 'basket_changed', message: 'The prices in your basket have changed. Please review the new total before paying.' } };
        }
        return { status: 200, body: paidAnswer(order) };
      },
    });
    await fillBilling('FR');
    await fillCard('4242 4242 4242 4242');
    expect(payButton()).toHaveTextContent('Pay €93.60');
    await tickConsent();
    await userEvent.click(payButton());

    expect(await screen.findByText('The prices in your basket have changed. Please review the new total before paying.', undefined, routeTimeout)).toBeInTheDocument();
    // 59.00 + 29.00 = 88.00 net, + 20 % (17.60) = 105.60.
    await waitFor(() => expect(payButton()).toHaveTextContent('Pay €105.60'), routeTimeout);
    await waitFor(() => expect(payButton()).toBeEnabled(), routeTimeout);
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('€105.60')).toBeInTheDocument();
    expect(screen.getByText('The price of BIG5 personality report changed from €49.00 to €59.00.')).toBeInTheDocument();

    await userEvent.click(payButton());
    await screen.findByRole('heading', { name: 'Thank you for your order', level: 1 }, routeTimeout);
    expect(checkoutBodies().map((body) => body.expected_total)).toEqual([9360, 10560]);
    expect(checkoutBodies()[1]?.idempotency_key).not.toBe(checkoutBodies()[0]?.idempotency_key);
  });
});

describe('order pages', () => {
  it('loads the thank-you page from the address alone (a reload)', async () => {
    serveCheckout();
    renderRoute(`/checkout/completed?order=${order.id}`);
    expect(await screen.findByRole('heading', { name: 'Thank you for your order', level: 1 }, routeTimeout)).toBeInTheDocument();
    expect(screen.getByText('2026-000042')).toBeInTheDocument();
    expect(screen.getByText('BIG5 personality report', { selector: 'span' })).toBeInTheDocument();
  });

  it('says so when the order does not exist', async () => {
    serveCheckout();
    server().on('GET', `/api/orders/${order.id}`, () => ({ status: 404, body: { message: 'Not found.', code: 'not_found' } }));
    renderRoute(`/checkout/completed?order=${order.id}`);
    expect(await screen.findByText('We could not find this order.', undefined, routeTimeout)).toBeInTheDocument();
  });

  it('the failed page carries the spec’s texts and links back to the checkout and the basket', async () => {
    serveCheckout();
    renderRoute('/checkout/failed');
    expect(await screen.findByRole('heading', { name: 'Payment failed', level: 1 }, routeTimeout)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/checkout/payment');
    expect(screen.getByRole('link', { name: 'Back to basket' })).toHaveAttribute('href', '/checkout/basket');
  });

  it('spells the payment messages as the contract (spec 8) does', () => {
    expect(texts.checkout.messages).toEqual({
      paymentFailed: paymentMessages.paymentFailed,
      paymentFailedRetry: paymentMessages.paymentFailedRetry,
      identityMissing: paymentMessages.identityMissing,
    });
  });
});

// Issue 16: one total from basket to payment, and billing details that are remembered.
describe('checkout: the basket’s country and remembered billing details (issue 16)', () => {
  const french = basketFixture([big5Report, valuesReport], { vatBasisPoints: 2000, vatCountry: { code: 'FR', source: 'birth_details' } });
  const lisbon: BillingDetails = {
    name: 'Ada King Lovelace',
    billing_email: 'invoices@example.com',
    address_line_1: 'Rua Augusta 10',
    address_line_2: '3º esquerdo',
    city: 'Lisboa',
    postal_code: '1100-053',
    country: 'PT',
    county: null,
    updated_at: '2026-11-20T10:00:00.000Z',
  };
  const serveSaved = (details: BillingDetails | null) => server().on('GET', '/api/user/billing-details', () => ({ status: 200, body: { data: details } }));

  it('opens with the country the basket was priced for (born in France) and shows the basket’s total', async () => {
    await openCheckout({ cart: () => ({ status: 200, body: { data: french } }) });

    expect(screen.getByLabelText('Country')).toHaveValue('FR');
    // 78.00 + 20 % = 93.60, as on the basket page.
    await waitFor(() => expect(payButton()).toHaveTextContent('Pay €93.60'), routeTimeout);
    await waitFor(() => expect(payButton()).toBeEnabled(), routeTimeout);
    expect(server().requestsTo('GET', '/api/cart').map((request) => request.query.get('country'))).toContain('FR');
  });

  it('opens with the saved billing details, "Remember" ticked, and sends it with the order', async () => {
    serveSaved(lisbon);
    const portuguese = basketFixture([big5Report, valuesReport], { vatBasisPoints: 2300, vatCountry: { code: 'PT', source: 'billing_details' } });
    await openCheckout({ cart: () => ({ status: 200, body: { data: portuguese } }), checkout: () => ({ status: 200, body: paidAnswer(order) }) });

    expect(screen.getByLabelText('First name')).toHaveValue('Ada King');
    expect(screen.getByLabelText('Last name')).toHaveValue('Lovelace');
    expect(screen.getByLabelText('Email')).toHaveValue('invoices@example.com');
    expect(screen.getByLabelText('Address')).toHaveValue('Rua Augusta 10, 3º esquerdo');
    expect(screen.getByLabelText('City')).toHaveValue('Lisboa');
    expect(screen.getByLabelText('ZIP/postal code')).toHaveValue('1100-053');
    expect(screen.getByLabelText('Country')).toHaveValue('PT');
    const remember = screen.getByRole('checkbox', { name: 'Remember these billing details for my next purchase' });
    expect(remember).toBeChecked();
    expect(screen.getByRole('link', { name: 'Settings › Billing' })).toHaveAttribute('href', '/settings/billing');

    await waitFor(() => expect(payButton()).toBeEnabled(), routeTimeout);
    await fillCard('4242 4242 4242 4242');
    await tickConsent();
    await userEvent.click(payButton());
    await screen.findByRole('heading', { name: 'Thank you for your order', level: 1 }, routeTimeout);
    expect(checkoutBodies()[0]).toMatchObject({
      billing: { first_name: 'Ada King', last_name: 'Lovelace', email: 'invoices@example.com', address: 'Rua Augusta 10, 3º esquerdo', city: 'Lisboa', postal_code: '1100-053', country: 'PT' },
      remember_billing_details: true,
    });
  });

  it('sends "Remember" unticked when the buyer unticks it', async () => {
    await openCheckout({ checkout: () => ({ status: 200, body: paidAnswer(order) }) });
    await fillBilling();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember these billing details for my next purchase' }));
    await fillCard('4242 4242 4242 4242');
    await tickConsent();
    await userEvent.click(payButton());
    await screen.findByRole('heading', { name: 'Thank you for your order', level: 1 }, routeTimeout);
    expect(checkoutBodies()[0]).toMatchObject({ remember_billing_details: false });
  });

  it('keeps the billing details as typed across a declined card’s Try again', async () => {
    await openCheckout({ checkout: () => ({ status: 200, body: failedAnswer(order) }) });
    await fillBilling();
    await userEvent.type(screen.getByLabelText('State/province (optional)'), 'Greater London');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember these billing details for my next purchase' }));
    await fillCard('4000 0000 0000 0002');
    await tickConsent();
    await userEvent.click(payButton());
    await screen.findByRole('heading', { name: 'Payment failed', level: 1 }, routeTimeout);

    await userEvent.click(screen.getByRole('link', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Checkout', level: 1 }, routeTimeout);
    await screen.findByRole('button', { name: /^Pay / }, routeTimeout);

    expect(screen.getByLabelText('Address')).toHaveValue('12 St James’s Square');
    expect(screen.getByLabelText('City')).toHaveValue('London');
    expect(screen.getByLabelText('ZIP/postal code')).toHaveValue('SW1Y 4JH');
    expect(screen.getByLabelText('State/province (optional)')).toHaveValue('Greater London');
    expect(screen.getByLabelText('Country')).toHaveValue('GB');
    expect(screen.getByRole('checkbox', { name: 'Remember these billing details for my next purchase' })).not.toBeChecked();
    // The card is typed again: it is never kept.
    expect(screen.getByLabelText('Card number')).toHaveValue('');
  });
});
