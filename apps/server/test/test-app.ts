import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { systemClock } from '../src/lib/clock.ts';
import { syncConfiguredQuestionnaire } from '../src/modules/questionnaire/public.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { repoRootDir } from '../src/paths.ts';
import { connectDatabase, type Database } from '../src/db/connection.ts';
import type { Clock } from '../src/lib/clock.ts';
import type { ChangeSubscriber } from '../src/db/change-listener.ts';
import { createLogger } from '../src/logger.ts';
import { prepareDatabase } from '../src/db/prepare-database.ts';
import { createDatabase, databaseUrl, dropDatabase } from './test-database.ts';
import type pg from 'pg';

/**
 * How late the database's change notifications reach a test app's caches (TEST_CHANGE_DELAY_MS,
 * set by the server-cached project): a test that reads another actor's change back passes only
 * by waiting for it (changesSettled, eventually), never by the notification's speed.
 */
export const testChangeDelayMs = Number(process.env.TEST_CHANGE_DELAY_MS ?? '0');

/** A tiny built SPA (index.html, a hashed asset), so SPA behaviour does not depend on a web build. */
export const fixtureWebDistDir = fileURLToPath(new URL('./fixtures/web-dist', import.meta.url));

export interface TestAppOptions {
  /** Environment variables on top of the test defaults (NODE_ENV=test, the fixture SPA). */
  env?: Record<string, string>;
  /** Captures the log lines (JSON, one per write); otherwise logging is off. */
  logStream?: DestinationStream;
  /** Adds routes or plugins before the app is made ready (e.g. routes that throw, for error tests). */
  configure?: (app: App) => void | Promise<void>;
  /** The app's clock; pass a ManualClock to move time forward (token expiry, rate-limit windows). */
  clock?: Clock;
  /** Starts the background job workers (e-mail delivery), as main.ts does; default true. */
  jobs?: boolean;
  /**
   * Another PostgreSQL server's maintenance URL for this file's database (an older major version,
   * for an upgrade test): the run's template lives on the test server only, so the database is
   * created empty there and migrated and seeded as a server's start does. Default: the test server.
   */
  serverUrl?: string;
}

/** Cookie and header values that let a test make a non-GET call past the CSRF check. */
export interface CsrfCredentials {
  /** The XSRF-TOKEN cookie's value. */
  token: string;
  /** Every cookie /sanctum/csrf-cookie set, as a Cookie header value. */
  cookie: string;
  /** Ready to spread into `app.inject({ headers })`: `cookie` and `x-xsrf-token`. */
  headers: { cookie: string; 'x-xsrf-token': string };
}

export interface TestApp {
  app: App;
  config: Config;
  db: Database;
  pool: pg.Pool;
  /** The auth guard's token look-ups' own connection, as in production (main.ts). */
  sessionLookupPool: pg.Pool;
  /** URL of this test file's own database. */
  databaseUrl: string;
  /** Calls GET /sanctum/csrf-cookie as a fresh client and returns what a browser would send. */
  csrf: () => Promise<CsrfCredentials>;
  /**
   * Resolves once the app's caches have received every change committed before the call: for a
   * test that changes rows itself (as the admin tool or another instance would) and then reads
   * them through the app, which in production sees such a change within the notification's delay,
   * not at once. Resolves at once when no cache is on.
   */
  changesSettled: () => Promise<void>;
  /** Closes the app and the pool and drops the database. */
  close: () => Promise<void>;
}

