import type { Product } from '@app/contract/basket';
import { digitalContentConsent } from '@app/contract/checkout';
import type { ReportListItem } from '@app/contract/reports';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { basketFixture, big5Report, completeBundle, valuesReport } from '../../../../test/basket-fixture.ts';
import { orderFixture, paidAnswer, testProviderConfig } from '../../../../test/checkout-fixture.ts';
import type { Reply } from '../../../../test/local-api-server.ts';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';

// Issue 5: the dashboard's offers show a report the user already owns as owned, not for sale (the
// server would refuse it); a bundle only when every report in it is owned. What the user owns is
// what GET /api/reports lists (the reports their paid orders granted, the rows the server's
// refusal reads), through the real route table and a local server.

const server = setUpRouteTests();

beforeEach(() => {
  sessionStorage.clear();
});

function product(overrides: Partial<Product> & Pick<Product, 'id' | 'title' | 'report_types'>): Product {
  return {
    sku: overrides.id.toUpperCase(),
    description: 'A personal report.',
    summary: `${overrides.title}, in depth.`,
    unit_price: 2900,
    minimum_quantity: 1,
    kind: 'report',
    report_type: overrides.report_types[0] ?? null,
    ...overrides,
  };
}

const products: Product[] = [
  product({ id: 'prod-big5', title: 'BIG5 personality report', report_types: ['big5'] }),
  product({ id: 'prod-environment', title: 'Environment report', report_types: ['environment'] }),
  product({ id: 'prod-values', title: 'Top 10 values report', report_types: ['values'] }),
  product({ id: 'prod-bundle', title: 'Complete profile bundle', kind: 'bundle', report_type: null, report_types: ['big5', 'environment', 'values'], unit_price: 5400 }),
];

/** A row of GET /api/reports: a report the user was granted (it is theirs whatever its state). */
function ownedReport(type: ReportListItem['type'], status: ReportListItem['status'] = 'ready'): ReportListItem {
  return {
    id: `report-${type}`,
    type,
    title: type,
    status,
    generated_at: status === 'ready' ? '2026-03-12T09:30:00.000Z' : null,
    page_count: status === 'ready' ? 14 : null,
    purchased_at: '2026-03-12T09:28:00.000Z',
    created_at: '2026-03-12T09:28:00.000Z',
    is_new: false,
    waiting_for: [],
    edition: 1,
  };
}

function serveDashboard(reports: () => ReportListItem[] | Reply) {
  seedSession(server(), completeUser);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
  server().on('GET', '/api/assessments/results', () => ({ status: 200, body: { environment: null, big5: null, values: null } }));
  server().on('GET', '/api/products', () => ({ status: 200, body: { data: products } }));
  server().on('GET', '/api/reports', () => {
    const answer = reports();
    return Array.isArray(answer) ? { status: 200, body: { data: answer } } : answer;
  });
}

async function openOffers() {
  const view = renderRoute('/dashboard');
  const offers = await screen.findByRole('region', { name: 'Reports for you' }, routeTimeout);
  await within(offers).findByText('BIG5 personality report', {}, routeTimeout);
  return { ...view, offers };
}

/** The card of one product (its list item). */
function card(offers: HTMLElement, title: string): HTMLElement {
  const item = within(offers).getByText(title).closest('li');
  if (!item) throw new Error(`no offer ${title}`);
  return item;
}

const addButton = (title: string) => ({ name: new RegExp(`^Add to basket ?: ${title}$`) });

