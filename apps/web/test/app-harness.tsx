import type { Account } from '@app/contract/account';
import { render } from '@testing-library/react';
// RouterProvider from 'react-router', not 'react-router/dom' as the app uses: under Node the
// latter loads react-router's CommonJS build, a second copy whose context the routes do not see.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../src/app/providers.tsx';
import { createAppRoutes } from '../src/app/router.tsx';
import type { LocalApiServer } from './local-api-server.ts';

// Renders the app's real route table in a memory router, against a real local HTTP server.
// The app's HTTP client calls same-origin paths ('/api/user'); a browser resolves them against
// the page's origin, Node's fetch cannot, so `routeFetchTo` does that resolution and keeps the
// cookies the server sets in document.cookie, as a browser would. Nothing of ours is replaced.

/** Sends the app's relative requests to `baseUrl`; returns the function that undoes it. */
export function routeFetchTo(baseUrl: string): () => void {
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const response = await nodeFetch(new URL(url, baseUrl), init);
    for (const cookie of response.headers.getSetCookie()) document.cookie = cookie;
    return response;
  };
  return () => {
    globalThis.fetch = nodeFetch;
  };
}

/** A stored session (spec section 3 keys) that the server accepts, for `user`. */
export function seedSession(server: LocalApiServer, user: Account, token = `token-of-${user.id}`): void {
  localStorage.setItem('auth_token', token);
  localStorage.setItem('refresh_token', `refresh-${token}`);
  localStorage.setItem('expires_at', String(Math.floor(Date.now() / 1000) + 3600));
  server.on('GET', '/api/user', (request) =>
    request.headers.authorization === `Bearer ${token}`
      ? { status: 200, body: user }
      : { status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } },
  );
}

/** Lazy routes compile on first use in tests; give them time. */
export const routeTimeout = { timeout: 5000 };

export function renderRoute(path: string) {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}
