import type { ReportView } from '@app/contract/reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { clearQueryCache } from '../../../../test/query-cache.ts';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';
import type { Reply } from '../../../../test/local-api-server.ts';
import { reportDocumentFixture, reportId, reportListItemFixture, reportViewFixture } from '../testing/report-document-fixture.ts';

// The report's web view (spec 2, ViewReport) through the real route table, against a real local
// HTTP server scripted with issue 11's report calls.

const server = setUpRouteTests();

beforeEach(() => {
  clearQueryCache();
  // The contents' links name their section in the address (history.replaceState), which the
  // report reads to draw every section at once: each test starts without one.
  window.history.replaceState(null, '', '/');
});

const viewPath = `/api/reports/big5/${reportId}`;
const notReady: Reply = { status: 409, body: { message: 'This report is not ready yet.', code: 'report_not_ready' } };

function serveView(answer: () => Reply) {
  seedSession(server(), completeUser);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
  server().on('GET', '/api/reports', () => ({ status: 200, body: { data: [reportListItemFixture()] } }));
  server().on('GET', viewPath, answer);
}

async function openView(view: ReportView = reportViewFixture()) {
  serveView(() => ({ status: 200, body: view }));
  renderRoute(`/report/big5/${reportId}`);
  await screen.findByRole('heading', { name: 'BIG5 personality report', level: 1 }, routeTimeout);
}

/** The report opened with every section drawn (the first comes with the report, the others after it). */
async function openWholeView(view: ReportView = reportViewFixture()) {
  await openView(view);
  await screen.findByRole('heading', { name: 'Your values', level: 2 });
}

