import type { Organisation } from '@app/contract/organisations';
import { teamReportMessages, type TeamReportItem, type TeamReportList } from '@app/contract/team-report';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { baseOrganisationFixture } from '../../../../test/organisation-fixture.ts';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';
import { consentFixture, groupMinimumFixture, shownOverview } from '../testing/team-insights-fixture.ts';

// The team report on organization.insights (issue 13) through the real route table, against a
// real local HTTP server scripted as the team report routes answer: Create team report, its state
// while it is made, Download PDF, Try again; members download only; nothing without the service.

const server = setUpRouteTests();

const organisationId = '7d0c4a52-3f6e-4b8a-9c1d-2e5f6a7b8c9d';
const base = `/api/organisations/${organisationId}`;
const reportId = '0b6a2f1e-4c3d-4e5f-8a9b-1c2d3e4f5a6b';

const edition = (overrides: Partial<TeamReportItem> = {}): TeamReportItem => ({
  id: reportId,
  edition: 1,
  status: 'ready',
  created_at: '2026-11-26T10:00:00.000Z',
  generated_at: '2026-11-26T10:00:05.000Z',
  page_count: 4,
  ...overrides,
});

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:team-report');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

function serve(role: Organisation['role'], list: () => TeamReportList) {
  const current = baseOrganisationFixture({ id: organisationId, role });
  const manager = role !== 'member';
  seedSession(server(), completeUser);
  localStorage.setItem(`active_profile:${completeUser.id}`, `organisation:${organisationId}`);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
  server().on('GET', '/api/organisations', () => ({ status: 200, body: { data: [current] } }));
  server().on('GET', base, () => ({ status: 200, body: { data: current } }));
  server().on('GET', `${base}/team-overview`, () => ({ status: 200, body: { data: shownOverview(5) } }));
  server().on('GET', `${base}/consent`, () => ({ status: 200, body: { data: consentFixture() } }));
  server().on('GET', `${base}/group-minimum`, () => (manager ? { status: 200, body: { data: groupMinimumFixture() } } : { status: 403, body: { message: 'This action is unauthorized.', code: 'forbidden' } }));
  server().on('GET', `${base}/shared-results`, () => ({ status: 200, body: { data: [] } }));
  server().on('GET', `${base}/team-reports`, () => ({ status: 200, body: { data: list() } }));
}

async function open() {
  renderRoute(`/organization/${organisationId}/insights`);
  await screen.findByRole('heading', { name: 'Team insights', level: 1 }, routeTimeout);
}

const section = () => screen.findByRole('region', { name: 'Team report' }, routeTimeout);

describe('organization.insights: the team report', () => {
  it('creates an edition with one request key, shows it being generated, then ready to download', async () => {
    let reports: TeamReportItem[] = [];
    serve('owner', () => ({ can_create: true, unavailable_message: null, reports }));
    server().on('POST', `${base}/team-reports`, () => {
      reports = [edition({ status: 'pending', generated_at: null, page_count: null })];
      return { status: 202, body: { data: reports[0] } };
    });
    server().on('GET', `${base}/team-reports/${reportId}/pdf`, () => ({
      status: 200,
      rawBody: '%PDF-1.7',
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Compass - Team report - Oak & Pine Ltd - 2026-11-26.pdf"' },
    }));
    // The browser's part (jsdom does not save files): record what is saved.
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await open();
    const region = await section();
    expect(within(region).getByText('No team report has been created yet.')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Create team report' }));

    expect(await within(region).findByText('Being generated…', undefined, routeTimeout)).toBeInTheDocument();
    const [request] = server().requestsTo('POST', `${base}/team-reports`);
    expect(request?.body).toEqual({ request_key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    // One edition on its way: no second one until it is made.
    expect(within(region).getByRole('button', { name: 'Create team report' })).toBeDisabled();

    reports = [edition()];
    const download = await within(region).findByRole('link', { name: 'Download PDF, edition 1' }, { timeout: 5000 });
    expect(within(region).getByText('Ready')).toBeInTheDocument();
    expect(within(region).getByText(/4 pages/)).toBeInTheDocument();
    expect(download).toHaveAttribute('href', `${base}/team-reports/${reportId}/pdf`);
    await userEvent.click(download);
    await waitFor(() => expect(saved).toEqual(['Compass - Team report - Oak & Pine Ltd - 2026-11-26.pdf']));
    expect(server().requestsTo('GET', `${base}/team-reports/${reportId}/pdf`)[0]?.headers.authorization).toBe(`Bearer token-of-${completeUser.id}`);
    expect(within(region).queryByRole('alert')).toBeNull();
  });

  it('tries a failed edition again', async () => {
    let reports = [edition({ status: 'failed', generated_at: null, page_count: null })];
    serve('admin', () => ({ can_create: true, unavailable_message: null, reports }));
    server().on('POST', `${base}/team-reports/${reportId}/retry`, () => {
      reports = [edition({ status: 'pending', generated_at: null, page_count: null })];
      return { status: 200, body: { data: reports[0] } };
    });
    await open();
    const region = await section();
    expect(within(region).getByText('Failed')).toBeInTheDocument();
    expect(within(region).getByText('This edition could not be made.')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByText('Being generated…', undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('POST', `${base}/team-reports/${reportId}/retry`)).toHaveLength(1);
    expect(within(region).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows the server’s reason when creating is refused', async () => {
    serve('owner', () => ({ can_create: true, unavailable_message: null, reports: [] }));
    server().on('POST', `${base}/team-reports`, () => ({ status: 403, body: { message: teamReportMessages.serviceRequired, code: 'forbidden' } }));
    await open();
    const region = await section();
    await userEvent.click(within(region).getByRole('button', { name: 'Create team report' }));
    expect(await within(region).findByText(teamReportMessages.serviceRequired, undefined, routeTimeout)).toBeInTheDocument();
  });

  it('lets a member download a ready edition but not create one', async () => {
    serve('member', () => ({ can_create: false, unavailable_message: null, reports: [edition()] }));
    await open();
    const region = await section();
    expect(within(region).getByRole('link', { name: 'Download PDF, edition 1' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Create team report' })).toBeNull();
  });

  it('shows no team report section to an organisation without the team service', async () => {
    serve('owner', () => ({ can_create: false, unavailable_message: teamReportMessages.serviceRequired, reports: [] }));
    await open();
    await screen.findByRole('region', { name: 'Group minimum' }, routeTimeout);
    await waitFor(() => expect(server().requestsTo('GET', `${base}/team-reports`).length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Team report' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create team report' })).toBeNull();
  });
});
