import { defineProject, mergeConfig } from 'vitest/config';
import server from './vitest.config.ts';

// The same server suite with the session, basket and report list caches on, as in production
// (2 s each; test/test-app.ts reads TEST_CACHE_TTL_MS): every file passes both ways, so a cached
// path that serves stale data fails the file that reads it. The database's change notifications
// reach the caches 50 ms late (TEST_CHANGE_DELAY_MS), so that a test passes only if the app
// itself keeps its callers' own changes visible, or the test waits for another actor's change
// (TestApp.changesSettled), never by the notification's speed.
//
// EXTERNAL_TEST_DATABASE_URL moves this project, and only this one, onto an external PostgreSQL
// (.ci/run sets it to Debian's server): CI then runs the suite once on the embedded database and
// once on the external one without a third run, and `npm test` with nothing installed still runs
// both on the embedded one.
const externalDatabaseUrl = process.env.EXTERNAL_TEST_DATABASE_URL;

export default mergeConfig(
  server,
  defineProject({
    test: {
      name: 'server-cached',
      env: { TEST_CACHE_TTL_MS: '2000', TEST_CHANGE_DELAY_MS: '50' },
      ...(externalDatabaseUrl ? { provide: { externalDatabaseUrl } } : {}),
    },
  }),
);
