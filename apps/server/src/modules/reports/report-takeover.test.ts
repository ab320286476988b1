import { reportApiPaths } from '@app/contract/api-paths';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../lib/free-port.ts';
import { repoRootDir, serverPackageDir } from '../../paths.ts';
import { answerAllQuestions, registerRespondent } from '../../../test/questionnaire-helpers.ts';
import { allReady, buyReports, reportsOf, waitForReports } from '../../../test/report-helpers.ts';
import { seededSkus } from '../../../test/shop-fixtures.ts';
import { createTestApp, fixtureWebDistDir, type TestApp } from '../../../test/test-app.ts';

// Issue 11: "no job is lost when the server stops mid-way". A real server process generates a
// bundle's reports and is killed (SIGKILL: no graceful stop) while one is being made; another
// instance started afterwards finishes every report, each exactly once.

const claimTimeoutSeconds = 2;

/** The server from its sources, on the test's database and file folder, as another machine would run it. */
async function startServerProcess(t: TestApp): Promise<{ child: ChildProcess; exited: Promise<void> }> {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverPackageDir, 'src', 'main.ts')], {
    cwd: repoRootDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: t.databaseUrl,
      FILES_DIR: t.config.reports.filesDir,
      WEB_DIST_DIR: fixtureWebDistDir,
      REPORT_RENDER_WORKERS: '1',
      REPORT_JOB_TIMEOUT_SECONDS: String(claimTimeoutSeconds),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const startedAt = performance.now();
  while (performance.now() - startedAt < 60_000 && child.exitCode === null) {
    const status = await fetch(`http://127.0.0.1:${port}/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { child, exited };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`the server process did not become healthy: ${stderr}`);
}

async function generationsOf(t: TestApp, userId: string) {
  const result = await t.pool.query<{ report_type: string; status: string; generation_attempts: number; editions: number }>(
    `select g.report_type, g.status, g.generation_attempts, (select count(*)::int from report_editions e where e.report_id = g.id) as editions
     from granted_reports g where g.user_id = $1 order by g.report_type`,
    [userId],
  );
  return result.rows;
}

describe('a server stopped in the middle of a report', () => {
  let t: TestApp;

  beforeAll(async () => {
    // This instance runs no jobs until the other process has been stopped.
    t = await createTestApp({ jobs: false, env: { REPORT_JOB_TIMEOUT_SECONDS: String(claimTimeoutSeconds) } });
  });
  afterAll(() => t.close());

  it('has its report finished by the next server, once', { timeout: 120_000 }, async () => {
    const buyer = await registerRespondent(t);
    await answerAllQuestions(t, buyer);
    const server = await startServerProcess(t);
    try {
      await buyReports(t, buyer, seededSkus.bundle);
      // Killed the moment a report is being made: its render never finishes there.
      const startedAt = performance.now();
      while (!(await generationsOf(t, buyer.account.id)).some((report) => report.status === 'generating')) {
        if (performance.now() - startedAt > 30_000) throw new Error('the server process never started a report');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      server.child.kill('SIGKILL');
      await server.exited;
    } finally {
      server.child.kill('SIGKILL');
    }
    const interrupted = (await generationsOf(t, buyer.account.id)).filter((report) => report.status === 'generating');
    expect(interrupted.length).toBeGreaterThan(0);

    // Started once the dead server's claim has timed out: its start-up sweep takes the report over.
    await new Promise((resolve) => setTimeout(resolve, claimTimeoutSeconds * 1000 + 500));
    await t.app.jobs.start();
    await waitForReports(t, buyer, allReady(4));

    const generations = await generationsOf(t, buyer.account.id);
    expect(generations.map(({ report_type, status, editions }) => ({ report_type, status, editions }))).toEqual(
      ['big5', 'complete', 'environment', 'values'].map((type) => ({ report_type: type, status: 'ready', editions: 1 })),
    );
    for (const { report_type } of interrupted) {
      expect(generations.find((report) => report.report_type === report_type)!.generation_attempts).toBe(2);
    }
    for (const report of await reportsOf(t, buyer)) {
      const pdf = await t.app.inject({ method: 'GET', url: reportApiPaths.pdf(report.type, report.id), headers: buyer.authHeaders });
      expect(pdf.statusCode).toBe(200);
    }
  });
});
