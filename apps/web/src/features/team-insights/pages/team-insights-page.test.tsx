import { teamInsightMessages, type ConsentView, type GroupMinimum, type SharedResultsMember, type TeamOverview } from '@app/contract/team-insights';
import type { Organisation } from '@app/contract/organisations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { baseOrganisationFixture } from '../../../../test/organisation-fixture.ts';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';
import { consentFixture, groupMinimumFixture, hiddenByDifference, memberResultsFixture, notEnoughResponses, sharedConsent, shownOverview } from '../testing/team-insights-fixture.ts';

// organization.insights and organization.member-results (issue 13) through the real route table,
// against a real local HTTP server scripted as the team-insights routes answer.

const server = setUpRouteTests();

const organisationId = '7d0c4a52-3f6e-4b8a-9c1d-2e5f6a7b8c9d';
const base = `/api/organisations/${organisationId}`;
const ines: SharedResultsMember = { user_id: '5b1f4c2e-8d3a-4e6b-9f7c-1a2b3c4d5e6f', name: 'Ines Invitee', email: 'ines@example.com', shared_since: '2026-11-20T09:00:00.000Z' };
const forbidden = (message: string) => ({ status: 403, body: { message, code: 'forbidden' } });

beforeEach(() => {
  localStorage.clear();
});

interface Serve {
  organisation?: Partial<Organisation>;
  overview?: (query: URLSearchParams) => TeamOverview;
  minimum?: GroupMinimum;
  consent?: ConsentView;
  shared?: SharedResultsMember[];
  profile?: 'organisation' | 'personal';
}

function serve({ organisation = {}, overview = () => shownOverview(5), minimum = groupMinimumFixture(), consent = consentFixture(), shared = [ines], profile = 'organisation' }: Serve = {}) {
  const current = baseOrganisationFixture({ id: organisationId, ...organisation });
  const manager = current.role !== 'member';
  seedSession(server(), completeUser);
  if (profile === 'organisation') localStorage.setItem(`active_profile:${completeUser.id}`, `organisation:${organisationId}`);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
  server().on('GET', '/api/organisations', () => ({ status: 200, body: { data: [current] } }));
  server().on('GET', base, () => ({ status: 200, body: { data: current } }));
  server().on('GET', `${base}/team-overview`, (request) => ({ status: 200, body: { data: overview(request.query) } }));
  server().on('GET', `${base}/consent`, () => ({ status: 200, body: { data: consent } }));
  server().on('GET', `${base}/group-minimum`, () => (manager ? { status: 200, body: { data: minimum } } : forbidden('This action is unauthorized.')));
  server().on('GET', `${base}/shared-results`, () => (manager ? { status: 200, body: { data: shared } } : forbidden('This action is unauthorized.')));
}

async function openInsights(options?: Serve) {
  serve(options);
  const view = renderRoute(`/organization/${organisationId}/insights`);
  await screen.findByRole('heading', { name: 'Team insights', level: 1 }, routeTimeout);
  return view;
}

const card = (name: string) => screen.findByRole('region', { name }, routeTimeout);

