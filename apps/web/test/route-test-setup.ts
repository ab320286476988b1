import { afterAll, beforeAll, beforeEach } from 'vitest';
import { tokenStorage } from '../src/lib/token-storage.ts';
import { routeFetchTo } from './app-harness.tsx';
import type { LocalApiServer } from './local-api-server.ts';
import { setUpLocalApiServer } from './local-api-server-setup.ts';
import { clearQueryCache } from './query-cache.ts';

/**
 * The usual set-up of a route test file: a real local API server that the app's requests go to,
 * a CSRF cookie endpoint, and no stored session and an empty query cache (the app's one cache
 * outlives a rendered route) before each test. Call at the top of the file;
 * the returned function gives the running server.
 */
export function setUpRouteTests(): () => LocalApiServer {
  const server = setUpLocalApiServer();
  let restoreFetch: () => void = () => undefined;

  beforeAll(() => {
    restoreFetch = routeFetchTo(server().url);
    // jsdom does not implement scrolling; the router's scroll restoration calls it.
    window.scrollTo = () => undefined;
  });

  afterAll(() => {
    restoreFetch();
  });

  beforeEach(() => {
    server().on('GET', '/sanctum/csrf-cookie', () => ({ status: 204, headers: { 'Set-Cookie': 'XSRF-TOKEN=xsrf-1; Path=/; SameSite=Lax' } }));
    // Clearing the stored session also empties the session store (it follows the storage).
    tokenStorage.clear();
    clearQueryCache();
  });

  return server;
}
