import { apiPaths, assessmentApiPaths, reportApiPaths, shopApiPaths } from '@app/contract/api-paths';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiUser, environmentQuestions } from './lib/api.ts';
import { makeReadOnly, makeWritable } from './lib/read-only-folder.ts';
import { faultServer, waitFor, type LogLine } from './lib/server.ts';

// Issue 14, "Faults": the file storage (FILES_DIR, DATA_DIR/files by default: config.ts) is not
// writable. Report generation fails visibly: its attempts are retried, the log says why, and when
// the retries are over the report shows as failed ('Try again'). Nothing else breaks. Once the
// storage is writable again, a retry (the queue's own, or the user's Try again) makes the report.

const server = faultServer({
  name: 'storage',
  port: 3435,
  templateDataDir: inject('faultsTemplateDataDir'),
  // Short retries so the run is short: two retries from 1 s, each delay doubled (defaults: 4 from 5 s).
  env: { REPORT_RETRIES: '2', REPORT_RETRY_DELAY_SECONDS: '1' },
});
const filesDir = join(server.dataDir, 'files');
let readOnly = false;

beforeAll(() => server.start());
afterAll(async () => {
  if (readOnly) await makeWritable(filesDir);
  await server.close();
});

interface ReportList {
  data: Array<{ id: string; type: string; status: string }>;
}

async function respondent(name: string): Promise<ApiUser> {
  const user = await ApiUser.signUp(server.baseUrl, name);
  await user.saveBirthDetails();
  await user.answerQuestions(environmentQuestions);
  return user;
}

async function buyEnvironmentReport(user: ApiUser): Promise<string> {
  expect((await user.addToBasket('REPORT-ENVIRONMENT')).status).toBe(200);
  expect((await user.checkout()).body.status).toBe('paid');
  const reports = await user.get<ReportList>(reportApiPaths.list);
  const report = reports.body.data.find((candidate) => candidate.type === 'environment');
  if (!report) throw new Error(`no environment report after the purchase: ${reports.text}`);
  return report.id;
}

function reportStatus(user: ApiUser, reportId: string): Promise<string | undefined> {
  return user.get<ReportList>(reportApiPaths.list).then((reports) => reports.body.data.find((report) => report.id === reportId)?.status);
}

const failedAttempts = (lines: LogLine[]) =>
  lines.filter((line) => (line.msg === 'job failed; it will be retried' || line.msg === 'job failed for good') && line.queue === 'reports.generate');

describe('the file storage is not writable', () => {
  it('fails the report visibly, keeps everything else working, and makes it once the storage is writable again', async () => {
    const first = await respondent('storage-first');
    const second = await respondent('storage-second');

    await makeReadOnly(filesDir);
    readOnly = true;
    const failing = await buyEnvironmentReport(first);

    // The attempts fail and are retried; after the last the user sees the report failed.
    await waitFor('the report to show as failed', async () => ((await reportStatus(first, failing)) === 'failed' ? true : undefined), 120_000, 200);
    const attempts = failedAttempts(server.logLines());
    expect(attempts.map((line) => line.msg)).toEqual(['job failed; it will be retried', 'job failed; it will be retried', 'job failed for good']);
    // The log says why: the storage refused the write.
    for (const line of attempts) expect(JSON.stringify(line.err)).toMatch(/the file storage \S+ is not writable: (a read-only file system \(EROFS\)|permission denied \((EACCES|EPERM)\))/);

    // Nothing else breaks: sign-up, log-in, the questionnaire, the basket, a checkout.
    const newcomer = await ApiUser.signUp(server.baseUrl, 'storage-newcomer');
    expect((await newcomer.logIn()).status).toBe(200);
    expect((await newcomer.get(apiPaths.user)).status).toBe(200);
    await newcomer.saveBirthDetails();
    await newcomer.answerQuestions(3);
    expect((await newcomer.get(assessmentApiPaths.question)).status).toBe(200);
    expect((await newcomer.addToBasket('REPORT-BIG5')).status).toBe(200);
    expect((await newcomer.get(shopApiPaths.cart)).status).toBe(200);
    expect((await newcomer.checkout()).body.status).toBe('paid');
    expect((await server.healthStatus())).toBe(200);

    // A report bought now fails its first attempt; the storage is repaired before its retry, which
    // makes it without anyone doing anything.
    const healing = await buyEnvironmentReport(second);
    const before = failedAttempts(server.logLines()).length;
    await waitFor('the first failed attempt of the second report', async () => (failedAttempts(server.logLines()).length > before ? true : undefined), 60_000, 50);
    await makeWritable(filesDir);
    readOnly = false;
    await waitFor('the second report to be ready', async () => ((await reportStatus(second, healing)) === 'ready' ? true : undefined), 60_000, 200);

    // The failed one waits for its user: Try again makes it now.
    expect(await reportStatus(first, failing)).toBe('failed');
    const retried = await first.send<{ data: { status: string } }>('POST', reportApiPaths.retry('environment', failing));
    expect(retried.status).toBe(200);
    await waitFor('the first report to be ready after Try again', async () => ((await reportStatus(first, failing)) === 'ready' ? true : undefined), 60_000, 200);
    for (const [user, id] of [[first, failing], [second, healing]] as const) {
      const pdf = await user.get(reportApiPaths.pdf('environment', id));
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
    }
  });
});
