import type { Account } from '@app/contract/account';
import type { AssessmentResultsResponse } from '@app/contract/assessment-results';
import type { Basket, Product } from '@app/contract/basket';
import type { ReportListItem } from '@app/contract/reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountFixture } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';

// The dashboard of spec section 2 through the real route table, against a real local HTTP server.

const server = setUpRouteTests();

const finished: Account = accountFixture({ id: 'user-finished' });

function product(overrides: Partial<Product> & Pick<Product, 'id' | 'title'>): Product {
  return {
    sku: overrides.id.toUpperCase(),
    description: 'A personal report.',
    summary: `${overrides.title}, in depth.`,
    unit_price: 2900,
    minimum_quantity: 1,
    kind: 'report',
    report_type: 'big5',
    report_types: ['big5'],
    ...overrides,
  };
}

const products: Product[] = [
  product({ id: 'p-big5', title: 'BIG5 personality report', unit_price: 2900 }),
  product({ id: 'p-bundle', title: 'Complete profile bundle', kind: 'bundle', report_type: null, report_types: ['big5', 'environment', 'values'], unit_price: 5400 }),
  product({ id: 'p-team', title: 'Team personality profiles', kind: 'service', report_type: null, report_types: [], minimum_quantity: 3 }),
];

const header = { scoring_version: 'v1', completed_at: '2026-11-20T10:00:00.000Z' };
const trait = (id: string, label: string, score: number, band: 'low' | 'average' | 'high') => ({ id, label, mean: 1 + (score / 100) * 4, score, band, facets: [] });

const results: AssessmentResultsResponse = {
  big5: {
    ...header,
    flags: ['too_fast'],
    traits: [
      trait('openness', 'Openness', 81.3, 'high'),
      trait('conscientiousness', 'Conscientiousness', 62.5, 'average'),
      trait('extraversion', 'Extraversion', 31.3, 'low'),
      trait('agreeableness', 'Agreeableness', 56.3, 'average'),
      trait('neuroticism', 'Neuroticism', 25, 'low'),
    ],
    emotional_stability: { id: 'emotional_stability', label: 'Emotional stability', score: 75, band: 'high' },
  },
  environment: {
    ...header,
    flags: [],
    overall_mean: 3.5,
    scales: [],
    top_work_values: [
      { id: 'independence', label: 'Independence', centred: 0.9, rank: 1 },
      { id: 'achievement', label: 'Achievement', centred: 0.6, rank: 2 },
      { id: 'support', label: 'Support', centred: 0.4, rank: 3 },
    ],
    culture_mix: [
      { id: 'collaborative', label: 'Collaborative', share: 40 },
      { id: 'innovative', label: 'Innovative', share: 30 },
      { id: 'results', label: 'Results-driven', share: 20 },
      { id: 'structured', label: 'Structured', share: 10 },
    ],
  },
  values: {
    ...header,
    flags: [],
    overall_mean: 4,
    top_values: ['Self-direction', 'Benevolence', 'Universalism', 'Achievement', 'Stimulation', 'Security', 'Hedonism', 'Conformity', 'Tradition', 'Power'].map(
      (label, index) => ({ id: label.toLowerCase(), label, mean: 5 - index * 0.3, centred: 1 - index * 0.3, rank: index + 1 }),
    ),
    higher_order: [],
  },
};

function basketWith(item: Product): Basket {
  return {
    items: [
      {
        product_id: item.id,
        product_sku: item.sku,
        product_title: item.title,
        product_description: item.description,
        product_summary: item.summary,
        unit_price: item.unit_price,
        quantity: 1,
        minimum_quantity: 1,
        total_price: item.unit_price,
        report_type: item.report_type,
        report_types: item.report_types,
        list_price: item.unit_price,
        owned_reduction: 0,
        owned_report_types: [],
      },
    ],
    summary: { subtotal: item.unit_price, vat_amount: 0, vat_percentage: 0, discount_amount: 0, discount_subtotal: item.unit_price, total: item.unit_price },
    coupon: null,
    coupon_code: null,
    notices: [],
    vat_country: { code: 'CH', source: 'birth_details' },
  };
}

