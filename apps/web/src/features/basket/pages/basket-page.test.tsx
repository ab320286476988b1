import type { Product } from '@app/contract/basket';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { basketFixture, big5Report, completeBundle, ownedPartly, teamService, valuesReport, welcomeCoupon, withQuantity } from '../../../../test/basket-fixture.ts';
import type { Reply } from '../../../../test/local-api-server.ts';
import { refetchQueries } from '../../../../test/query-cache.ts';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';

// The Basket page (route checkout.basket) and the basket's toasts, through the real route table
// against a real local HTTP server that answers the cart calls of spec section 7.

const server = setUpRouteTests();

type BasketAnswer = ReturnType<typeof basketFixture> | null;
const answer = (basket: BasketAnswer): Reply => (basket === null ? { status: 204 } : { status: 200, body: { data: basket } });

function serveBasket(basket: BasketAnswer) {
  server().on('GET', '/api/cart', () => answer(basket));
}

async function openBasket(basket: BasketAnswer) {
  seedSession(server(), completeUser);
  serveBasket(basket);
  const view = renderRoute('/checkout/basket');
  await screen.findByRole('heading', { name: 'Basket', level: 1 }, routeTimeout);
  return view;
}

const itemRow = (title: string) => screen.getByRole('listitem', { name: title });
const summary = () => screen.getByRole('region', { name: 'Order summary' });
const summaryValue = (label: string) => within(summary()).getByText(label).nextElementSibling?.textContent;
const toastText = (text: string | RegExp) => screen.findByText(text, undefined, routeTimeout);
// A plain click: user-event's pointer events reach sonner's swipe handler, which calls
// setPointerCapture, a method jsdom does not have.
const clickToastAction = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('basket page: contents', () => {
  it('lists each item with its title, summary, per-unit price with minimum, quantity and line total', async () => {
    await openBasket(basketFixture([big5Report, withQuantity(teamService, 6)]));

    const report = await screen.findByRole('listitem', { name: 'BIG5 personality report' }, routeTimeout);
    expect(within(report).getByText(big5Report.product_summary)).toBeInTheDocument();
    expect(within(report).getByText('€49.00 per unit')).toBeInTheDocument();
    expect(within(report).getByText('minimum 1')).toBeInTheDocument();
    expect(within(report).getByText('Quantity: 1')).toBeInTheDocument();
    expect(within(report).getByText('€49.00')).toBeInTheDocument();

    const seats = itemRow('Team insight seats');
    expect(within(seats).getByText('€15.00 per unit')).toBeInTheDocument();
    expect(within(seats).getByText('minimum 5')).toBeInTheDocument();
    expect(within(seats).getByLabelText('Quantity of Team insight seats')).toHaveValue('6');
    expect(within(seats).getByText('€90.00')).toBeInTheDocument();
  });

  it('sums up subtotal, VAT with its percentage, total and the item count, from the server', async () => {
    await openBasket(basketFixture([big5Report, valuesReport]));

    await screen.findByRole('region', { name: 'Order summary' }, routeTimeout);
    expect(within(summary()).getByText('2 items')).toBeInTheDocument();
    expect(summaryValue('Subtotal')).toBe('€78.00');
    expect(summaryValue('VAT (19%)')).toBe('€14.82');
    expect(summaryValue('Total')).toBe('€92.82');
    expect(within(summary()).queryByText(/Discount/)).toBeNull();
  });

  it('has Basket as breadcrumb and document title, a basket link with the count in the header, and leads on to checkout', async () => {
    await openBasket(basketFixture([big5Report]));

    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Basket')).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Basket | Compass'));
    expect(await screen.findByRole('link', { name: 'Basket, 1 item' }, routeTimeout)).toHaveAttribute('href', '/checkout/basket');
    expect(await screen.findByRole('link', { name: 'Proceed to checkout' }, routeTimeout)).toHaveAttribute('href', '/checkout/payment');
  });

  it('explains what re-pricing changed', async () => {
    await openBasket(basketFixture([big5Report], { notices: ['The price of BIG5 personality report changed from €45.00 to €49.00.'] }));

    const notice = await screen.findByText('The price of BIG5 personality report changed from €45.00 to €49.00.', undefined, routeTimeout);
    expect(notice.closest('[role="status"]')).toHaveTextContent('Your basket was updated');
  });

  it('shows the empty basket (204) with a link to the dashboard', async () => {
    await openBasket(null);

    expect(await screen.findByRole('heading', { name: 'Your basket is empty' }, routeTimeout)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Basket, empty' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Proceed to checkout' })).toBeNull();
  });

  it("says 'Failed to fetch the basket' with the call's error, in the page and in a toast, and tries again on request", async () => {
    seedSession(server(), completeUser);
    server().on('GET', '/api/cart', () => ({ status: 503, body: { message: 'Down', code: 'service_unavailable' } }));
    renderRoute('/checkout/basket');

    const alert = await screen.findByRole('alert', undefined, routeTimeout);
    expect(alert).toHaveTextContent('Failed to fetch the basket');
    expect(alert).toHaveTextContent('The service is temporarily unavailable. Please try again in a few minutes.');
    await waitFor(() => expect(document.querySelector('[data-sonner-toast]')).toHaveTextContent('Failed to fetch the basket'), routeTimeout);

    serveBasket(basketFixture([big5Report]));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'BIG5 personality report' }, routeTimeout)).toBeInTheDocument();
  });

  it('sends /checkout to the basket', async () => {
    seedSession(server(), completeUser);
    serveBasket(basketFixture([big5Report]));
    const { router } = renderRoute('/checkout');

    await screen.findByRole('heading', { name: 'Basket', level: 1 }, routeTimeout);
    expect(router.state.location.pathname).toBe('/checkout/basket');
  });
});

