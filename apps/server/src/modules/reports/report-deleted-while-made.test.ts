import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAllQuestions, registerRespondent } from '../../../test/questionnaire-helpers.ts';
import { buyReports } from '../../../test/report-helpers.ts';
import { seededSkus } from '../../../test/shop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createLocalFileStorage } from '../../lib/file-storage/local-file-storage.ts';
import { generateReport, reportStorageKey } from './report-generation.ts';
import type { ReportRenderer } from './report-renderer.ts';
import { reportDocumentFixture } from '../../../test/report-document-fixture.ts';

// Issue 14: an account deleted while one of its reports is being rendered. The deletion removes the
// files it knows of; the edition's file stored after it must not stay behind.

describe('a report whose owner deletes the account while it is made', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No workers: the generation below is the only one.
    t = await createTestApp({ jobs: false });
  });
  afterAll(() => t.close());

  it('leaves no file in the storage and ends without a retry', { timeout: 60_000 }, async () => {
    const buyer = await registerRespondent(t);
    await answerAllQuestions(t, buyer);
    await buyReports(t, buyer, seededSkus.big5);
    const { rows } = await t.pool.query<{ id: string }>('select id from granted_reports where user_id = $1', [buyer.account.id]);
    const reportId = rows[0]?.id ?? '';
    const storage = createLocalFileStorage(t.config.reports.filesDir);
    // The account goes while the PDF is being drawn, as a deletion from another request would.
    const renderer: ReportRenderer = {
      render: async () => {
        await t.pool.query('delete from users where id = $1', [buyer.account.id]);
        return { document: reportDocumentFixture('big5'), pdf: Buffer.from('%PDF-1.7 made for a deleted account'), pageCount: 1 };
      },
      renderTeamReport: () => Promise.reject(new Error('not used')),
      close: () => Promise.resolve(),
    };

    await generateReport(
      { db: t.db, jobs: t.app.jobs, storage, renderer, clock: t.app.clock, log: t.app.log, claimTimeoutSeconds: 120 },
      { reportId, edition: 1 },
      { id: 'job-1', retryCount: 0, retryLimit: 4 },
    );

    const file = path.join(t.config.reports.filesDir, reportStorageKey(buyer.account.id, reportId, 1));
    await expect(access(file)).rejects.toThrow(/ENOENT/);
    const { rows: editions } = await t.pool.query('select 1 from report_editions where report_id = $1', [reportId]);
    expect(editions).toEqual([]);
  });
});
