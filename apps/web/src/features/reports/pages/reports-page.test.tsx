import type { ReportListItem } from '@app/contract/reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { clearQueryCache } from '../../../../test/query-cache.ts';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';
import { reportId, reportListItemFixture, reportViewFixture } from '../testing/report-document-fixture.ts';

// The reports list (spec 2 and 3, Report) through the real route table, against a real local
// HTTP server scripted with issue 11's report calls.

const server = setUpRouteTests();

beforeEach(() => {
  clearQueryCache();
});

const valuesId = '3c9e1f4a-2b7d-4e8a-8f10-5a6b7c8d9e01';

function serveReports(reports: () => ReportListItem[]) {
  seedSession(server(), completeUser);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
  server().on('GET', '/api/reports', () => ({ status: 200, body: { data: reports() } }));
}

async function openReports(reports: () => ReportListItem[]) {
  serveReports(reports);
  renderRoute('/reports');
  await screen.findByRole('heading', { name: 'Reports', level: 1 }, routeTimeout);
}

const card = (title: string) => screen.getByRole('article', { name: title });

describe('reports page', () => {
  it('lists each report with its title, generated date, page count, purchased date and state, under the Reports crumb', async () => {
    await openReports(() => [
      reportListItemFixture(),
      reportListItemFixture({ id: valuesId, type: 'values', title: 'Top 10 values report', generated_at: '2026-02-01T10:00:00.000Z', page_count: 1, purchased_at: '2026-01-31T12:00:00.000Z' }),
    ]);

    const big5 = await screen.findByRole('article', { name: 'BIG5 personality report' }, routeTimeout);
    expect(within(big5).getByText('Ready')).toBeInTheDocument();
    expect(within(big5).getByText('Generated').nextElementSibling).toHaveTextContent('Mar 12, 2026');
    expect(within(big5).getByText('Pages').nextElementSibling).toHaveTextContent('14 pages');
    expect(within(big5).getByText('Purchased').nextElementSibling).toHaveTextContent('Mar 12, 2026');
    expect(within(big5).getByRole('link', { name: 'View BIG5 personality report' })).toHaveAttribute('href', `/report/big5/${reportId}`);
    expect(within(big5).getByRole('link', { name: 'Download BIG5 personality report as PDF' })).toHaveAttribute('href', `/api/reports/big5/${reportId}/pdf`);

    const values = card('Top 10 values report');
    expect(within(values).getByText('Pages').nextElementSibling).toHaveTextContent('1 page');
    expect(within(values).getByText('Purchased').nextElementSibling).toHaveTextContent('Jan 31, 2026');
    // Newest first, as the server sends them.
    expect(screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual(['BIG5 personality report', 'Top 10 values report']);
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Reports')).toHaveAttribute('aria-current', 'page');
  });

  it('shows a report being generated, and turns it ready without a reload', async () => {
    let ready = false;
    await openReports(() => [
      ready ? reportListItemFixture({ is_new: true }) : reportListItemFixture({ status: 'generating', generated_at: null, page_count: null, is_new: true }),
    ]);

    const report = await screen.findByRole('article', { name: 'BIG5 personality report' }, routeTimeout);
    expect(within(report).getByText('Being generated…')).toBeInTheDocument();
    expect(within(report).getByText('Generated').nextElementSibling).toHaveTextContent('Not yet');
    expect(within(report).queryByRole('link', { name: /^View/ })).toBeNull();
    expect(within(report).queryByRole('link', { name: /^Download/ })).toBeNull();

    ready = true;
    expect(await within(report).findByRole('link', { name: 'View BIG5 personality report' }, { timeout: 6000 })).toBeInTheDocument();
    expect(within(report).getByText('Ready')).toBeInTheDocument();
    expect(within(report).getByText('Pages').nextElementSibling).toHaveTextContent('14 pages');

    // Nothing on its way any more: the list stops asking.
    const asked = server().requestsTo('GET', '/api/reports').length;
    await new Promise((resolve) => setTimeout(resolve, 2600));
    expect(server().requestsTo('GET', '/api/reports')).toHaveLength(asked);
  });

  it('says which answers a report waits for', async () => {
    await openReports(() => [reportListItemFixture({ type: 'complete', title: 'Complete profile', status: 'pending', generated_at: null, page_count: null, waiting_for: ['big5', 'values'] })]);

    const report = await screen.findByRole('article', { name: 'Complete profile' }, routeTimeout);
    expect(within(report).getByText('Waiting for your answers')).toBeInTheDocument();
    expect(within(report).getByText('Waiting for your answers to BIG5 and Top 10 values. It is generated as soon as you finish.')).toBeInTheDocument();
  });

  it("marks a report not opened yet as a 'New purchase'", async () => {
    await openReports(() => [reportListItemFixture({ is_new: true }), reportListItemFixture({ id: valuesId, type: 'values', title: 'Top 10 values report', is_new: false })]);

    expect(within(await screen.findByRole('article', { name: 'BIG5 personality report' }, routeTimeout)).getByText('New purchase')).toBeInTheDocument();
    expect(within(card('Top 10 values report')).queryByText('New purchase')).toBeNull();
  });

  it("drops 'New purchase' once the report has been opened", async () => {
    let opened = false;
    server().on('GET', `/api/reports/big5/${reportId}`, () => {
      opened = true;
      return { status: 200, body: reportViewFixture() };
    });
    await openReports(() => [reportListItemFixture({ is_new: !opened })]);
    const report = await screen.findByRole('article', { name: 'BIG5 personality report' }, routeTimeout);
    expect(within(report).getByText('New purchase')).toBeInTheDocument();

    await userEvent.click(within(report).getByRole('link', { name: 'View BIG5 personality report' }));
    await screen.findByRole('navigation', { name: 'Contents' }, routeTimeout);
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Reports' }));

    const again = await screen.findByRole('article', { name: 'BIG5 personality report' }, routeTimeout);
    await waitFor(() => expect(within(again).queryByText('New purchase')).toBeNull(), routeTimeout);
  });

  it('leads to the reports on offer when there is no report yet', async () => {
    await openReports(() => []);

    expect(await screen.findByRole('heading', { name: 'No reports yet' }, routeTimeout)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the reports on offer' })).toHaveAttribute('href', '/dashboard#report-offers');
  });

  it("tries a failed report again with 'Try again', and shows it on its way", async () => {
    let failed = true;
    server().on('POST', `/api/reports/big5/${reportId}/retry`, () => {
      failed = false;
      return { status: 200, body: { data: reportListItemFixture({ status: 'pending', generated_at: null, page_count: null }) } };
    });
    await openReports(() => [failed ? reportListItemFixture({ status: 'failed', generated_at: null, page_count: null }) : reportListItemFixture({ status: 'generating', generated_at: null, page_count: null })]);

    const report = await screen.findByRole('article', { name: 'BIG5 personality report' }, routeTimeout);
    expect(within(report).getByText('Failed')).toBeInTheDocument();
    await userEvent.click(within(report).getByRole('button', { name: 'Try again' }));

    expect(await within(report).findByText('Being generated…', undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('POST', `/api/reports/big5/${reportId}/retry`)).toHaveLength(1);
    expect(server().requestsTo('POST', `/api/reports/big5/${reportId}/retry`)[0]?.headers['x-xsrf-token']).toBe('xsrf-1');
    await waitFor(() => expect(within(report).queryByRole('button', { name: 'Try again' })).toBeNull());
  });

  it('says when the reports cannot be loaded, and loads them on retry', async () => {
    let failing = true;
    seedSession(server(), completeUser);
    server().on('GET', '/api/cart', () => ({ status: 204 }));
    server().on('GET', '/api/reports', () => (failing ? { status: 503, body: { message: 'down', code: 'service_unavailable' } } : { status: 200, body: { data: [reportListItemFixture()] } }));
    renderRoute('/reports');

    expect(await screen.findByText('Your reports could not be loaded.', undefined, { timeout: 8000 })).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'BIG5 personality report' }, routeTimeout)).toBeInTheDocument();
  });
});
