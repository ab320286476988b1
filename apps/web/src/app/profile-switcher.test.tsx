import type { OrganisationSummary } from '@app/contract/organisations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountFixture, completeUser } from '../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../test/app-harness.tsx';
import { setUpRouteTests } from '../../test/route-test-setup.ts';

// The profile switcher of spec section 2 (issue 12) in the real shell: the personal profile and
// the user's organisations, the choice remembered per user, and what it changes in the sidebar
// and on the dashboard (the organisation's own dashboard: organisation-dashboard.test.tsx).

const server = setUpRouteTests();

const oak: OrganisationSummary = {
  id: '5b1f3c2a-7d4e-4f6a-8b9c-0d1e2f3a4b5c',
  name: 'Oak & Pine Ltd',
  type: 'business',
  status: 'active',
  plan: 'monthly',
  role: 'owner',
  created_at: '2026-11-01T09:00:00.000Z',
};
const fair: OrganisationSummary = {
  id: '6c2a4d3b-8e5f-4a7b-9c0d-1e2f3a4b5c6d',
  name: 'Leeds Careers Fair',
  type: 'event_organiser',
  status: 'pending_activation',
  plan: 'contract',
  role: 'member',
  created_at: '2026-11-02T09:00:00.000Z',
};

beforeEach(() => {
  localStorage.clear();
});

function serve(organisations: OrganisationSummary[] = [oak, fair], user = completeUser) {
  seedSession(server(), user);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
  server().on('GET', '/api/organisations', () => ({ status: 200, body: { data: organisations } }));
}

async function openSwitcher() {
  await userEvent.click(await screen.findByRole('button', { name: /^Switch profile, current: / }, routeTimeout));
  return screen.findByRole('menu');
}

const organisationNav = (name: string) => screen.queryByRole('navigation', { name: `Organisation ${name}` });

describe('the profile switcher', () => {
  it("lists the personal profile and every organisation the user belongs to, with 'Create organization'", async () => {
    serve();
    renderRoute('/settings/appearance');
    const menu = await openSwitcher();
    expect(within(menu).getByRole('menuitemradio', { name: /Personal profile/ })).toHaveAttribute('aria-checked', 'true');
    expect(await within(menu).findByRole('menuitemradio', { name: /Oak & Pine Ltd.*Owner/ }, routeTimeout)).toHaveAttribute('aria-checked', 'false');
    expect(within(menu).getByRole('menuitemradio', { name: /Leeds Careers Fair.*Member · Awaiting activation/ })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Create organization' })).toHaveAttribute('href', '/organization/create');
    expect(organisationNav('Oak & Pine Ltd')).toBeNull();
  });

  it('remembers the chosen organisation; the sidebar adds its Members and Billing and the dashboard names it', async () => {
    serve();
    const { router, unmount } = renderRoute('/settings/appearance');
    const menu = await openSwitcher();
    await userEvent.click(await within(menu).findByRole('menuitemradio', { name: /Oak & Pine Ltd/ }, routeTimeout));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem(`active_profile:${completeUser.id}`)).toBe(`organisation:${oak.id}`);
    const nav = await screen.findByRole('navigation', { name: 'Organisation Oak & Pine Ltd' }, routeTimeout);
    expect(within(nav).getByRole('link', { name: 'Members' })).toHaveAttribute('href', `/organization/${oak.id}/members`);
    expect(within(nav).getByRole('link', { name: 'Billing' })).toHaveAttribute('href', `/settings/billing?organisation=${oak.id}`);
    expect(await screen.findByRole('heading', { name: 'Oak & Pine Ltd', level: 1 }, routeTimeout)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch profile, current: Oak & Pine Ltd' })).toBeInTheDocument();

    // Another visit opens with the same profile.
    unmount();
    renderRoute('/settings/appearance');
    expect(await screen.findByRole('navigation', { name: 'Organisation Oak & Pine Ltd' }, routeTimeout)).toBeInTheDocument();
  });

  it('keeps each user’s choice apart, and falls back to the personal profile for an organisation the user left', async () => {
    localStorage.setItem(`active_profile:${completeUser.id}`, `organisation:${oak.id}`);
    // Grace chose the fair once, and is no longer one of its members.
    localStorage.setItem('active_profile:user-9', `organisation:${fair.id}`);
    serve([oak], accountFixture({ id: 'user-9', name: 'Grace Hopper', email: 'grace@example.com' }));
    renderRoute('/settings/appearance');
    await waitFor(() => expect(server().requestsTo('GET', '/api/organisations').length).toBeGreaterThan(0), routeTimeout);
    expect(await screen.findByRole('button', { name: 'Switch profile, current: Personal profile' }, routeTimeout)).toBeInTheDocument();
    expect(organisationNav('Oak & Pine Ltd')).toBeNull();
    expect(organisationNav('Leeds Careers Fair')).toBeNull();
  });

  it('offers a member the Members of the organisation but not its Billing', async () => {
    localStorage.setItem(`active_profile:${completeUser.id}`, `organisation:${fair.id}`);
    serve();
    renderRoute('/settings/appearance');
    const nav = await screen.findByRole('navigation', { name: 'Organisation Leeds Careers Fair' }, routeTimeout);
    expect(within(nav).getByRole('link', { name: 'Members' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Billing' })).toBeNull();
  });
});
