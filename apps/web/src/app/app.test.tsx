import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { completeUser } from '../../test/account-fixture.ts';
import { routeTimeout, seedSession } from '../../test/app-harness.tsx';
import { setUpRouteTests } from '../../test/route-test-setup.ts';
import { sessionStore } from '../lib/session-store.ts';
import { App } from './app.tsx';
import { Providers } from './providers.tsx';

const server = setUpRouteTests();

describe('start-up', () => {
  it('restores the stored session before showing the app, with a loading state meanwhile', async () => {
    seedSession(server(), completeUser);
    // Hold the user's answer back, so the loading state is visible.
    server().on('GET', '/api/user', () => ({ status: 200, body: completeUser, delayMs: 300 }));
    window.history.replaceState(null, '', '/dashboard');

    // main.tsx starts the restore before rendering.
    const restored = sessionStore.restore();
    render(
      <Providers>
        <App />
      </Providers>,
    );

    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('heading')).toBeNull();

    await restored;
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
    // The guard's restore before the first navigation found the user loaded: one call only.
    expect(server().requestsTo('GET', '/api/user')).toHaveLength(1);
  });
});

describe('a session that ends while the app is open', () => {
  it("takes the user to the login page, which says 'Session expired. Please log in again.' once", async () => {
    seedSession(server(), completeUser);
    window.history.replaceState(null, '', '/dashboard');
    await sessionStore.restore();
    render(
      <Providers>
        <App />
      </Providers>,
    );
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout)).toBeInTheDocument();

    // The server revokes the session: the next call is refused, and so is the refresh.
    server().on('GET', '/api/user', () => ({ status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } }));
    server().on('POST', '/api/auth/refresh-token', () => ({ status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } }));
    await sessionStore.reloadUser();

    expect(await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent('Session expired. Please log in again.');
    // Said on the page, not also in a toast.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText('Session expired. Please log in again.')).toHaveLength(1);
  });
});
