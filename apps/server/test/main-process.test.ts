import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildServer } from '../scripts/build.ts';
import { findFreePort } from '../src/lib/free-port.ts';
import { repoRootDir, serverPackageDir } from '../src/paths.ts';
import { createDatabase, databaseUrl, dropDatabase } from './test-database.ts';

interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  healthyAfterMs: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr: () => string;
}

// Built once under a name of its own (dist/ holds it, one level below apps/server as main.js is),
// so a build running at the same time for `npm start` is not disturbed.
const entry = path.join(serverPackageDir, 'dist', `main-under-test-${process.pid}.js`);

function run(env: Record<string, string>): { child: ChildProcess; exited: RunningServer['exited']; stderr: () => string } {
  const child = spawn(process.execPath, [entry], {
    cwd: repoRootDir,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, exited, stderr: () => stderr };
}

async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await findFreePort();
  const startedAt = performance.now();
  const process = run({ PORT: String(port), ...env });
  const baseUrl = `http://127.0.0.1:${port}`;
  let exitedEarly = false;
  void process.exited.then(() => {
    exitedEarly = true;
  });
  while (performance.now() - startedAt < 60_000 && !exitedEarly) {
    const status = await fetch(`${baseUrl}/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { ...process, baseUrl, healthyAfterMs: performance.now() - startedAt };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  process.child.kill('SIGKILL');
  throw new Error(`the server did not become healthy: ${process.stderr()}`);
}

/** Connects to the embedded database the way the server does: its port is in postmaster.pid. */
async function connectToEmbedded(dataDir: string): Promise<pg.Client> {
  const pidFile = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(pidFile.split('\n')[3]);
  const password = (await readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'app' });
  await client.connect();
  return client;
}

describe('the built server process', () => {
  const dataDir = path.join(repoRootDir, '.tmp', `main-process-${process.pid}-${randomBytes(4).toString('hex')}`);

  beforeAll(async () => {
    await buildServer(entry);
    await mkdir(dataDir, { recursive: true });
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(entry, { force: true });
    await rm(`${entry}.map`, { force: true });
  });

  it('starts on a new DATA_DIR, stops cleanly on SIGTERM, and keeps its data for the next start', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    expect(await (await fetch(`${first.baseUrl}/health`)).json()).toEqual({ status: 'ok' });
    const client = await connectToEmbedded(dataDir);
    await client.query(`INSERT INTO app_secrets (name, value) VALUES ('restart_test', 'kept')`);
    await client.end();

    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    // PostgreSQL removes its pid file only when it shuts down cleanly.
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = await startServer({ DATA_DIR: dataDir });
    console.info(`cold start on an existing DATA_DIR to a healthy /health: ${second.healthyAfterMs.toFixed(0)} ms`);
    const again = await connectToEmbedded(dataDir);
    const kept = await again.query(`SELECT value FROM app_secrets WHERE name = 'restart_test'`);
    await again.end();
    expect(kept.rows).toEqual([{ value: 'kept' }]);

    second.child.kill('SIGINT');
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });

  it('starts again after being killed outright, stopping the database it left running', async () => {
    const killed = await startServer({ DATA_DIR: dataDir });
    killed.child.kill('SIGKILL');
    await killed.exited;
    // Its PostgreSQL outlives it (own process group) and still holds postmaster.pid.
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(true);

    const next = await startServer({ DATA_DIR: dataDir });
    expect(await (await fetch(`${next.baseUrl}/health`)).json()).toEqual({ status: 'ok' });
    next.child.kill('SIGTERM');
    expect(await next.exited).toEqual({ code: 0, signal: null });
  });

  it('refuses a bad PORT with one line naming it and exit code 1', async () => {
    const bad = run({ PORT: 'abc', DATA_DIR: dataDir });
    expect(await bad.exited).toEqual({ code: 1, signal: null });
    expect(bad.stderr()).toBe('Invalid configuration: PORT must be a port number (1-65535) (got "abc")\n');
  });

  // On the test run's PostgreSQL: in CI the server-cached project's is Debian's server
  // (EXTERNAL_TEST_DATABASE_URL), so the built server is proven there as an operator runs it.
  it('uses DATABASE_URL when it is set, migrates that empty database, answers /health, and starts no database of its own', async () => {
    const serverUrl = inject('testServerUrl');
    const name = `main_external_${process.pid}`;
    await createDatabase(serverUrl, name);
    const emptyDataDir = `${dataDir}-external`;
    try {
      const server = await startServer({ DATABASE_URL: databaseUrl(serverUrl, name), DATA_DIR: emptyDataDir });
      expect(await (await fetch(`${server.baseUrl}/health`)).json()).toEqual({ status: 'ok' });
      const migrations = (await readdir(path.join(serverPackageDir, 'drizzle'))).filter((file) => file.endsWith('.sql'));
      const client = new pg.Client({ connectionString: databaseUrl(serverUrl, name) });
      await client.connect();
      try {
        const applied = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations');
        expect(applied.rows[0]?.count).toBe(migrations.length);
      } finally {
        await client.end();
      }
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(existsSync(path.join(emptyDataDir, 'postgres'))).toBe(false);
    } finally {
      await dropDatabase(serverUrl, name);
      await rm(emptyDataDir, { recursive: true, force: true });
    }
  });
});