describe('basket page: removing, undo and clearing', () => {
  it('removes an item with a toast whose Undo re-adds it', async () => {
    await openBasket(basketFixture([big5Report, valuesReport]));
    server().on('DELETE', '/api/cart/items/prod-big5', () => answer(basketFixture([valuesReport])));
    server().on('POST', '/api/cart/items', () => answer(basketFixture([big5Report, valuesReport])));

    await userEvent.click(await screen.findByRole('button', { name: 'Remove BIG5 personality report' }, routeTimeout));

    expect(await toastText('BIG5 personality report was removed from your basket')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'BIG5 personality report' })).toBeNull());
    expect(within(summary()).getByText('1 item')).toBeInTheDocument();

    clickToastAction('Undo');

    expect(await screen.findByRole('listitem', { name: 'BIG5 personality report' }, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('POST', '/api/cart/items').map((request) => request.body)).toEqual([{ product_id: 'prod-big5', quantity: 1 }]);
  });

  it('brings the discount code back with Undo when removing the last item had dropped it', async () => {
    await openBasket(basketFixture([big5Report], { coupon: welcomeCoupon }));
    server().on('DELETE', '/api/cart/items/prod-big5', () => ({ status: 204 }));
    server().on('POST', '/api/cart/items', () => answer(basketFixture([big5Report])));
    server().on('POST', '/api/cart/coupon', () => answer(basketFixture([big5Report], { coupon: welcomeCoupon })));

    await userEvent.click(await screen.findByRole('button', { name: 'Remove BIG5 personality report' }, routeTimeout));
    expect(await screen.findByRole('heading', { name: 'Your basket is empty' }, routeTimeout)).toBeInTheDocument();
    clickToastAction('Undo');

    await waitFor(() => expect(summaryValue('Discount (WELCOME10)')).toBe('−€4.90'), routeTimeout);
    expect(server().requestsTo('POST', '/api/cart/coupon').map((request) => request.body)).toEqual([{ coupon_code: 'WELCOME10' }]);
  });

  it('does not let a fetch that started before a change undo the change', async () => {
    await openBasket(basketFixture([big5Report, valuesReport]));
    await screen.findByRole('listitem', { name: 'BIG5 personality report' }, routeTimeout);
    let answerFetch: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answerFetch = resolve));
    server().on('GET', '/api/cart', async () => {
      await held;
      return answer(basketFixture([big5Report, valuesReport]));
    });
    server().on('DELETE', '/api/cart/items/prod-big5', () => answer(basketFixture([valuesReport])));
    void refetchQueries(['basket']);
    await waitFor(() => expect(server().requestsTo('GET', '/api/cart')).toHaveLength(2), routeTimeout);

    await userEvent.click(screen.getByRole('button', { name: 'Remove BIG5 personality report' }));
    expect(await toastText('BIG5 personality report was removed from your basket')).toBeInTheDocument();
    answerFetch();

    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('listitem', { name: 'BIG5 personality report' })).toBeNull();
    expect(within(summary()).getByText('1 item')).toBeInTheDocument();
  });

  it('keeps the basket it shows when a later fetch fails, and says so', async () => {
    await openBasket(basketFixture([big5Report]));
    await screen.findByRole('listitem', { name: 'BIG5 personality report' }, routeTimeout);
    server().on('GET', '/api/cart', () => ({ status: 503, body: { message: 'Down', code: 'service_unavailable' } }));

    void refetchQueries(['basket']);

    expect(await toastText('Failed to fetch the basket')).toBeInTheDocument();
    expect(itemRow('BIG5 personality report')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty basket after the last item is removed (204)', async () => {
    await openBasket(basketFixture([big5Report]));
    server().on('DELETE', '/api/cart/items/prod-big5', () => ({ status: 204 }));

    await userEvent.click(await screen.findByRole('button', { name: 'Remove BIG5 personality report' }, routeTimeout));

    expect(await screen.findByRole('heading', { name: 'Your basket is empty' }, routeTimeout)).toBeInTheDocument();
  });

  it("shows a failed removal's error as a toast and keeps the item", async () => {
    await openBasket(basketFixture([big5Report]));
    server().on('DELETE', '/api/cart/items/prod-big5', () => ({ status: 500, body: { message: 'Boom', code: 'generic' } }));

    await userEvent.click(await screen.findByRole('button', { name: 'Remove BIG5 personality report' }, routeTimeout));

    expect(await toastText('Something went wrong. Please try again later...')).toBeInTheDocument();
    expect(itemRow('BIG5 personality report')).toBeInTheDocument();
  });

  it('clears the basket after a confirmation, with a toast', async () => {
    await openBasket(basketFixture([big5Report, valuesReport]));
    server().on('DELETE', '/api/cart', () => ({ status: 204 }));

    await userEvent.click(await screen.findByRole('button', { name: 'Clear basket' }, routeTimeout));
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear your basket?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear basket' }));

    expect(await toastText('Your basket has been cleared')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your basket is empty' }, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('DELETE', '/api/cart')).toHaveLength(1);
  });

  it('keeps everything when the confirmation is declined', async () => {
    await openBasket(basketFixture([big5Report]));

    await userEvent.click(await screen.findByRole('button', { name: 'Clear basket' }, routeTimeout));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep items' }));

    expect(itemRow('BIG5 personality report')).toBeInTheDocument();
    expect(server().requestsTo('DELETE', '/api/cart')).toHaveLength(0);
  });
});

