import { reportApiPaths } from '@app/contract/api-paths';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiUser, environmentQuestions } from './lib/api.ts';
import { holdWritesTo, queryServerDatabase } from './lib/database.ts';
import { faultServer, sleep, waitFor } from './lib/server.ts';

// Issue 14, "Faults": the server is killed (SIGKILL) while a report is being generated: claimed,
// rendered, its PDF stored, and its edition being recorded. Started again on the same data, the
// report is taken over once its claim is stale and finishes exactly once: one edition, one PDF.
// Its PostgreSQL is killed as well, so a restart over a crashed database is covered too.

/** REPORT_JOB_TIMEOUT_SECONDS: a claim older than this belongs to a job that died (default 120 s). */
const claimTimeoutSeconds = 5;
const server = faultServer({ name: 'report', port: 3434, templateDataDir: inject('faultsTemplateDataDir'), env: { REPORT_JOB_TIMEOUT_SECONDS: String(claimTimeoutSeconds) } });

beforeAll(() => server.start());
afterAll(() => server.close());

interface ReportList {
  data: Array<{ id: string; type: string; status: string; edition: number; page_count: number | null }>;
}

describe('SIGKILL during the generation of a report', () => {
  it('finishes the report exactly once after the restart', async () => {
    const buyer = await ApiUser.signUp(server.baseUrl, 'report-crash');
    await buyer.saveBirthDetails();
    await buyer.answerQuestions(environmentQuestions);
    expect((await buyer.addToBasket('REPORT-ENVIRONMENT')).status).toBe(200);

    // The generation's last step records the edition (report_editions) and marks the report ready
    // in one transaction: held there, the job has claimed the report and stored its PDF.
    const lock = await holdWritesTo(server.dataDir, 'report_editions');
    expect((await buyer.checkout()).body.status).toBe('paid');
    await lock.waitForBlockedWriter();
    await server.kill();
    const killedAt = performance.now();
    // The killed job's transaction can no longer commit: its client is gone.
    await lock.release();

    const during = await queryServerDatabase<{ id: string; user_id: string; status: string }>(
      server.dataDir,
      `select g.id, g.user_id, g.status from granted_reports g join users u on u.id = g.user_id where u.email = $1`,
      [buyer.email],
    );
    expect(during.map((report) => report.status)).toEqual(['generating']);
    const reportId = during[0]?.id ?? '';
    const folder = join(server.dataDir, 'files', 'reports', during[0]?.user_id ?? '', reportId);
    expect(await queryServerDatabase(server.dataDir, 'select edition from report_editions where report_id = $1', [reportId])).toEqual([]);

    // The server's PostgreSQL, in a process group of its own, outlived the SIGKILL. Here it dies too,
    // as when a container or a machine goes down: the restart must cope with its stale pid file
    // (the other fault tests restart with the old PostgreSQL still running).
    const postmasterPid = Number(readFileSync(join(server.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmasterPid, 'SIGKILL');
    await waitFor('the killed PostgreSQL to be gone', async () => (isGone(postmasterPid) ? true : undefined));

    // Started again once the claim is stale (as any restart after a crash takes longer than that).
    await sleep(Math.max(0, claimTimeoutSeconds * 1000 - (performance.now() - killedAt)));
    await server.start();
    const ready = await waitFor(
      'the report to be ready after the restart',
      async () => {
        const reports = await buyer.get<ReportList>(reportApiPaths.list);
        return reports.body.data.every((report) => report.status === 'ready') ? reports.body.data : undefined;
      },
      60_000,
      200,
    );
    expect(ready).toEqual([expect.objectContaining({ id: reportId, type: 'environment', status: 'ready', edition: 1 })]);
    const pdf = await buyer.get(reportApiPaths.pdf('environment', reportId));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    // Exactly once: one edition recorded, one PDF in the storage (no half-written file left), one
    // "report generated" in the log over both runs of the server.
    expect(await queryServerDatabase(server.dataDir, 'select edition from report_editions where report_id = $1', [reportId])).toEqual([{ edition: 1 }]);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual(['1.pdf']);
    expect(server.logLines().filter((line) => line.msg === 'report generated' && line.reportId === reportId)).toHaveLength(1);
  });
});

function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}