/** A row of GET /api/reports: the user's BIG5 report. */
function reportRow(status: ReportListItem['status']): ReportListItem {
  const ready = status === 'ready';
  return {
    id: '7d0a5c2e-6b1f-4f3e-9a61-2f0c1b9e8d47',
    type: 'big5',
    title: 'BIG5 personality report',
    status,
    generated_at: ready ? '2026-03-12T09:30:00.000Z' : null,
    page_count: ready ? 14 : null,
    purchased_at: '2026-03-12T09:28:00.000Z',
    created_at: '2026-03-12T09:28:00.000Z',
    is_new: true,
    waiting_for: [],
    edition: 1,
  };
}

/** The dashboard; `hidden` when a dialog (the policy prompt) hides it from assistive technology. */
async function openDashboard(user: Account, { hidden = false } = {}) {
  seedSession(server(), user);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
  renderRoute('/dashboard');
  return screen.findByRole('region', { name: 'Your progress', hidden }, routeTimeout);
}

/** The offer's button: 'Add to basket' plus the product for screen readers (jsdom puts a space before the colon). */
function addToBasket(title: string): RegExp {
  return new RegExp(`^Add to basket ?: ${title}$`);
}

function stepStates(progress: HTMLElement): Record<string, string> {
  const states: Record<string, string> = {};
  for (const item of Array.from(progress.querySelectorAll('li'))) {
    const [title, state] = Array.from(item.querySelectorAll('p')).map((paragraph) => paragraph.textContent ?? '');
    if (title) states[title] = state ?? '';
  }
  return states;
}

