import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { FileStorage } from '../../lib/file-storage/file-storage.ts';
import { teamOverview } from '../team-insights/public.ts';
import type { ReportRenderer } from './report-renderer.ts';
import { teamReportRoutes } from './team-report-routes.ts';
import { createTeamReportService, generateTeamReport, teamReportQueue, type TeamReportDeps, type TeamReportJob } from './team-report-service.ts';

/**
 * The team report's part of the reports pipeline (issue 13): its job on the reports' render
 * threads and file storage, and its routes. The team overview is read through team insights'
 * public `teamOverview` with its cache (decorated by that module, read at request time).
 */
export async function registerTeamReports(app: FastifyInstance, options: { config: Pick<Config, 'reports'>; storage: FileStorage; renderer: ReportRenderer }): Promise<void> {
  const { config, storage, renderer } = options;
  const deps: TeamReportDeps = {
    db: app.db,
    jobs: app.jobs,
    storage,
    renderer,
    clock: app.clock,
    log: app.log.child({ component: 'team-reports' }),
    claimTimeoutSeconds: config.reports.claimTimeoutSeconds,
    overview: (viewerId, organisationId, query) => teamOverview(app.db, app.teamOverviewCache, viewerId, organisationId, query, app.clock.now()),
  };
  app.jobs.define<TeamReportJob>(
    teamReportQueue,
    {
      retryLimit: config.reports.retries,
      retryDelaySeconds: config.reports.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: config.reports.claimTimeoutSeconds,
      pollingIntervalSeconds: 2,
    },
    (job, context) => generateTeamReport(deps, job, context),
  );
  await app.register(teamReportRoutes, { teamReports: createTeamReportService(deps) });
}
