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
import { createLogger } from '../src/logger.ts';
import { createDatabase, databaseUrl, dropDatabase } from './test-database.ts';
import type pg from 'pg';

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
  /** Closes the app and the pool and drops the database. */
  close: () => Promise<void>;
}

/**
 * The real app on a database of its own, cloned from the migrated template. Call it in beforeAll
 * and `close()` in afterAll; test files then run in parallel without sharing data.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const serverUrl = inject('testServerUrl');
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await createDatabase(serverUrl, name, inject('templateDatabase'));
  const url = databaseUrl(serverUrl, name);
  const { pool, db } = connectDatabase(url, { max: 5 });
  const sessionLookups = connectDatabase(url, { max: 1, applicationName: 'compass-session-lookups' });
  // The session and basket caches are off unless a test turns them on: tests that change rows
  // directly and read them back at once would otherwise race their notifications
  // (session-cache.test.ts and basket-cache.test.ts cover them).
  // Report PDFs go to a folder of this file's own, removed at close.
  const filesDir = path.join(repoRootDir, '.tmp', `files-${name}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    WEB_DIST_DIR: fixtureWebDistDir,
    SESSION_CACHE_TTL_MS: '0',
    BASKET_CACHE_TTL_MS: '0',
    REPORT_LIST_CACHE_TTL_MS: '0',
    FILES_DIR: filesDir,
    // One render thread per test file: files run in parallel on few cores.
    REPORT_RENDER_WORKERS: '1',
    ...options.env,
  });
  await syncConfiguredQuestionnaire(db, config.assessmentBanksDir, (options.clock ?? systemClock).now());
  const app = buildApp(config, { db, pool, sessionLookupDb: sessionLookups.db, logger: createLogger(config, options.logStream), clock: options.clock });
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
    close: async () => {
      await app.close();
      await sessionLookups.pool.end();
      await pool.end();
      await dropDatabase(serverUrl, name);
      await rm(filesDir, { recursive: true, force: true });
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
