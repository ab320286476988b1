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