describe('report offers and the reports the user owns', () => {
  it('shows an owned report as owned, without the add button, and keeps the others and a partly owned bundle for sale', async () => {
    serveDashboard(() => [ownedReport('big5', 'generating')]);
    const { offers } = await openOffers();

    const big5 = card(offers, 'BIG5 personality report');
    expect(within(big5).getByText('Owned')).toBeInTheDocument();
    expect(within(big5).getByText('This report is already yours.')).toBeInTheDocument();
    expect(within(big5).queryByRole('button')).toBeNull();
    // An owned report is read on the Reports page.
    expect(within(big5).getByRole('link', { name: 'Go to my reports' })).toHaveAttribute('href', '/reports');

    expect(within(card(offers, 'Environment report')).getByRole('button', addButton('Environment report'))).toBeEnabled();
    expect(within(card(offers, 'Top 10 values report')).getByRole('button', addButton('Top 10 values report'))).toBeEnabled();
    const bundle = card(offers, 'Complete profile bundle');
    expect(within(bundle).getByRole('button', addButton('Complete profile bundle'))).toBeEnabled();
    expect(within(bundle).getByText('You already own 1 of its 3 reports; the bundle adds the rest.')).toBeInTheDocument();
    expect(within(bundle).queryByText('Owned')).toBeNull();
  });

  // Issue 16: the bundle is priced down by the single reports the user owns (the server's rule).
  it('offers a partly owned bundle at its price less the owned reports, with the list price struck through', async () => {
    serveDashboard(() => [ownedReport('big5'), ownedReport('values')]);
    const { offers } = await openOffers();

    const bundle = card(offers, 'Complete profile bundle');
    // 54.00 - 29.00 - 29.00 = -4.00: never below zero.
    expect(within(bundle).getByText('List price €54.00')).toBeInTheDocument();
    expect(within(bundle).getByText('€0.00')).toBeInTheDocument();
    expect(within(bundle).getByText('€54.00 less for the reports you own')).toBeInTheDocument();
  });

  it('shows the full price of a bundle whose reports the user owns none of', async () => {
    serveDashboard(() => []);
    const { offers } = await openOffers();
    const bundle = card(offers, 'Complete profile bundle');
    expect(within(bundle).getByText('€54.00')).toBeInTheDocument();
    expect(within(bundle).queryByText(/List price/)).toBeNull();
  });

  it('shows the bundle and its reports as owned once every report is, in one call', async () => {
    // The bundle's purchase grants the complete profile as a fourth report, which no offer sells.
    serveDashboard(() => [ownedReport('complete', 'pending'), ownedReport('big5'), ownedReport('environment'), ownedReport('values')]);
    const { offers } = await openOffers();

    for (const title of ['BIG5 personality report', 'Environment report', 'Top 10 values report']) {
      expect(within(card(offers, title)).getByText('Owned')).toBeInTheDocument();
    }
    const bundle = card(offers, 'Complete profile bundle');
    expect(within(bundle).getByText('Owned')).toBeInTheDocument();
    expect(within(bundle).getByText('Every report in this bundle is already yours.')).toBeInTheDocument();
    expect(within(offers).queryAllByRole('button')).toHaveLength(0);
    expect(server().requestsTo('GET', '/api/reports').length).toBeGreaterThan(0);
    expect(server().requestsTo('GET', '/api/orders')).toHaveLength(0);
  });

  it('offers everything when the reports cannot be loaded (the server still refuses an owned report)', async () => {
    serveDashboard(() => ({ status: 503, body: { message: 'down', code: 'service_unavailable' } }));
    const { offers } = await openOffers();
    expect(within(offers).getAllByRole('button', { name: /^Add to basket/ })).toHaveLength(4);
    expect(within(offers).queryByText('Owned')).toBeNull();
  });

  it('turns a card to owned when the server refuses it as owned (bought in another tab)', async () => {
    let reports: ReportListItem[] = [];
    serveDashboard(() => reports);
    const refusal = 'You already own this report (BIG5 personality report); you will find it under Reports.';
    server().on('POST', '/api/cart/items', () => {
      reports = [ownedReport('big5', 'pending')];
      return { status: 422, body: { message: refusal, errors: { product_id: [refusal] } } };
    });
    const { offers } = await openOffers();

    await userEvent.click(within(offers).getByRole('button', addButton('BIG5 personality report')));
    expect(await screen.findByText(refusal, {}, routeTimeout)).toBeInTheDocument();
    await waitFor(() => expect(within(card(offers, 'BIG5 personality report')).getByText('Owned')).toBeInTheDocument(), routeTimeout);
  });

  it('shows the reports just paid for as owned when the buyer comes back to the dashboard', async () => {
    const basket = basketFixture([big5Report]);
    const order = orderFixture(basket);
    let reports: ReportListItem[] = [];
    serveDashboard(() => reports);
    // The payment empties the basket on the server.
    server().on('GET', '/api/cart', () => (reports.length > 0 ? { status: 204 } : { status: 200, body: { data: basket } }));
    server().on('GET', '/api/payments/config', () => ({ status: 200, body: testProviderConfig }));
    server().on('GET', '/api/payment-methods', () => ({ status: 200, body: { data: [] } }));
    server().on('GET', `/api/orders/${order.id}`, () => ({ status: 200, body: { data: order } }));
    server().on('POST', '/api/checkout', () => {
      reports = [ownedReport('big5', 'generating')];
      return { status: 200, body: paidAnswer(order) };
    });

    // The offers are loaded (and cached) before the purchase.
    const { offers, router } = await openOffers();
    expect(await within(card(offers, 'BIG5 personality report')).findByRole('link', { name: 'In your basket' }, routeTimeout)).toBeInTheDocument();

    await router.navigate('/checkout/payment');
    await screen.findByRole('heading', { name: 'Checkout', level: 1 }, routeTimeout);
    await screen.findByRole('button', { name: /^Pay / }, routeTimeout);
    await userEvent.type(screen.getByLabelText('Address'), '12 St James’s Square');
    await userEvent.type(screen.getByLabelText('City'), 'London');
    await userEvent.type(screen.getByLabelText('ZIP/postal code'), 'SW1Y 4JH');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'GB');
    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.type(screen.getByLabelText('Expiry date'), '1234');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    // Issue 11: no order without the digital-content consent.
    await userEvent.click(screen.getByRole('checkbox', { name: digitalContentConsent.wording }));
    const pay = screen.getByRole('button', { name: /^Pay €/ });
    await waitFor(() => expect(pay).toBeEnabled(), routeTimeout);
    await userEvent.click(pay);
    await screen.findByRole('heading', { name: 'Thank you for your order', level: 1 }, routeTimeout);

    await router.navigate('/dashboard');
    const again = await screen.findByRole('region', { name: 'Reports for you' }, routeTimeout);
    await waitFor(() => expect(within(card(again, 'BIG5 personality report')).getByText('Owned')).toBeInTheDocument(), routeTimeout);
  });
});

