import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { completeUser } from '../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../test/app-harness.tsx';
import { setUpRouteTests } from '../../test/route-test-setup.ts';

// The NotFound route (issue 16): a signed-in user's wrong link stays in the app's frame; a guest
// keeps the page on its own.

const server = setUpRouteTests();

describe('NotFound', () => {
  it('keeps the sidebar and the header around the 404 for a signed-in user, with the way to the dashboard', async () => {
    seedSession(server(), completeUser);
    const { router } = renderRoute('/reprots');

    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 }, routeTimeout)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reprots');
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' }, routeTimeout);
    const mainNav = within(sidebar).getByRole('navigation', { name: 'Main' });
    expect(within(mainNav).getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
    expect(screen.getByRole('button', { name: /Ada Lovelace/ })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows a guest the page on its own, without the app frame', async () => {
    renderRoute('/reprots');
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 }, routeTimeout)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });
});
