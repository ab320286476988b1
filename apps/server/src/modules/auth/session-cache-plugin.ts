import fp from 'fastify-plugin';
import { sessionChangeSubscriber } from './session-changes.ts';
import type { SessionCache } from './session-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The auth guard's cache of checked access tokens (session-cache.ts). */
    sessionCache: SessionCache;
  }
}

export interface SessionCachePluginOptions {
  cache: SessionCache;
}

/** Makes the session cache reachable by routes, and has it follow the database's session changes. */
export const sessionCachePlugin = fp<SessionCachePluginOptions>(
  async (app, { cache }) => {
    app.decorate('sessionCache', cache);
    if (cache.enabled) app.changeNotifications.subscribe(sessionChangeSubscriber(cache));
  },
  { name: 'session-cache', dependencies: ['change-notifications'] },
);