describe('report view', () => {
  it('shows the cover, the summary and every block kind of the document', async () => {
    await openWholeView();

    // Cover: the name exactly as given, as text (the markup in it is not interpreted).
    const cover = screen.getByRole('banner', { name: 'Report cover' });
    expect(within(cover).getByText('Ada <b>Lovelace</b>')).toBeInTheDocument();
    expect(document.querySelector('article b')).toBeNull();
    expect(within(cover).getByText('Generated').nextElementSibling).toHaveTextContent('Mar 12, 2026');
    expect(within(cover).getByText('Answers from').nextElementSibling).toHaveTextContent('Mar 10, 2026');
    expect(within(cover).getByText('Edition').nextElementSibling).toHaveTextContent('1');

    // Summary: five sentences and the highlights.
    const summary = screen.getByRole('region', { name: 'You in five sentences' });
    expect(within(summary).getAllByRole('listitem').slice(0, 5).map((item) => item.textContent)).toHaveLength(5);
    expect(within(summary).getByText('You stay calm under pressure.')).toBeInTheDocument();
    expect(within(summary).getByText('High openness')).toBeInTheDocument();

    // Sections and subsections.
    expect(screen.getByRole('heading', { name: 'Your five traits at a glance', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Imagination', level: 3 })).toBeInTheDocument();

    // paragraph
    expect(screen.getByText('The BIG5 model describes personality along five broad traits.')).toBeInTheDocument();
    // callout (info and caution)
    expect(screen.getByRole('complementary', { name: 'How to read this report' })).toHaveTextContent('Scores run from 0 to 100.');
    expect(screen.getByRole('complementary', { name: 'Interpret with caution' })).toHaveTextContent('Many answers were given very quickly.');
    // bar_chart, values_circle, share_chart: each drawing named and described by its alt text
    expect(screen.getByRole('img', { name: 'Chart: Your five traits' })).toHaveAccessibleDescription(/^Openness is high at 81/);
    expect(screen.getByRole('img', { name: 'Chart: Your values circle' })).toHaveAccessibleDescription('Self-direction and benevolence matter most to you; power matters least.');
    expect(screen.getByRole('img', { name: 'Chart: Your culture mix' })).toHaveAccessibleDescription('Collaborative 40 %, innovative 30 %, results-driven 20 %, structured 10 %.');
    // score
    const score = screen.getByRole('group', { name: 'Openness' });
    expect(within(score).getByText('81 of 100')).toBeInTheDocument();
    expect(within(score).getByText('High')).toBeInTheDocument();
    expect(within(score).getByText('Likely range 74–88')).toBeInTheDocument();
    expect(within(score).getByText(/Percentile 84 among everyone/)).toBeInTheDocument();
    // list (steps are numbered)
    expect(screen.getByRole('heading', { name: 'Your strengths' }).nextElementSibling?.tagName).toBe('UL');
    const plan = screen.getByRole('heading', { name: 'A plan for the next month' }).nextElementSibling as HTMLElement;
    expect(plan.tagName).toBe('OL');
    expect(within(plan).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1Pick one idea.', '2Test it with a colleague.', '3Decide.']);
    // table
    const top10 = screen.getByRole('table', { name: 'Your top 10 values' });
    expect(within(top10).getAllByRole('row')).toHaveLength(4);

    expect(screen.getByText('Scored with: big5:1, scoring:1')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', `/api/reports/big5/${reportId}/pdf`);
  });

  it('has a table of contents whose links lead to each section', async () => {
    await openWholeView();
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['You in five sentences', '#report-summary'],
      ['Your five traits at a glance', '#section-overview'],
      ['Openness', '#section-openness'],
      ['Imagination', '#section-openness-imagination'],
      ['Your values', '#section-values'],
    ]);
    for (const link of links) expect(document.getElementById(link.getAttribute('href')?.slice(1) ?? '')).not.toBeNull();

    await userEvent.click(within(contents).getByRole('link', { name: 'Imagination' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Imagination', level: 3 })).toHaveFocus());
  });

  it('draws the first section with the report and the others after it, in order', async () => {
    await openView();
    const headings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings()).toContain('Your five traits at a glance');
    expect(headings()).not.toContain('Your values');
    await screen.findByRole('heading', { name: 'Your values', level: 2 });
    expect(headings().filter((heading) => ['Your five traits at a glance', 'Openness', 'Your values'].includes(heading ?? ''))).toEqual([
      'Your five traits at a glance',
      'Openness',
      'Your values',
    ]);
  });

  it('gives each chart its data as a table', async () => {
    await openView();
    const figure = screen.getByRole('figure', { name: 'Your five traits' });
    await userEvent.click(within(figure).getByText('Show the data'));
    const table = within(figure).getByRole('table', { name: 'Your five traits' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Scale', 'Score', 'Band', 'Likely range']);
    expect(within(table).getByRole('row', { name: /Openness/ })).toHaveTextContent('Openness81High74–88');
    expect(within(table).getAllByRole('row')).toHaveLength(6);

    const circle = within(screen.getByRole('figure', { name: 'Your values circle' })).getByRole('table');
    expect(within(circle).getAllByRole('row')[1]).toHaveTextContent('Self-direction1+0.9Openness to change');
    expect(within(circle).getAllByRole('row')[10]).toHaveTextContent('Power10−1.2Self-enhancement');

    const shares = within(screen.getByRole('figure', { name: 'Your culture mix' })).getByRole('table');
    expect(within(shares).getByRole('row', { name: /Collaborative/ })).toHaveTextContent('Collaborative40%');
  });

  it("says 'AI Servers currently unavailable' when the narrative failed; Retry shows it being written, then the narrative without a reload", async () => {
    type Phase = 'unavailable' | 'pending' | 'ready';
    let phase: Phase = 'unavailable';
    const narratives: Record<Phase, NonNullable<ReportView['data']['narrative']>> = {
      unavailable: { status: 'unavailable', text: null, message: 'AI Servers currently unavailable, please try another model or wait and try again.' },
      pending: { status: 'pending', text: null, message: null },
      ready: { status: 'ready', text: 'You bring fresh ideas.\n\nYou listen before you act.', message: null },
    };
    serveView(() => ({ status: 200, body: reportViewFixture({ narrative: narratives[phase] }) }));
    server().on('POST', `/api/reports/big5/${reportId}/narrative`, () => {
      phase = 'pending';
      return { status: 202, body: { data: narratives.pending } };
    });
    renderRoute(`/report/big5/${reportId}`);

    const alert = await screen.findByRole('alert', undefined, routeTimeout);
    expect(alert).toHaveTextContent('AI Servers currently unavailable, please try another model or wait and try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    const writing = await screen.findByRole('region', { name: 'Personal narrative' }, routeTimeout);
    expect(within(writing).getByRole('status')).toHaveTextContent('Your personal narrative is being written.');
    expect(screen.queryByText('AI Servers currently unavailable, please try another model or wait and try again.')).toBeNull();
    expect(server().requestsTo('POST', `/api/reports/big5/${reportId}/narrative`)).toHaveLength(1);

    // Asked for again while it is being written.
    phase = 'ready';
    expect(await screen.findByText('You listen before you act.', undefined, { timeout: 6000 })).toBeInTheDocument();
    const narrative = screen.getByRole('region', { name: 'Personal narrative' });
    expect(within(narrative).getByText('You bring fresh ideas.')).toBeInTheDocument();
    expect(within(narrative).queryByRole('status')).toBeNull();
    expect(within(screen.getByRole('navigation', { name: 'Contents' })).getByRole('link', { name: 'Personal narrative' })).toHaveAttribute('href', '#report-narrative');
  });

  it('draws the narrative as text, never as markup', async () => {
    await openView(reportViewFixture({ narrative: { status: 'ready', text: 'You are <b>bold</b>.', message: null } }));
    expect(within(screen.getByRole('region', { name: 'Personal narrative' })).getByText('You are <b>bold</b>.')).toBeInTheDocument();
    expect(document.querySelector('#report-narrative b')).toBeNull();
  });

  it('says why a retry of the narrative was refused', async () => {
    serveView(() => ({
      status: 200,
      body: reportViewFixture({ narrative: { status: 'unavailable', text: null, message: 'AI Servers currently unavailable, please try another model or wait and try again.' } }),
    }));
    server().on('POST', `/api/reports/big5/${reportId}/narrative`, () => ({
      status: 429,
      body: { message: 'Too many attempts. Please try again in 42 minutes.', code: 'too_many_requests' },
    }));
    renderRoute(`/report/big5/${reportId}`);

    const alert = await screen.findByRole('alert', undefined, routeTimeout);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(alert).findByText(/^Too many attempts\./, undefined, routeTimeout)).toBeInTheDocument();
  });

  it('offers a free update with the latest answers, shows the new edition being made, then shows it', async () => {
    let phase: 'old' | 'generating' | 'new' = 'old';
    serveView(() =>
      phase === 'old'
        ? { status: 200, body: reportViewFixture({ update_available: true }) }
        : phase === 'generating'
          ? notReady
          : { status: 200, body: reportViewFixture({ report: reportListItemFixture({ edition: 2 }), document: reportDocumentFixture({ edition: 2 }) }) },
    );
    server().on('POST', `/api/reports/big5/${reportId}/update`, () => {
      phase = 'generating';
      return { status: 200, body: { data: reportListItemFixture({ status: 'pending', edition: 2, generated_at: null, page_count: null }) } };
    });
    renderRoute(`/report/big5/${reportId}`);

    const update = await screen.findByRole('region', { name: 'Your answers have changed' }, routeTimeout);
    expect(update).toHaveTextContent('It is free; the current edition (edition 1) stays available to download.');
    await userEvent.click(within(update).getByRole('button', { name: 'Update with my latest answers' }));

    expect(await screen.findByText('This page turns into your report as soon as it is ready. You do not need to reload it.', undefined, routeTimeout)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download edition 1' })).toHaveAttribute('href', `/api/reports/big5/${reportId}/pdf?edition=1`);
    expect(server().requestsTo('POST', `/api/reports/big5/${reportId}/update`)).toHaveLength(1);

    phase = 'new';
    const cover = await screen.findByRole('banner', { name: 'Report cover' }, { timeout: 6000 });
    expect(within(cover).getByText('Edition').nextElementSibling).toHaveTextContent('2');
    expect(screen.queryByRole('region', { name: 'Your answers have changed' })).toBeNull();
  });

  it('shows a report not ready yet as being generated, and the report once it is, without a reload', async () => {
    let ready = false;
    serveView(() => (ready ? { status: 200, body: reportViewFixture() } : notReady));
    renderRoute(`/report/big5/${reportId}`);

    expect(await screen.findByText('This page turns into your report as soon as it is ready. You do not need to reload it.', undefined, routeTimeout)).toBeInTheDocument();
    ready = true;
    expect(await screen.findByRole('navigation', { name: 'Contents' }, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByRole('banner', { name: 'Report cover' })).toHaveTextContent('BIG5 personality report');
  });

  it("says a report is not found for another user's or an unknown report, and for an address that cannot name one", async () => {
    serveView(() => ({ status: 404, body: { message: 'Not found.', code: 'not_found' } }));
    const { router } = renderRoute(`/report/big5/${reportId}`);

    expect(await screen.findByRole('heading', { name: 'Report not found' }, routeTimeout)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my reports' })).toHaveAttribute('href', '/reports');

    const asked = server().requestsTo('GET', viewPath).length;
    await router.navigate('/report/big5/not-a-report');
    expect(await screen.findByRole('heading', { name: 'Report not found' }, routeTimeout)).toBeInTheDocument();
    await waitFor(() => expect(server().requestsTo('GET', viewPath)).toHaveLength(asked));
  });
});