describe('organization.insights: the team overview', () => {
  it("shows a group at the minimum with its size, charts' numbers as tables, under Dashboard › the organisation › Team insights", async () => {
    await openInsights();
    const big5 = await card('Personality (BIG5)');
    expect(within(big5).getByText('5 people answered')).toBeInTheDocument();
    const table = within(big5).getByRole('table', { name: 'People per band, and the average score' });
    expect(within(table).getByRole('row', { name: /Openness/ }).textContent).toBe('Openness64.2032');
    const values = await card('Top values');
    expect(within(values).getByRole('row', { name: /Benevolence/ })).toHaveTextContent('Benevolence480%');
    const culture = await card('Culture preferences');
    expect(within(culture).getByRole('row', { name: /Collaborative/ })).toHaveTextContent('Collaborative38.5%3');
    expect(screen.getByText('Groups of fewer than 5 people are not shown, so no one can be singled out.')).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(await crumbs.findByText('Oak & Pine Ltd')).toBeInTheDocument();
    expect(crumbs.getByText('Team insights')).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Team insights | Compass');
  });

  it("shows 'Not enough responses to show this group' and no values for a group below the minimum, and the server's reason for a suppressed one", async () => {
    await openInsights({ overview: () => shownOverview(5, { big5: notEnoughResponses, values: hiddenByDifference }) });
    const big5 = await card('Personality (BIG5)');
    expect(within(big5).getByText('Not enough responses to show this group')).toBeInTheDocument();
    expect(within(big5).queryByRole('table')).toBeNull();
    expect(within(big5).queryByText(/Openness/)).toBeNull();
    expect(within(big5).queryByText(/people answered/)).toBeNull();
    const values = await card('Top values');
    expect(within(values).getByText(teamInsightMessages.hiddenByDifference)).toBeInTheDocument();
    expect(within(values).queryByText('Benevolence')).toBeNull();
    // The culture set of the same group is shown on its own.
    expect(within(await card('Culture preferences')).getByText('5 people answered')).toBeInTheDocument();
  });

  it('asks again with the filters the server offers, and clears them', async () => {
    await openInsights({
      overview: (query) => (query.get('position_title') === 'Carpenter' && query.get('tenure') === 'over_2_years' ? shownOverview(5, { big5: notEnoughResponses, values: notEnoughResponses, culture: notEnoughResponses }) : shownOverview(12)),
    });
    const filters = await screen.findByRole('search', { name: 'Filter the team' }, routeTimeout);
    expect(within(filters).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All position titles',
      'Carpenter',
      'Designer',
      'Any time',
      'Under 6 months',
      '6 to 12 months',
      '1 to 2 years',
      'Over 2 years',
    ]);
    await userEvent.selectOptions(within(filters).getByLabelText('Position title'), 'Carpenter');
    await userEvent.selectOptions(within(filters).getByLabelText('Time in the organisation'), 'over_2_years');
    await waitFor(() => expect(screen.getAllByText('Not enough responses to show this group')).toHaveLength(3), routeTimeout);
    const asked = server().requestsTo('GET', `${base}/team-overview`).map((request) => [request.query.get('position_title'), request.query.get('tenure')]);
    expect(asked).toContainEqual(['Carpenter', null]);
    expect(asked.at(-1)).toEqual(['Carpenter', 'over_2_years']);

    await userEvent.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    expect(await within(await card('Personality (BIG5)')).findByText('12 people answered', undefined, routeTimeout)).toBeInTheDocument();
    // The whole team again (from the cache: it was asked a moment ago).
    expect(screen.queryByText('Not enough responses to show this group')).toBeNull();
  });

  it('shows a member the overview and their own choice, and asks nothing kept for owners and admins', async () => {
    await openInsights({ organisation: { role: 'member' } });
    expect(await card('Personality (BIG5)')).toBeInTheDocument();
    expect(await card('Your results')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Group minimum' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Individual results' })).toBeNull();
    expect(server().requestsTo('GET', `${base}/group-minimum`)).toHaveLength(0);
    expect(server().requestsTo('GET', `${base}/shared-results`)).toHaveLength(0);
  });
});