describe('basket page: quantities', () => {
  it("refuses a quantity below the product's minimum with 'Minimal quantity is {value}', without sending it", async () => {
    await openBasket(basketFixture([teamService]));
    const input = await screen.findByLabelText('Quantity of Team insight seats', undefined, routeTimeout);

    await userEvent.clear(input);
    await userEvent.type(input, '3{Enter}');

    expect(await screen.findByText('Minimal quantity is 5')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Minimal quantity is 5');
    expect(server().requestsTo('PATCH', '/api/cart/items/prod-team')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'One fewer Team insight seats' })).toBeDisabled();
  });

  it('sends a typed quantity and one more with plus, showing the new line total', async () => {
    await openBasket(basketFixture([teamService]));
    const bodies: unknown[] = [];
    server().on('PATCH', '/api/cart/items/prod-team', (request) => {
      bodies.push(request.body);
      const quantity = (request.body as { quantity: number }).quantity;
      return answer(basketFixture([withQuantity(teamService, quantity)]));
    });
    const input = await screen.findByLabelText('Quantity of Team insight seats', undefined, routeTimeout);

    await userEvent.clear(input);
    await userEvent.type(input, '8{Enter}');
    await waitFor(() => expect(within(itemRow('Team insight seats')).getByText('€120.00')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'One more Team insight seats' }));
    await waitFor(() => expect(input).toHaveValue('9'));

    expect(bodies).toEqual([{ quantity: 8 }, { quantity: 9 }]);
    expect(within(itemRow('Team insight seats')).getByText('€135.00')).toBeInTheDocument();
  });

  it("shows the server's message for a refused quantity under the field", async () => {
    await openBasket(basketFixture([teamService]));
    server().on('PATCH', '/api/cart/items/prod-team', () => ({
      status: 422,
      body: { message: 'The provided data is invalid. Please check your input and try again.', errors: { quantity: ['Enter a quantity of at most 10000.'] } },
    }));
    const input = await screen.findByLabelText('Quantity of Team insight seats', undefined, routeTimeout);

    await userEvent.clear(input);
    await userEvent.type(input, '20000{Enter}');

    expect(await screen.findAllByText('Enter a quantity of at most 10000.')).not.toHaveLength(0);
    expect(input).toHaveAccessibleDescription('Enter a quantity of at most 10000.');
  });
});

