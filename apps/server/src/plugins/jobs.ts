import fp from 'fastify-plugin';
import { JobQueue } from '../lib/job-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Background jobs (pg-boss). Modules define their queues while the app is built; main.ts (and
     * createTestApp) call `app.jobs.start()` once the database is migrated; `app.close()` stops it.
     */
    jobs: JobQueue;
  }
}

export const jobsPlugin = fp(
  async (app) => {
    const jobs = new JobQueue({ pool: app.pool, logger: app.log.child({ component: 'jobs' }) });
    app.decorate('jobs', jobs);
    // Workers first, then the pool (its owner ends it after app.close()).
    app.addHook('onClose', async () => {
      await jobs.stop();
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
