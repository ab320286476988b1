import { afterAll, beforeAll, beforeEach } from 'vitest';
import { tokenStorage } from '../src/lib/token-storage.ts';
import { routeFetchTo } from './app-harness.tsx';
import { startLocalApiServer, type LocalApiServer } from './local-api-server.ts';

/**
 * The usual set-up of a route test file: a real local API server that the app's requests go to,
 * a CSRF cookie endpoint, and no stored session before each test. Call at the top of the file;
 * the returned function gives the running server.
 */
export function setUpRouteTests(): () => LocalApiServer {
  let server: LocalApiServer | null = null;
  let restoreFetch: () => void = () => undefined;

  beforeAll(async () => {
    server = await startLocalApiServer();
    restoreFetch = routeFetchTo(server.url);
    // jsdom does not implement scrolling; the router's scroll restoration calls it.
    window.scrollTo = () => undefined;
  });

  afterAll(async () => {
    restoreFetch();
    await server?.close();
  });

  beforeEach(() => {
    const current = getServer();
    current.reset();
    current.on('GET', '/sanctum/csrf-cookie', () => ({ status: 204, headers: { 'Set-Cookie': 'XSRF-TOKEN=xsrf-1; Path=/; SameSite=Lax' } }));
    // Clearing the stored session also empties the session store (it follows the storage).
    tokenStorage.clear();
  });

  function getServer(): LocalApiServer {
    if (server === null) throw new Error('setUpRouteTests: the server starts in beforeAll');
    return server;
  }
  return getServer;
}