describe('basket page: discount codes', () => {
  it("refuses an empty code with 'Please enter a discount code.' without sending it", async () => {
    await openBasket(basketFixture([big5Report]));

    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }, routeTimeout));

    expect(await screen.findByText('Please enter a discount code.')).toBeInTheDocument();
    expect(screen.getByLabelText('Discount code')).toHaveAccessibleDescription('Please enter a discount code.');
    expect(server().requestsTo('POST', '/api/cart/coupon')).toHaveLength(0);
  });

  it('applies a code: toast, discount in the summary; and removes it again with a toast', async () => {
    await openBasket(basketFixture([big5Report, valuesReport]));
    server().on('POST', '/api/cart/coupon', () => answer(basketFixture([big5Report, valuesReport], { coupon: welcomeCoupon })));
    server().on('DELETE', '/api/cart/coupon', () => answer(basketFixture([big5Report, valuesReport])));

    await userEvent.type(await screen.findByLabelText('Discount code', undefined, routeTimeout), 'welcome10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await toastText('Discount code WELCOME10 applied')).toBeInTheDocument();
    expect(server().requestsTo('POST', '/api/cart/coupon')[0]?.body).toEqual({ coupon_code: 'welcome10' });
    expect(summaryValue('Discount (WELCOME10)')).toBe('−€7.80');
    expect(summaryValue('Subtotal after discount')).toBe('€70.20');
    expect(summaryValue('VAT (19%)')).toBe('€13.34');
    expect(summaryValue('Total')).toBe('€83.54');
    expect(screen.getByText('You save €7.80')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove the discount code WELCOME10' }));

    expect(await toastText('Discount code removed')).toBeInTheDocument();
    await waitFor(() => expect(within(summary()).queryByText(/Discount/)).toBeNull());
    expect(screen.getByLabelText('Discount code')).toHaveValue('');
  });

  it("shows the server's reason under the field and in a 'Failed to apply coupon' toast", async () => {
    await openBasket(basketFixture([big5Report]));
    server().on('POST', '/api/cart/coupon', () => ({
      status: 422,
      body: { message: 'The provided data is invalid. Please check your input and try again.', errors: { coupon_code: ['This discount code has expired.'] } },
    }));

    await userEvent.type(await screen.findByLabelText('Discount code', undefined, routeTimeout), 'OLDCODE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await toastText('Failed to apply coupon')).toBeInTheDocument();
    const input = screen.getByLabelText('Discount code');
    await waitFor(() => expect(input).toHaveAccessibleDescription('This discount code has expired.'));
    const toast = document.querySelector('[data-sonner-toast]');
    expect(toast).toHaveTextContent('Failed to apply coupon');
    expect(toast).toHaveTextContent('This discount code has expired.');
  });

  it("says 'Failed to remove the coupon' with the call's error when the removal fails", async () => {
    await openBasket(basketFixture([big5Report], { coupon: welcomeCoupon }));
    server().on('DELETE', '/api/cart/coupon', () => ({ status: 500, body: { message: 'Boom', code: 'generic' } }));

    await userEvent.click(await screen.findByRole('button', { name: 'Remove the discount code WELCOME10' }, routeTimeout));

    expect(await toastText('Failed to remove the coupon')).toBeInTheDocument();
    expect(document.querySelector('[data-sonner-toast]')).toHaveTextContent('Something went wrong. Please try again later...');
    expect(screen.getByText('WELCOME10')).toBeInTheDocument();
  });
});

describe('adding from the dashboard’s offers', () => {
  const products: Product[] = [
    { id: 'prod-big5', sku: 'REPORT-BIG5', title: 'BIG5 personality report', description: '', summary: 'Your five domains', unit_price: 4900, minimum_quantity: 1, kind: 'report', report_type: 'big5', report_types: ['big5'] },
  ];

  async function openDashboard(basket: BasketAnswer) {
    seedSession(server(), completeUser);
    serveBasket(basket);
    server().on('GET', '/api/assessments/results', () => ({ status: 200, body: { environment: null, big5: null, values: null } }));
    server().on('GET', '/api/products', () => ({ status: 200, body: { data: products } }));
    server().on('GET', '/api/reports', () => ({ status: 200, body: { data: [] } }));
    const view = renderRoute('/dashboard');
    await screen.findByRole('link', { name: basket === null ? 'Basket, empty' : /^Basket, \d/ }, routeTimeout);
    const offers = await screen.findByRole('region', { name: 'Reports for you' }, routeTimeout);
    return { ...view, addBig5: async () => userEvent.click(await within(offers).findByRole('button', { name: /^Add to basket ?: BIG5/ }, routeTimeout)) };
  }

  it('toasts the added item with a link to the basket, and counts it in the header', async () => {
    const { router, addBig5 } = await openDashboard(null);
    server().on('POST', '/api/cart/items', () => answer(basketFixture([big5Report])));

    await addBig5();

    expect(await toastText('BIG5 personality report was added to your basket')).toBeInTheDocument();
    expect(server().requestsTo('POST', '/api/cart/items')[0]?.body).toEqual({ product_id: 'prod-big5' });
    expect(screen.getByRole('link', { name: 'Basket, 1 item' })).toBeInTheDocument();
    clickToastAction('View basket');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/basket'));
  });

  it("says 'Item already exists' with the title when the product was put in the basket meanwhile (another tab)", async () => {
    const { addBig5 } = await openDashboard(null);
    server().on('POST', '/api/cart/items', () => {
      serveBasket(basketFixture([big5Report]));
      return { status: 409, body: { message: 'Item already exists', code: 'itemAlreadyExists', title: 'BIG5 personality report' } };
    });

    await addBig5();

    expect(await toastText('Item already exists')).toBeInTheDocument();
    expect(screen.getByText('BIG5 personality report is already in your basket.')).toBeInTheDocument();
    // The basket is shown as it is now.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Basket, 1 item' })).toBeInTheDocument(), routeTimeout);
  });

  it('says invalidItem for an item the server does not sell', async () => {
    const { addBig5 } = await openDashboard(null);
    server().on('POST', '/api/cart/items', () => ({
      status: 422,
      body: { message: 'This item cannot be added to the basket.', code: 'invalidItem', errors: { product_id: ['This item cannot be added to the basket.'] } },
    }));

    await addBig5();

    expect(await toastText('This item cannot be added to the basket.')).toBeInTheDocument();
  });

  it('shows another account logged in in this tab its own basket, never the last one’s (spec 2: logging out clears the basket state)', async () => {
    await openDashboard(basketFixture([big5Report]));
    server().on('POST', '/api/logout', () => ({ status: 204 }));
    const { router } = renderRoute('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), routeTimeout);
    cleanup();

    seedSession(server(), { ...completeUser, id: 'user-2', email: 'grace@example.com' });
    let answerBasket: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answerBasket = resolve));
    server().on('GET', '/api/cart', async () => {
      await held;
      return { status: 204 };
    });
    renderRoute('/checkout/basket');
    await screen.findByRole('heading', { name: 'Basket', level: 1 }, routeTimeout);
    expect(screen.queryByRole('listitem', { name: 'BIG5 personality report' })).toBeNull();
    answerBasket();
    expect(await screen.findByRole('heading', { name: 'Your basket is empty' }, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('DELETE', '/api/cart')).toHaveLength(0);
  });
});

// Issue 16, "basket and checkout show different totals": the basket says whose VAT it charges and
// lets the buyer change it; a bundle priced down by owned reports says by how much.
describe('basket page: the country of the VAT and owned reports', () => {
  const vatCountry = () => screen.getByText(/^VAT for /).closest('div')?.parentElement as HTMLElement;

  it('says which country’s VAT applies and why, from the server’s answer', async () => {
    await openBasket(basketFixture([big5Report], { vatBasisPoints: 2000, vatCountry: { code: 'FR', source: 'birth_details' } }));
    await screen.findByRole('region', { name: 'Order summary' }, routeTimeout);
    expect(screen.getByText('VAT for France')).toBeInTheDocument();
    expect(screen.getByText(/your country of birth/)).toBeInTheDocument();
    expect(summaryValue('VAT (20%)')).toBe('€9.80');
    // The web's region goes with the call: the server uses it only when the account names no country.
    expect(server().requestsTo('GET', '/api/cart')[0]?.query.get('region')).toBe('US');
  });

  it('prices the basket for another country when the buyer changes it, and keeps it for the next calls', async () => {
    await openBasket(basketFixture([big5Report], { vatCountry: { code: 'DE', source: 'browser_region' } }));
    server().on('GET', '/api/cart', (request) =>
      answer(
        request.query.get('country') === 'AT'
          ? basketFixture([big5Report], { vatBasisPoints: 2000, vatCountry: { code: 'AT', source: 'requested' } })
          : basketFixture([big5Report], { vatCountry: { code: 'DE', source: 'browser_region' } }),
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Change the country for VAT (Germany)' }, routeTimeout));
    await userEvent.selectOptions(within(vatCountry()).getByLabelText('Country for VAT'), 'AT');

    await waitFor(() => expect(screen.getByText('VAT for Austria')).toBeInTheDocument(), routeTimeout);
    expect(screen.getByText(/as you chose/)).toBeInTheDocument();
    expect(summaryValue('VAT (20%)')).toBe('€9.80');
    expect(summaryValue('Total')).toBe('€58.80');

    server().on('DELETE', `/api/cart/items/${big5Report.product_id}`, () => ({ status: 204 }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove BIG5 personality report' }));
    await waitFor(() => expect(server().requestsTo('DELETE', `/api/cart/items/${big5Report.product_id}`)).toHaveLength(1), routeTimeout);
    expect(server().requestsTo('DELETE', `/api/cart/items/${big5Report.product_id}`)[0]?.query.get('country')).toBe('AT');
  });

  it('forgets the chosen country on logout: the next session is priced for the account’s country again', async () => {
    await openBasket(basketFixture([big5Report], { vatCountry: { code: 'DE', source: 'browser_region' } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Change the country for VAT (Germany)' }, routeTimeout));
    await userEvent.selectOptions(within(vatCountry()).getByLabelText('Country for VAT'), 'AT');
    await waitFor(() => expect(server().requestsTo('GET', '/api/cart').some((request) => request.query.get('country') === 'AT')).toBe(true), routeTimeout);

    server().on('POST', '/api/logout', () => ({ status: 204 }));
    const { router } = renderRoute('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), routeTimeout);
    cleanup();
    const before = server().requestsTo('GET', '/api/cart').length;
    await openBasket(basketFixture([big5Report]));

    await waitFor(() => expect(server().requestsTo('GET', '/api/cart').length).toBeGreaterThan(before), routeTimeout);
    expect(server().requestsTo('GET', '/api/cart').slice(before).map((request) => request.query.get('country'))).toEqual([null]);
  });

  it('shows a bundle priced down by the reports the buyer owns: the list price struck through and what was taken off for which', async () => {
    await openBasket(basketFixture([ownedPartly(completeBundle, 4900, ['big5'])]));
    const row = await screen.findByRole('listitem', { name: 'Complete profile bundle' }, routeTimeout);
    expect(within(row).getByText('List price €99.00')).toBeInTheDocument();
    expect(within(row).getByText('−€49.00 for the reports you own: BIG5 personality report')).toBeInTheDocument();
    expect(within(row).getByText('€50.00 per unit')).toBeInTheDocument();
    expect(summaryValue('Subtotal')).toBe('€50.00');
  });
});
