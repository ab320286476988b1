import { teamInsightMessages, type ConsentView } from '@app/contract/team-insights';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';
import { consentFixture, sharedConsent } from '../testing/team-insights-fixture.ts';

// Settings › Organisations (issue 13) through the real route table, against a real local HTTP
// server scripted as GET /api/user/organisation-consents and PUT /api/organisations/{id}/consent answer.

const server = setUpRouteTests();

const oak = consentFixture();
const fair = consentFixture({
  organisation_id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  organisation_name: 'Spring Fair',
  organisation_type: 'event_organiser',
  audience: [
    { viewer: 'owner', sees: 'aggregates_only' },
    { viewer: 'admin', sees: 'aggregates_only' },
    { viewer: 'member', sees: 'aggregates_only' },
  ],
});

async function openConsents(consents: ConsentView[] = [oak, fair]) {
  seedSession(server(), completeUser);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
  server().on('GET', '/api/user/organisation-consents', () => ({ status: 200, body: { data: consents } }));
  renderRoute('/settings/organisations');
  await screen.findByRole('heading', { name: 'Organisations', level: 2 }, routeTimeout);
}

const organisation = (name: string) => screen.findByRole('region', { name }, routeTimeout);

describe('Settings › Organisations: what each organisation sees of my results', () => {
  it('lists every organisation with aggregate only chosen by default, and says who sees what', async () => {
    await openConsents();
    const oakRegion = await organisation('Oak & Pine Ltd');
    const choice = within(oakRegion).getByRole('group', { name: 'What Oak & Pine Ltd may see of your results' });
    expect(within(choice).getByRole('radio', { name: /Aggregate only/ })).toBeChecked();
    expect(within(choice).getByRole('radio', { name: /Individual results/ })).not.toBeChecked();
    expect(within(oakRegion).getByText('Owners see only the team overview, never your own results.')).toBeInTheDocument();
    expect(within(oakRegion).getByText('Admins see only the team overview, never your own results.')).toBeInTheDocument();
    expect(within(oakRegion).getByText('Other members see only the team overview, never your own results.')).toBeInTheDocument();
    // An event organiser never sees one person's results: the page says so beside the option.
    expect(within(await organisation('Spring Fair')).getByText(/This type of organisation never sees individual results/)).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('link', { name: 'Organisations' })).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Organisations | Compass');
  });

  it('saves a change at once with PUT, shows the server’s confirmation and the new audience, and withdraws it again', async () => {
    const base = `/api/organisations/${oak.organisation_id}/consent`;
    server().on('PUT', base, (request) => ({ status: 200, body: { data: (request.body as { visibility: string }).visibility === 'individual' ? sharedConsent() : consentFixture() } }));
    await openConsents();
    const oakRegion = await organisation('Oak & Pine Ltd');
    await userEvent.click(within(oakRegion).getByRole('radio', { name: /Individual results/ }));
    expect(await within(oakRegion).findByText(teamInsightMessages.consentSaved, undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('PUT', base)[0]?.body).toEqual({ visibility: 'individual' });
    expect(within(oakRegion).getByRole('radio', { name: /Individual results/ })).toBeChecked();
    expect(within(oakRegion).getByText('Owners see your individual results and the team overview.')).toBeInTheDocument();
    expect(within(oakRegion).getByText('Other members see only the team overview, never your own results.')).toBeInTheDocument();
    expect(within(oakRegion).getByText(/You have shared your individual results since/)).toBeInTheDocument();

    await userEvent.click(within(oakRegion).getByRole('radio', { name: /Aggregate only/ }));
    await waitFor(() => expect(server().requestsTo('PUT', base).at(-1)?.body).toEqual({ visibility: 'aggregate_only' }), routeTimeout);
    expect(await within(oakRegion).findByText('Owners see only the team overview, never your own results.', undefined, routeTimeout)).toBeInTheDocument();
    expect(within(oakRegion).getByRole('radio', { name: /Aggregate only/ })).toBeChecked();
  });

  it('keeps the saved choice and says why when the server refuses', async () => {
    server().on('PUT', `/api/organisations/${oak.organisation_id}/consent`, () => ({ status: 404, body: { message: 'Not found.', code: 'not_found' } }));
    await openConsents();
    const oakRegion = await organisation('Oak & Pine Ltd');
    await userEvent.click(within(oakRegion).getByRole('radio', { name: /Individual results/ }));
    expect(await within(oakRegion).findByRole('alert', undefined, routeTimeout)).toBeInTheDocument();
    expect(within(oakRegion).getByRole('radio', { name: /Aggregate only/ })).toBeChecked();
  });

  it('says so when the user belongs to no organisation', async () => {
    await openConsents([]);
    expect(await screen.findByText('You do not belong to any organisation.', undefined, routeTimeout)).toBeInTheDocument();
  });
});

describe('Settings › Organisations: the Human Capital Experts an organisation shares itself with', () => {
  it('says what each expert sees of my results', async () => {
    await openConsents([{ ...sharedConsent(), experts: [{ organisation_name: 'People Advisors', sees: 'individual_results' }, { organisation_name: 'Aggregate Advisors', sees: 'aggregates_only' }] }]);
    const oakRegion = await organisation('Oak & Pine Ltd');
    expect(within(oakRegion).getByText('People Advisors, a Human Capital Expert Oak & Pine Ltd shares itself with, sees your individual results and the team overview.')).toBeInTheDocument();
    expect(within(oakRegion).getByText('Aggregate Advisors, a Human Capital Expert Oak & Pine Ltd shares itself with, sees only the team overview, never your own results.')).toBeInTheDocument();
  });
});
