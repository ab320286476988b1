import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { teamInsightRoutes } from './routes.ts';
import { TeamOverviewCache } from './team-overview-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Organisations' team overview sums held in memory (team-overview-cache.ts). */
    teamOverviewCache: TeamOverviewCache;
  }
}

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Team insights (issue 13): the routes and the team overview cache, which follows the database's
 * changes (team-overview-cache.ts). Registered at the root so that any changing request under an
 * organisation's path on this instance (a member removed or leaving, a role changed) forgets that
 * organisation's sums before the reply leaves, without waiting for the notification.
 */
export const teamInsightsModule = fp<{ config: Pick<Config, 'teamOverviewCacheTtlMs'> }>(
  async (app, { config }) => {
    const overviewCache = new TeamOverviewCache({ ttlMs: config.teamOverviewCacheTtlMs, clock: app.clock });
    if (overviewCache.enabled) {
      app.changeNotifications.subscribe(overviewCache.subscriber());
      app.addHook('onSend', async (request, _reply, payload) => {
        const organisationId = (request.params as { organisationId?: unknown } | undefined)?.organisationId;
        if (!readOnlyMethods.has(request.method) && typeof organisationId === 'string') overviewCache.evictOrganisation(organisationId);
        return payload;
      });
    }
    app.decorate('teamOverviewCache', overviewCache);
    await app.register(teamInsightRoutes, { overviewCache });
  },
  { name: 'team-insights', dependencies: ['db', 'change-notifications'] },
);
