import { reportApiPaths } from '@app/contract/api-paths';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRootDir } from '../../paths.ts';
import { answerAllQuestions, registerRespondent } from '../../../test/questionnaire-helpers.ts';
import { allReady, buyReports, reportsOf, waitForReports } from '../../../test/report-helpers.ts';
import { startSecondInstance } from '../../../test/second-instance.ts';
import { seededSkus } from '../../../test/shop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// The generation job (issue 11): retried after a failure, a failed state with 'Try again', and
// exactly one generation per edition with two instances on one database.

async function generationsOf(t: TestApp, userId: string) {
  const result = await t.pool.query<{ report_type: string; generation_attempts: number; editions: number; failure_reason: string | null }>(
    `select g.report_type, g.generation_attempts, (select count(*)::int from report_editions e where e.report_id = g.id) as editions, g.failure_reason
     from granted_reports g where g.user_id = $1 order by g.report_type`,
    [userId],
  );
  return result.rows;
}

/** Makes the file storage unwritable: a plain file where its `reports` folder must go. */
async function blockStorage(filesDir: string): Promise<() => Promise<void>> {
  await mkdir(filesDir, { recursive: true });
  const blocker = path.join(filesDir, 'reports');
  await rm(blocker, { recursive: true, force: true });
  await writeFile(blocker, 'not a folder');
  return () => rm(blocker, { force: true });
}

describe('report generation when storing the file fails', () => {
  const filesDir = path.join(repoRootDir, '.tmp', `report-faults-${process.pid}-${Date.now()}`);
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { FILES_DIR: filesDir, REPORT_RETRY_DELAY_SECONDS: '1', REPORT_RETRIES: '1' } });
  });
  afterAll(async () => {
    await t.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  it('retries a failed attempt and still delivers the report', async () => {
    const unblock = await blockStorage(filesDir);
    const buyer = await registerRespondent(t);
    await answerAllQuestions(t, buyer);
    await buyReports(t, buyer, seededSkus.values);
    // The first attempt fails on the storage (its reason is kept); the fault is gone before its retry.
    await expect.poll(async () => (await generationsOf(t, buyer.account.id))[0]?.failure_reason, { timeout: 10_000 }).toMatch(/EEXIST|ENOTDIR/);
    await unblock();
    await waitForReports(t, buyer, allReady(1));
    expect(await generationsOf(t, buyer.account.id)).toEqual([{ report_type: 'values', generation_attempts: 2, editions: 1, failure_reason: null }]);
  });

  it('shows a report that keeps failing as failed, and Try again makes it', async () => {
    const unblock = await blockStorage(filesDir);
    const buyer = await registerRespondent(t);
    await answerAllQuestions(t, buyer);
    await buyReports(t, buyer, seededSkus.environment);
    const [failed] = await waitForReports(t, buyer, (reports) => reports[0]?.status === 'failed');
    expect(failed).toMatchObject({ status: 'failed', page_count: null });
    const view = await t.app.inject({ method: 'GET', url: reportApiPaths.report('environment', failed!.id), headers: buyer.authHeaders });
    expect(view.statusCode).toBe(409);

    await unblock();
    const retry = await t.app.inject({ method: 'POST', url: reportApiPaths.retry('environment', failed!.id), headers: buyer.headersWithCsrf });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ data: { id: failed!.id, status: 'pending' } });
    await waitForReports(t, buyer, allReady(1));
  });
});

describe('report generation on two instances of one database', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('makes each report of a bundle exactly once', async () => {
    const second = await startSecondInstance(t);
    try {
      await second.app.jobs.start();
      const buyers = await Promise.all([registerRespondent(t), registerRespondent(t)]);
      for (const buyer of buyers) await answerAllQuestions(t, buyer);
      await Promise.all(buyers.map((buyer) => buyReports(t, buyer, seededSkus.bundle)));
      for (const buyer of buyers) {
        await waitForReports(t, buyer, allReady(4));
        expect(await generationsOf(t, buyer.account.id)).toEqual(
          ['big5', 'complete', 'environment', 'values'].map((type) => ({ report_type: type, generation_attempts: 1, editions: 1, failure_reason: null })),
        );
      }
      // Each instance serves the other's files: both read the same storage.
      const [report] = await reportsOf(t, buyers[0]!);
      const pdf = await second.app.inject({ method: 'GET', url: reportApiPaths.pdf(report!.type, report!.id), headers: buyers[0]!.authHeaders });
      expect(pdf.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});
