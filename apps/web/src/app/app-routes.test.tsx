import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { completeUser, incompleteUser } from '../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../test/app-harness.tsx';
import { setUpRouteTests } from '../../test/route-test-setup.ts';
import { i18n } from '../lib/i18n.ts';

// The real route table, guard, layouts and pages, in a memory router, against a real HTTP server.

const server = setUpRouteTests();

function currentPath(router: { state: { location: { pathname: string } } }) {
  return router.state.location.pathname;
}

describe('navigation guard, wired into the router', () => {
  it('sends a logged-out visitor of /dashboard to /login', async () => {
    const { router } = renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
  });

  it('tells the login page where a logged-out visitor was going, query included', async () => {
    const { router } = renderRoute('/settings/password?from=menu');
    await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout);
    expect(currentPath(router)).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/settings/password?from=menu')}`);
  });

  it.each(['/dashboard', '/logout'])('sends a logged-out visitor of %s to the plain login page', async (path) => {
    // The dashboard is where a login goes anyway; coming back to /logout would end the new session.
    const { router } = renderRoute(path);
    await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout);
    expect(currentPath(router)).toBe('/login');
    expect(router.state.location.search).toBe('');
  });

  it('sends a logged-in user with finished registration from /login to /dashboard', async () => {
    seedSession(server(), completeUser);
    const { router } = renderRoute('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('lets a user with unfinished registration stay on /settings/appearance', async () => {
    seedSession(server(), incompleteUser);
    const { router } = renderRoute('/settings/appearance');
    expect(await screen.findByRole('heading', { name: 'Appearance settings' }, routeTimeout)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/settings/appearance');
    expect(screen.getByRole('radiogroup', { name: 'Appearance' })).toBeInTheDocument();
  });

  it('shows the NotFound page, with its title and a link home, for an unknown path', async () => {
    const { router } = renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 }, routeTimeout)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(currentPath(router)).toBe('/no/such/page');
    await waitFor(() => expect(document.title).toBe('Page not found | Compass'));
  });

  it('sends / to /login when logged out', async () => {
    const { router } = renderRoute('/');
    await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout);
    expect(currentPath(router)).toBe('/login');
  });

  it('sends / to /dashboard when logged in', async () => {
    seedSession(server(), incompleteUser);
    const { router } = renderRoute('/');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout);
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('sends /settings to /settings/profile, which shows the account', async () => {
    seedSession(server(), completeUser);
    const { router } = renderRoute('/settings');
    expect(await screen.findByRole('heading', { name: 'Profile information' }, routeTimeout)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/settings/profile');
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveDisplayValue('English');
  });

  it('restores the stored session before each navigation, not only the first', async () => {
    seedSession(server(), completeUser);
    const { router } = renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout);

    // Another tab logs out: the stored tokens disappear.
    localStorage.clear();
    await router.navigate('/settings/appearance');

    expect(await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
  });
});

describe('app shell', () => {
  it('shows the sidebar navigation, the user and the breadcrumbs', async () => {
    seedSession(server(), completeUser);
    renderRoute('/settings/appearance');
    await screen.findByRole('heading', { name: 'Appearance settings' }, routeTimeout);

    const mainNav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(mainNav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(mainNav).getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
    expect(within(mainNav).getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/payments');

    const settingsNav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(settingsNav).getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/settings/billing');
    expect(within(settingsNav).getByRole('link', { name: 'Appearance' })).toHaveAttribute('aria-current', 'page');

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings/profile');
    // The last crumb is the current page, as plain text.
    expect(within(crumbs).queryByRole('link', { name: 'Appearance' })).toBeNull();
    expect(within(crumbs).getByText('Appearance')).toHaveAttribute('aria-current', 'page');

    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Ada Lovelace/ })).toHaveAttribute('aria-haspopup', 'menu');
  });

  it('switches the appearance from the settings page', async () => {
    seedSession(server(), completeUser);
    renderRoute('/settings/appearance');
    const dark = await screen.findByRole('radio', { name: 'Dark' }, routeTimeout);
    await userEvent.click(dark);
    expect(dark).toHaveAttribute('aria-checked', 'true');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('appearance')).toBe('dark');

    await userEvent.click(screen.getByRole('radio', { name: 'Light' }));
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});

describe('login page', () => {
  it("shows 'Field is required' under both fields when submitted empty", async () => {
    renderRoute('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }, routeTimeout));
    expect(await screen.findAllByText('Field is required')).toHaveLength(2);
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Field is required');
    expect(server().requestsTo('POST', '/api/login')).toHaveLength(0);
  });

  it("shows 'Must be a valid email' for an address without a domain", async () => {
    renderRoute('/login');
    await userEvent.type(await screen.findByLabelText('Email address', undefined, routeTimeout), 'ada@');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Must be a valid email')).toBeInTheDocument();
  });

  it('links to sign-up and password recovery', async () => {
    renderRoute('/login');
    expect(await screen.findByRole('link', { name: 'Sign up' }, routeTimeout)).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it("shows the server's message when the credentials are wrong", async () => {
    server().on('POST', '/api/login', () => ({ status: 401, body: { message: 'Invalid login credentials', code: 'invalid_credentials' } }));
    renderRoute('/login');
    await userEvent.type(await screen.findByLabelText('Email address', undefined, routeTimeout), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
  });

  it("puts a 422's field errors under their fields", async () => {
    server().on('POST', '/api/login', () => ({
      status: 422,
      body: {
        message: 'The provided data is invalid. Please check your input and try again.',
        errors: { email: ['This account is locked'] },
      },
    }));
    renderRoute('/login');
    await userEvent.type(await screen.findByLabelText('Email address', undefined, routeTimeout), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('This account is locked')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The provided data is invalid.');
  });

  it('logs in through the server and goes to the dashboard', async () => {
    server().on('POST', '/api/login', (request) =>
      JSON.stringify(request.body) === JSON.stringify({ email: 'ada@example.com', password: 'secret' })
        ? {
            status: 200,
            body: { access_token: 'fresh-token', refresh_token: 'fresh-refresh', expires_at: Math.floor(Date.now() / 1000) + 3600, account: completeUser },
          }
        : { status: 400, body: { message: 'Unexpected login body' } },
    );
    const { router } = renderRoute('/login');
    await userEvent.type(await screen.findByLabelText('Email address', undefined, routeTimeout), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
    expect(localStorage.getItem('auth_token')).toBe('fresh-token');
  });
});

describe('logout', () => {
  it('logs out on the server, then goes to the login page', async () => {
    seedSession(server(), completeUser);
    server().on('POST', '/api/logout', () => ({ status: 204 }));
    const { router } = renderRoute('/logout');
    expect(await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
    expect(server().requestsTo('POST', '/api/logout')).toHaveLength(1);
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('stays and shows the error when the logout call fails', async () => {
    seedSession(server(), completeUser);
    server().on('POST', '/api/logout', () => ({ status: 503, body: { message: 'down', code: 'service_unavailable' } }));
    const { router } = renderRoute('/logout');
    expect(await screen.findByRole('alert', undefined, routeTimeout)).toHaveTextContent(i18n.t('serverErrors.service_unavailable'));
    expect(currentPath(router)).toBe('/logout');
    expect(screen.getByRole('link', { name: 'Continue to log in' })).toHaveAttribute('href', '/login');
  });

  it('sends a logged-out visitor of /logout to /login', async () => {
    const { router } = renderRoute('/logout');
    await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout);
    expect(currentPath(router)).toBe('/login');
    expect(server().requestsTo('POST', '/api/logout')).toHaveLength(0);
  });
});
