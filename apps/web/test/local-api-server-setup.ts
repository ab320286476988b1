import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startLocalApiServer, type LocalApiServer } from './local-api-server.ts';

/**
 * A real local API server for the whole test file, with no scripts and no recorded requests
 * before each test. Call at the top of the file; the returned function gives the running server.
 */
export function setUpLocalApiServer(): () => LocalApiServer {
  let server: LocalApiServer | null = null;

  beforeAll(async () => {
    server = await startLocalApiServer();
  });

  afterAll(async () => {
    await server?.close();
  });

  beforeEach(() => {
    getServer().reset();
  });

  function getServer(): LocalApiServer {
    if (server === null) throw new Error('setUpLocalApiServer: the server starts in beforeAll');
    return server;
  }
  return getServer;
}