// Issue 16: a bundle and its single reports are never in the basket together.
describe('report offers and the bundle in the basket', () => {
  it('says the bundle replaced the single reports in the basket, and Undo puts them back', async () => {
    serveDashboard(() => []);
    let basket = basketFixture([big5Report, valuesReport]);
    server().on('GET', '/api/cart', () => ({ status: 200, body: { data: basket } }));
    server().on('POST', '/api/cart/items', (request) => {
      const productId = (request.body as { product_id: string }).product_id;
      if (productId === 'prod-bundle') {
        basket = basketFixture([{ ...completeBundle, product_id: 'prod-bundle' }]);
        return {
          status: 200,
          body: {
            data: basket,
            replaced: [
              { product_id: 'prod-big5', product_title: 'BIG5 personality report', quantity: 1 },
              { product_id: 'prod-values', product_title: 'Top 10 values report', quantity: 1 },
            ],
          },
        };
      }
      basket = basketFixture(productId === 'prod-big5' ? [big5Report] : [big5Report, valuesReport]);
      return { status: 200, body: { data: basket, replaced: [] } };
    });
    server().on('DELETE', '/api/cart/items/prod-bundle', () => ({ status: 204 }));
    const { offers } = await openOffers();
    await within(card(offers, 'BIG5 personality report')).findByRole('link', { name: 'In your basket' }, routeTimeout);

    await userEvent.click(within(offers).getByRole('button', addButton('Complete profile bundle')));

    expect(
      await screen.findByText('Complete profile bundle replaces 2 reports in your basket: BIG5 personality report, Top 10 values report', undefined, routeTimeout),
    ).toBeInTheDocument();
    expect(screen.getByText('The bundle already includes them, so you do not pay for them twice.')).toBeInTheDocument();
    // The single reports are in the basket as part of the bundle now.
    await waitFor(() => expect(within(card(offers, 'Environment report')).getByText('Part of the bundle in your basket.')).toBeInTheDocument(), routeTimeout);
    expect(within(card(offers, 'Environment report')).getByRole('link', { name: 'In your basket' })).toHaveAttribute('href', '/checkout/basket');

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));

    await waitFor(
      () =>
        expect(server().requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`)).toEqual([
          'POST /api/cart/items',
          'DELETE /api/cart/items/prod-bundle',
          'POST /api/cart/items',
          'POST /api/cart/items',
        ]),
      routeTimeout,
    );
    await waitFor(() => expect(within(card(offers, 'Top 10 values report')).getByRole('link', { name: 'In your basket' })).toBeInTheDocument(), routeTimeout);
    expect(within(card(offers, 'Top 10 values report')).queryByText('Part of the bundle in your basket.')).toBeNull();
    expect(within(card(offers, 'Complete profile bundle')).getByRole('button', addButton('Complete profile bundle'))).toBeEnabled();
  });

  it('names the bundle when the server refuses a report that the bundle in the basket holds', async () => {
    serveDashboard(() => []);
    const withBundle = basketFixture([{ ...completeBundle, product_id: 'prod-bundle' }]);
    let served = basketFixture([]);
    server().on('GET', '/api/cart', () => (served.items.length === 0 ? { status: 204 } : { status: 200, body: { data: served } }));
    server().on('POST', '/api/cart/items', () => {
      // The bundle was added in another tab a moment ago.
      served = withBundle;
      return {
        status: 409,
        body: { message: 'Environment report is already in your basket as part of Complete profile bundle.', code: 'includedInBundle', title: 'Environment report', bundle_title: 'Complete profile bundle' },
      };
    });
    const { offers } = await openOffers();

    await userEvent.click(within(offers).getByRole('button', addButton('Environment report')));

    expect(await screen.findByText('Already in your basket', undefined, routeTimeout)).toBeInTheDocument();
    expect(screen.getByText('This report is part of Complete profile bundle in your basket.')).toBeInTheDocument();
  });
});
