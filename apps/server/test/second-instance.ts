import { buildApp, type App } from '../src/app.ts';
import { expect } from 'vitest';
import { connectDatabase } from '../src/db/connection.ts';
import { eventually } from './eventually.ts';
import { changeBarrier, testChangeDelayMs, type TestApp } from './test-app.ts';

/** Another instance of the app on the test app's database (own pool), as behind a load balancer. */
export interface SecondInstance {
  app: App;
  /** As TestApp.changesSettled, for this instance's caches. */
  changesSettled: () => Promise<void>;
  close: () => Promise<void>;
}

/** `changeDelayMs`: how late the database's change notifications reach its caches (a lagging instance). */
export async function startSecondInstance(t: TestApp, { changeDelayMs = testChangeDelayMs }: { changeDelayMs?: number } = {}): Promise<SecondInstance> {
  const connection = connectDatabase(t.databaseUrl, { max: 2 });
  const app = buildApp(t.config, { db: connection.db, pool: connection.pool, changeDelayMs });
  const barrier = changeBarrier();
  app.register(async (instance) => instance.changeNotifications.subscribe(barrier.subscriber));
  await app.ready();
  return {
    app,
    changesSettled: () => barrier.pass(connection.pool),
    close: async () => {
      await app.close();
      await connection.pool.end();
    },
  };
}

/** Waits until the app's caches receive the database's changes (its LISTEN connection is up). */
export async function waitUntilCachesLive(app: App): Promise<void> {
  await eventually(async () => {
    for (const cache of [app.sessionCache, app.basketCache]) if (cache.enabled) expect(cache.live).toBe(true);
  });
}
