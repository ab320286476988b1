import { existsSync } from 'node:fs';
import { reportApiPaths } from '@app/contract/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/pdf-reader.ts';
import { answerAllQuestions, registerRespondent } from '../../../test/questionnaire-helpers.ts';
import { allReady, buyReports, waitForReports } from '../../../test/report-helpers.ts';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server.ts';
import { seededSkus } from '../../../test/shop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { reportStorageKey } from './report-generation.ts';

// Issue 11: with S3_* settings the report PDFs go to the bucket, here on a real S3-speaking
// server on 127.0.0.1, and come back from it when downloaded.

describe('reports kept in S3', () => {
  let s3: LocalS3;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await createTestApp({ env: s3.env });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores a bought report’s PDF in the bucket and downloads it from there', async () => {
    expect(t.config.reports.s3).toMatchObject({ bucket: s3.bucket, endpoint: s3.endpoint, forcePathStyle: true });
    const owner = await registerRespondent(t);
    await answerAllQuestions(t, owner);
    await buyReports(t, owner, seededSkus.big5);
    const [report] = await waitForReports(t, owner, allReady(1));

    const stored = await s3.readObject(reportStorageKey(owner.account.id, report!.id, 1));
    expect(stored).not.toBeNull();
    expect(stored!.contentType).toBe('application/pdf');

    const response = await t.app.inject({ method: 'GET', url: reportApiPaths.pdf('big5', report!.id), headers: owner.authHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.equals(stored!.data)).toBe(true);
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.pageCount).toBe(report!.page_count);
    expect(pdf.text).toContain(owner.account.name);

    // Nothing went to the local folder.
    expect(existsSync(t.config.reports.filesDir)).toBe(false);
  });
});
