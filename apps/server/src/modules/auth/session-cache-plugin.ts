import fp from 'fastify-plugin';
import type pg from 'pg';
import { listenForSessionChanges, type SessionChangeListener } from './session-change-listener.ts';
import type { SessionCache } from './session-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The auth guard's cache of checked access tokens (session-cache.ts). */
    sessionCache: SessionCache;
  }
}

export interface SessionCachePluginOptions {
  cache: SessionCache;
  pool: pg.Pool;
}

/**
 * Runs the session cache's invalidation for the life of the app: the LISTEN connection starts once
 * the app is ready (without waiting for it: an unreachable database must not stop the start) and
 * ends when the app closes.
 */
export const sessionCachePlugin = fp<SessionCachePluginOptions>(
  async (app, { cache, pool }) => {
    app.decorate('sessionCache', cache);
    let listener: SessionChangeListener | undefined;
    app.addHook('onReady', async () => {
      listener = listenForSessionChanges(pool, cache, app.log);
    });
    app.addHook('onClose', async () => {
      await listener?.stop();
    });
  },
  { name: 'session-cache' },
);