describe('dashboard', () => {
  it('shows a new user the five steps: Signup completed, birth data current, the rest pending, 20 % complete', async () => {
    const progress = await openDashboard(accountFixture({ id: 'user-new', signup_completed: false, env_completed: false, big5_completed: false, unanswered_questions: 130 }));

    expect(stepStates(progress)).toEqual({
      Signup: 'Completed',
      'Birth Time and Location': 'Current',
      Environment: 'Pending',
      BIG5: 'Pending',
      Reports: 'Pending',
    });
    expect(within(progress).getByText('20% complete')).toBeInTheDocument();
    expect(within(progress).getByRole('progressbar', { name: 'Signup progress' })).toHaveAttribute('aria-valuenow', '20');
    expect(within(progress).getByText('Birth Time and Location').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(within(progress).getByRole('link', { name: 'Add your birth details' })).toHaveAttribute('href', '/signup-data');
    // Nothing to show or sell before the questionnaire is done.
    expect(screen.queryByRole('heading', { name: 'Your results' })).toBeNull();
    expect(server().requestsTo('GET', '/api/assessments/results')).toHaveLength(0);
  });

  it('marks BIG5 current once the environment set is done', async () => {
    // Stopped half-way (the overlay is not part of this test: the policy prompt keeps it closed).
    const progress = await openDashboard(
      accountFixture({ id: 'user-env', env_completed: true, big5_completed: false, unanswered_questions: 90, policy_update_required: true }),
      { hidden: true },
    );
    expect(stepStates(progress)).toEqual({ Signup: 'Completed', 'Birth Time and Location': 'Completed', Environment: 'Completed', BIG5: 'Current', Reports: 'Pending' });
    expect(within(progress).getByText('60% complete')).toBeInTheDocument();
  });

  it('after the questions shows the assessment steps completed, Reports current, the results with their bands, and a caution where the answers call for one', async () => {
    server().on('GET', '/api/assessments/results', () => ({ status: 200, body: results }));
    server().on('GET', '/api/products', () => ({ status: 200, body: { data: products } }));
    server().on('GET', '/api/reports', () => ({ status: 200, body: { data: [] } }));
    const progress = await openDashboard(finished);

    await waitFor(() => expect(server().requestsTo('GET', '/api/reports')).toHaveLength(1));
    expect(stepStates(progress)).toEqual({ Signup: 'Completed', 'Birth Time and Location': 'Completed', Environment: 'Completed', BIG5: 'Completed', Reports: 'Current' });
    expect(within(progress).getByText('80% complete')).toBeInTheDocument();
    expect(within(progress).getByText('Your results are below. Choose a report to read them in depth.')).toBeInTheDocument();

    const big5 = await screen.findByRole('region', { name: 'BIG5 personality' }, routeTimeout);
    expect(within(big5).getByText('Openness').closest('div')).toHaveTextContent('Openness81 of 100High');
    expect(within(big5).getByText('Extraversion').closest('div')).toHaveTextContent('Extraversion31 of 100Low');
    expect(within(big5).getByText('Interpret with caution')).toBeInTheDocument();
    expect(within(big5).getByText('Many answers were given very quickly.')).toBeInTheDocument();

    const environment = screen.getByRole('region', { name: 'Work environment' });
    expect(within(environment).getAllByRole('listitem').slice(0, 3).map((item) => item.textContent)).toEqual(['1Independence', '2Achievement', '3Support']);
    expect(within(environment).getByText('Collaborative').closest('li')).toHaveTextContent('40%');
    expect(within(environment).queryByText('Interpret with caution')).toBeNull();

    const values = screen.getByRole('region', { name: 'Top 10 values' });
    expect(within(values).getAllByRole('listitem')).toHaveLength(10);
    expect(within(values).getAllByRole('listitem')[0]).toHaveTextContent('1.Self-direction');
  });

  it('marks Reports completed once a report of the user is ready, and not while it is only being made', async () => {
    let status: 'generating' | 'ready' = 'generating';
    server().on('GET', '/api/assessments/results', () => ({ status: 200, body: results }));
    server().on('GET', '/api/products', () => ({ status: 200, body: { data: products } }));
    server().on('GET', '/api/reports', () => ({ status: 200, body: { data: [reportRow(status)] } }));
    const progress = await openDashboard(accountFixture({ id: 'user-with-report' }));

    await waitFor(() => expect(server().requestsTo('GET', '/api/reports').length).toBeGreaterThan(0), routeTimeout);
    expect(stepStates(progress).Reports).toBe('Current');
    status = 'ready';
    // The list is asked again while the report is made: the step follows without a reload.
    await waitFor(() => expect(stepStates(progress).Reports).toBe('Completed'), { timeout: 6000 });
    expect(new Set(Object.values(stepStates(progress)))).toEqual(new Set(['Completed']));
    expect(within(progress).getByText('100% complete')).toBeInTheDocument();
    expect(within(progress).getByText('All steps are done. Your results are below.')).toBeInTheDocument();
  });

  it('offers the reports and the bundle, not organisation services, and puts one in the basket', async () => {
    server().on('GET', '/api/assessments/results', () => ({ status: 200, body: results }));
    server().on('GET', '/api/products', () => ({ status: 200, body: { data: products } }));
    server().on('POST', '/api/cart/items', () => ({ status: 200, body: { data: basketWith(products[0] as Product) } }));
    await openDashboard(finished);

    const offers = await screen.findByRole('region', { name: 'Reports for you' }, routeTimeout);
    await within(offers).findByText('BIG5 personality report');
    expect(within(offers).getByText('Complete profile bundle')).toBeInTheDocument();
    expect(within(offers).queryByText('Team personality profiles')).toBeNull();
    expect(within(offers).getByText('€29.00')).toBeInTheDocument();
    expect(within(offers).getByText('€54.00')).toBeInTheDocument();

    await userEvent.click(within(offers).getByRole('button', { name: addToBasket('BIG5 personality report') }));
    await waitFor(() => expect(server().requestsTo('POST', '/api/cart/items')).toHaveLength(1));
    expect(server().requestsTo('POST', '/api/cart/items')[0]?.body).toMatchObject({ product_id: 'p-big5' });
    expect(await within(offers).findByRole('link', { name: 'In your basket' })).toHaveAttribute('href', '/checkout/basket');
    expect(within(offers).getByRole('button', { name: addToBasket('Complete profile bundle') })).toBeEnabled();
  });

  it('says when the results cannot be loaded, and loads them on retry', async () => {
    let failing = true;
    server().on('GET', '/api/assessments/results', () => (failing ? { status: 503, body: { message: 'down', code: 'service_unavailable' } } : { status: 200, body: results }));
    server().on('GET', '/api/products', () => ({ status: 200, body: { data: products } }));
    await openDashboard(accountFixture({ id: 'user-results-fail' }));

    expect(await screen.findByText('Your results could not be loaded.', {}, routeTimeout)).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'BIG5 personality' }, routeTimeout)).toBeInTheDocument();
  });
});