describe('organization.insights: the group minimum', () => {
  it('refuses a minimum below 3 with the contract’s message, saves 4 with PUT and shows the change, who and when', async () => {
    let minimum = groupMinimumFixture();
    server().on('PUT', `${base}/group-minimum`, (request) => {
      const asked = (request.body as { minimum: number }).minimum;
      minimum = groupMinimumFixture({ minimum: asked, changes: [{ minimum: asked, changed_by: { user_id: completeUser.id, name: completeUser.name }, changed_at: '2026-11-26T10:00:00.000Z' }] });
      serve({ minimum });
      return { status: 200, body: { data: minimum } };
    });
    await openInsights();
    const section = await card('Group minimum');
    expect(await within(section).findByText('Groups need at least 5 people.', undefined, routeTimeout)).toBeInTheDocument();
    expect(within(section).getByText('Never changed: the default of 5 people applies.')).toBeInTheDocument();
    const field = within(section).getByLabelText('Group minimum');
    await userEvent.clear(field);
    await userEvent.type(field, '2');
    await userEvent.click(within(section).getByRole('button', { name: 'Save minimum' }));
    expect(field).toHaveAccessibleDescription('The group minimum cannot be lower than 3.');
    expect(server().requestsTo('PUT', `${base}/group-minimum`)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '4');
    await userEvent.click(within(section).getByRole('button', { name: 'Save minimum' }));
    expect(await within(section).findByText(teamInsightMessages.minimumSaved, undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('PUT', `${base}/group-minimum`)[0]?.body).toEqual({ minimum: 4 });
    expect(await within(section).findByText('Groups need at least 4 people.', undefined, routeTimeout)).toBeInTheDocument();
    const log = within(section).getByRole('list', { name: 'Changes' });
    expect(log).toHaveTextContent('Set to 4');
    expect(log).toHaveTextContent(`by ${completeUser.name}`);
    // The overview follows the new minimum.
    await waitFor(() => expect(server().requestsTo('GET', `${base}/team-overview`).length).toBeGreaterThan(1), routeTimeout);
  });

  it("shows the server's 422 under the field (an event organiser's floor of 10)", async () => {
    server().on('PUT', `${base}/group-minimum`, () => ({
      status: 422,
      body: { message: 'The given data was invalid.', code: 'validation_failed', errors: { minimum: [teamInsightMessages.minimumTooLow.replace('{value}', '10')] } },
    }));
    // The page's own check knows the floor the server gave; the server decides on its own too.
    await openInsights({ organisation: { type: 'event_organiser' }, minimum: groupMinimumFixture({ minimum: 10, default: 10, floor: 3 }) });
    const section = await card('Group minimum');
    const field = await within(section).findByLabelText('Group minimum', undefined, routeTimeout);
    await userEvent.clear(field);
    await userEvent.type(field, '6');
    await userEvent.click(within(section).getByRole('button', { name: 'Save minimum' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('The group minimum cannot be lower than 10.'), routeTimeout);
  });
});

describe('organization.insights: individual results', () => {
  it('lists the members who share their results for a business owner, and shows one’s results', async () => {
    server().on('GET', `${base}/shared-results/${ines.user_id}`, () => ({ status: 200, body: { data: { ...ines, results: memberResultsFixture } } }));
    await openInsights();
    const section = await card('Individual results');
    const list = await within(section).findByRole('list', { name: 'Members who share their results' }, routeTimeout);
    expect(within(list).getByText('Ines Invitee')).toBeInTheDocument();
    expect(within(list).getByText('ines@example.com')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('link', { name: 'View the results of Ines Invitee' }));
    expect(await screen.findByRole('heading', { name: 'Results of Ines Invitee', level: 1 }, routeTimeout)).toBeInTheDocument();
    // The personal dashboard's summary draws them.
    expect(await screen.findByText('Conscientiousness', undefined, routeTimeout)).toBeInTheDocument();
    expect(document.title).toBe("Member's results | Compass");
  });

  it("shows the server's refusal, not what was seen before, once the member withdrew", async () => {
    let withdrawn = false;
    server().on('GET', `${base}/shared-results/${ines.user_id}`, () => (withdrawn ? forbidden(teamInsightMessages.noConsent) : { status: 200, body: { data: { ...ines, results: memberResultsFixture } } }));
    await openInsights();
    await userEvent.click(await screen.findByRole('link', { name: 'View the results of Ines Invitee' }, routeTimeout));
    expect(await screen.findByRole('heading', { name: 'Results of Ines Invitee', level: 1 }, routeTimeout)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to team insights' }));

    // Ines withdraws while the owner looks at the list, then opens her results again.
    withdrawn = true;
    await userEvent.click(await screen.findByRole('link', { name: 'View the results of Ines Invitee' }, routeTimeout));
    expect(await screen.findByText(teamInsightMessages.noConsent, undefined, routeTimeout)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Results of Ines Invitee' })).toBeNull();
    expect(screen.queryByText('Conscientiousness')).toBeNull();
  });

  it('offers no individual results to the owners of an organisation that is not a business', async () => {
    await openInsights({ organisation: { type: 'investor' } });
    expect(await card('Group minimum')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Individual results' })).toBeNull();
    expect(server().requestsTo('GET', `${base}/shared-results`)).toHaveLength(0);
  });
});

describe('organization.insights: the consent beside it', () => {
  it('changes the own choice for this organisation with PUT and shows who sees what', async () => {
    server().on('PUT', `${base}/consent`, () => ({ status: 200, body: { data: sharedConsent() } }));
    await openInsights();
    const own = await card('Your results');
    expect(within(own).getByRole('radio', { name: /Aggregate only/ })).toBeChecked();
    await userEvent.click(within(own).getByRole('radio', { name: /Individual results/ }));
    expect(await within(own).findByText(teamInsightMessages.consentSaved, undefined, routeTimeout)).toBeInTheDocument();
    expect(within(own).getByText('Owners see your individual results and the team overview.')).toBeInTheDocument();
    expect(server().requestsTo('PUT', `${base}/consent`)[0]?.body).toEqual({ visibility: 'individual' });
  });
});

describe('the sidebar', () => {
  it('has Team insights only while an organisation is the profile in use', async () => {
    await openInsights();
    const organisationNav = await screen.findByRole('navigation', { name: 'Organisation Oak & Pine Ltd' }, routeTimeout);
    expect(within(organisationNav).getByRole('link', { name: 'Team insights' })).toHaveAttribute('href', `/organization/${organisationId}/insights`);
  });

  it('has no Team insights with the personal profile', async () => {
    serve({ profile: 'personal' });
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { name: `Welcome, ${completeUser.name}`, level: 1 }, routeTimeout)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Team insights' })).toBeNull();
  });
});

describe('organization.insights: a client shared with the viewer’s HC expert organisation', () => {
  function serveShared({ overview, shared }: { overview: 'shown' | 403 | 404; shared: 'shown' | 403 | 404 }) {
    seedSession(server(), completeUser);
    server().on('GET', '/api/cart', () => ({ status: 204 }));
    server().on('GET', '/api/organisations', () => ({ status: 200, body: { data: [] } }));
    server().on('GET', base, () => ({ status: 404, body: { message: 'Not found.', code: 'not_found' } }));
    const refusal = (status: 403 | 404) => ({ status, body: { message: status === 403 ? 'The client has not shared this with your organisation.' : 'Not found.', code: status === 403 ? 'forbidden' : 'not_found' } });
    server().on('GET', `${base}/team-overview`, () => (overview === 'shown' ? { status: 200, body: { data: shownOverview(5) } } : refusal(overview)));
    server().on('GET', `${base}/shared-results`, () => (shared === 'shown' ? { status: 200, body: { data: [ines] } } : refusal(shared)));
  }

  it('shows the team overview of a client shared with aggregates, whose it is, and its team report to download, without the consenting members or the minimum', async () => {
    serveShared({ overview: 'shown', shared: 403 });
    const ready = { id: '0b6a2f1e-4c3d-4e5f-8a9b-1c2d3e4f5a6b', edition: 1, status: 'ready', created_at: '2026-11-26T10:00:00.000Z', generated_at: '2026-11-26T10:00:05.000Z', page_count: 4 };
    server().on('GET', `${base}/team-reports`, () => ({ status: 200, body: { data: { can_create: false, unavailable_message: null, reports: [ready] } } }));
    renderRoute(`/organization/${organisationId}/insights`);
    await screen.findByRole('heading', { name: 'Team insights', level: 1 }, routeTimeout);
    expect(await screen.findByRole('heading', { name: 'Team overview', level: 2 }, routeTimeout)).toBeInTheDocument();
    expect(screen.getByText('Oak & Pine Ltd')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Download PDF, edition 1' }, routeTimeout)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create team report/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Ines Invitee')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Group minimum' })).not.toBeInTheDocument();
  });

  it('lists the consenting members when the share includes individual results', async () => {
    serveShared({ overview: 403, shared: 'shown' });
    renderRoute(`/organization/${organisationId}/insights`);
    expect(await screen.findByText('Ines Invitee', undefined, routeTimeout)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Team overview' })).not.toBeInTheDocument();
  });

  it('says the organisation was not found when no relation gives access', async () => {
    serveShared({ overview: 404, shared: 404 });
    renderRoute(`/organization/${organisationId}/insights`);
    expect(await screen.findByText('This organisation does not exist, or you are not one of its members.', undefined, routeTimeout)).toBeInTheDocument();
  });
});
