import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../src/app.ts';
import { connectDatabase } from '../src/db/connection.ts';
import { prepareDatabase } from '../src/db/prepare-database.ts';
import { syncConfiguredQuestionnaire } from '../src/modules/questionnaire/public.ts';
import { repoRootDir } from '../src/paths.ts';
import type { TestApp } from './test-app.ts';

const tsx = path.join(repoRootDir, 'node_modules', '.bin', 'tsx');
const cliDir = path.join(repoRootDir, 'apps', 'server', 'src', 'cli');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run backup` or `npm run restore` as an operator runs it: the real entry in a child process, only PATH and `env` set. */
export async function cli(command: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, [path.join(cliDir, `${command}.ts`), ...args], { cwd: repoRootDir, env: { PATH: process.env.PATH ?? '', ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** A server instance, as an operator starts and stops one. */
export interface Instance {
  t: TestApp;
  stop: () => Promise<void>;
}

/**
 * Starts the server on the test app's database (or on another one, `databaseUrl`, with the test
 * app's settings) the way main.ts does: migrations and seeds, the questionnaire, then the app.
 */
export async function startInstance(base: TestApp, databaseUrl = base.databaseUrl): Promise<Instance> {
  const main = connectDatabase(databaseUrl, { max: 5 });
  const lookups = connectDatabase(databaseUrl, { max: 1, applicationName: 'compass-session-lookups' });
  await prepareDatabase(main.pool);
  await syncConfiguredQuestionnaire(main.db, base.config.assessmentBanksDir, new Date());
  const app = buildApp(base.config, { db: main.db, pool: main.pool, sessionLookupDb: lookups.db });
  await app.ready();
  return {
    t: {
      ...base,
      app,
      db: main.db,
      pool: main.pool,
      sessionLookupPool: lookups.pool,
      databaseUrl,
      // As TestApp's, on this instance (the base app is closed).
      csrf: async () => {
        const response = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
        const token = response.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
        const cookie = response.cookies.map((set) => `${set.name}=${set.value}`).join('; ');
        return { token, cookie, headers: { cookie, 'x-xsrf-token': token } };
      },
    },
    stop: async () => {
      await app.close();
      await lookups.pool.end();
      await main.pool.end();
    },
  };
}
