import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { createFileStorage } from '../../lib/file-storage/create-file-storage.ts';
import type { FileStorage } from '../../lib/file-storage/file-storage.ts';
import { generateReport, generateReportQueue, queueReadyReports, type GenerateReportJob, type GenerationDeps } from './report-generation.ts';
import { createReportNarratives } from './narrative/report-narratives.ts';
import { defineReportFileDeletionJob } from './file-deletion.ts';
import type { ReportRenderer } from './report-renderer.ts';
import { createRenderPool } from './render-pool.ts';
import { reportRoutes } from './routes.ts';
import { ReportListCache } from './report-list-cache.ts';
import { createReportsService } from './service.ts';
import { registerTeamReports } from './team-reports.ts';

import { refreshScoreNorms, scoreNormsQueue, scoreNormsSchedule } from './score-norms.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** GET /api/reports's lists held in memory (report-list-cache.ts). */
    reportListCache: ReportListCache;
  }
}

export interface ReportsModuleOptions {
  config: Pick<Config, 'reports'>;
  /** Defaults to the S3 bucket of config.reports.s3 when set, else the local folder of config.reports.filesDir. */
  storage?: FileStorage;
  /** Defaults to worker threads (config.reports.renderWorkers). */
  renderer?: ReportRenderer;
}

const sweepQueue = 'reports.sweep';

/**
 * Reports (issue 11): the routes, the `reports.generate` job, and what queues it: a grant or a
 * scored set (PostgreSQL notifications on `report_work`, migration 0016), 'Try again', an update,
 * and a sweep every minute that queues whatever waits and can be made (a notification missed, a
 * claim whose server stopped).
 */
export const reportsModule = fp<ReportsModuleOptions>(
  async (app, options) => {
    const { config } = options;
    const ownStorage = options.storage ? undefined : createFileStorage(config.reports);
    const storage = options.storage ?? ownStorage!;
    const renderer = options.renderer ?? createRenderPool({ size: config.reports.renderWorkers, logger: app.log.child({ component: 'report-render' }) });
    const log = app.log.child({ component: 'reports' });
    const deps: GenerationDeps = { db: app.db, jobs: app.jobs, storage, renderer, clock: app.clock, log, claimTimeoutSeconds: config.reports.claimTimeoutSeconds };
    // The optional AI narrative of each edition (narrative/): its job, started once an edition is recorded.
    const narratives = createReportNarratives({ db: app.db, jobs: app.jobs, clock: app.clock, log, ai: config.reports.ai, retryDelaySeconds: config.reports.retryDelaySeconds });
    narratives.defineJob();
    // The files of a deleted account's reports and a closed organisation's team reports (issue 14).
    defineReportFileDeletionJob({ jobs: app.jobs, storage, logger: log });

    app.jobs.define<GenerateReportJob>(
      generateReportQueue,
      {
        policy: 'short',
        retryLimit: config.reports.retries,
        retryDelaySeconds: config.reports.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: config.reports.claimTimeoutSeconds,
        // As many at once as there are render workers; rendering itself is off the event loop.
        batchSize: config.reports.renderWorkers,
        pollingIntervalSeconds: 2,
      },
      async (job, context) => {
        await generateReport(deps, job, context);
        await narratives.afterGeneration(job);
      },
    );
    app.jobs.define(sweepQueue, { retryLimit: 0, expireInSeconds: 5 * 60 }, async () => {
      const queued = await queueReadyReports(deps, null);
      if (queued > 0) log.info({ queued }, 'report sweep queued reports');
    });
    // Also at start-up: reports whose server stopped mid-way are taken over at once, not at the next minute.
    app.jobs.schedule(sweepQueue, '* * * * *', { alsoAtStart: true });

    // The norms behind report percentiles (score-norms.ts): recomputed hourly, and at start-up when
    // the table is empty or old; instances starting together compute them once.
    app.jobs.define(scoreNormsQueue, { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 15 * 60 }, async () => {
      const rows = await refreshScoreNorms(app.db, app.clock.now(), { skipIfRecent: true });
      if (rows !== null) log.info({ rows }, 'score norms refreshed');
    });
    app.jobs.schedule(scoreNormsQueue, scoreNormsSchedule, { alsoAtStart: true });

    const queueForUser = (userId: string) =>
      queueReadyReports(deps, userId).catch((error: unknown) => log.error({ err: error, userId }, 'queueing reports failed; the sweep will'));
    let wasLive = false;
    app.changeNotifications.subscribe({
      channel: 'report_work',
      onChange: (userId) => void queueForUser(userId),
      // Back after a break: what was granted or completed meanwhile is queued now, not at the sweep.
      // (The first connection is no break: what waited at start-up is the start-up sweep's.)
      setLive: (live) => {
        if (live && wasLive) void queueReadyReports(deps, null).catch((error: unknown) => log.error({ err: error }, 'queueing reports failed; the sweep will'));
        if (live) wasLive = true;
      },
    });
    app.addHook('onClose', () => renderer.close());
    if (ownStorage) app.addHook('onClose', async () => ownStorage.close());

    // GET /api/reports from memory, following the database's report changes (report-list-cache.ts).
    const listCache = new ReportListCache({ ttlMs: config.reports.listCacheTtlMs, clock: app.clock });
    if (listCache.enabled) app.changeNotifications.subscribe(listCache.subscriber());
    app.decorate('reportListCache', listCache);

    await app.register(reportRoutes, { reports: createReportsService({ db: app.db, jobs: app.jobs, storage, clock: app.clock, narratives, listCache }) });
    // An organisation's team report (issue 13) on the same render threads and storage.
    await registerTeamReports(app, { config, storage, renderer });
  },
  { name: 'reports', dependencies: ['db', 'jobs', 'change-notifications'] },
);