/**
 * The real app on a database of its own, cloned from the migrated template. Call it in beforeAll
 * and `close()` in afterAll; test files then run in parallel without sharing data.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const serverUrl = options.serverUrl ?? inject('testServerUrl');
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await createDatabase(serverUrl, name, options.serverUrl ? undefined : inject('templateDatabase'));
  const url = databaseUrl(serverUrl, name);
  const { pool, db } = connectDatabase(url, { max: 5 });
  if (options.serverUrl) await prepareDatabase(pool);
  const sessionLookups = connectDatabase(url, { max: 1, applicationName: 'compass-session-lookups' });
  // The session, basket and report list caches are off unless a test turns them on, or the
  // server-cached project (vitest.cached.config.ts) runs the whole suite with them on, their
  // notifications slowed down (testChangeDelayMs).
  const cacheTtlMs = process.env.TEST_CACHE_TTL_MS ?? '0';
  // Report PDFs go to a folder of this file's own, removed at close.
  const filesDir = path.join(repoRootDir, '.tmp', `files-${name}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    WEB_DIST_DIR: fixtureWebDistDir,
    SESSION_CACHE_TTL_MS: cacheTtlMs,
    BASKET_CACHE_TTL_MS: cacheTtlMs,
    REPORT_LIST_CACHE_TTL_MS: cacheTtlMs,
    TEAM_OVERVIEW_CACHE_TTL_MS: cacheTtlMs,
    FILES_DIR: filesDir,
    // One render thread per test file: files run in parallel on few cores.
    REPORT_RENDER_WORKERS: '1',
    ...options.env,
  });
  await syncConfiguredQuestionnaire(db, config.assessmentBanksDir, (options.clock ?? systemClock).now());
  const app = buildApp(config, { db, pool, sessionLookupDb: sessionLookups.db, logger: createLogger(config, options.logStream), clock: options.clock, changeDelayMs: testChangeDelayMs });
  const barrier = config.sessionCacheTtlMs > 0 || config.basketCacheTtlMs > 0 || config.reports.listCacheTtlMs > 0 ? changeBarrier() : undefined;
  if (barrier) app.register(async (instance) => instance.changeNotifications.subscribe(barrier.subscriber));
  await options.configure?.(app);
  await app.ready();
  if (options.jobs !== false) await app.jobs.start();

  return {
    app,
    config,
    db,
    pool,
    sessionLookupPool: sessionLookups.pool,
    databaseUrl: url,
    csrf: async () => {
      const response = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
      const token = response.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
      if (!token) throw new Error(`/sanctum/csrf-cookie set no XSRF-TOKEN (status ${response.statusCode})`);
      const cookie = response.cookies.map((set) => `${set.name}=${set.value}`).join('; ');
      return { token, cookie, headers: { cookie, 'x-xsrf-token': token } };
    },
    changesSettled: async () => {
      if (barrier) await barrier.pass(pool);
    },
    close: async () => {
      await app.close();
      await sessionLookups.pool.end();
      await pool.end();
      await dropDatabase(serverUrl, name);
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

/** The channel of changeBarrier's notifications: only test apps listen on it. */
const barrierChannel = 'test_change_barrier';

export interface ChangeBarrier {
  /** Subscribed to the app's change notifications before it is ready. */
  subscriber: ChangeSubscriber;
  /** Resolves once the subscriber received a notification sent on `pool` now. */
  pass: (pool: pg.Pool) => Promise<void>;
}

/**
 * A subscriber of the app's change listener that lets a test wait for its turn: PostgreSQL
 * delivers notifications in commit order, and the listener hands them to the caches as they
 * come, so once a notification sent after a change arrives, the caches have applied the change.
 */
export function changeBarrier(): ChangeBarrier {
  const waiting = new Map<string, () => void>();
  let live = false;
  return {
    subscriber: {
      channel: barrierChannel,
      onChange: (token) => waiting.get(token)?.(),
      setLive: (isLive) => {
        live = isLive;
      },
    },
    pass: async (pool) => {
      // Not listening: the caches hold nothing, and what they read from now on is stored only
      // once they are live (a read that started before is not kept).
      if (!live) return;
      const token = randomBytes(8).toString('hex');
      const arrived = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('changesSettled: the barrier notification did not arrive within 5 s')), 5_000);
        waiting.set(token, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      try {
        await pool.query('select pg_notify($1, $2)', [barrierChannel, token]);
        await arrived;
      } finally {
        waiting.delete(token);
      }
    },
  };
}

/** A pino destination that keeps every line, for asserting on what was logged. */
export function captureLogs(): DestinationStream & { lines: string[]; text: () => string } {
  const lines: string[] = [];
  return {
    lines,
    write: (line: string) => void lines.push(line),
    text: () => lines.join(''),
  };
}
