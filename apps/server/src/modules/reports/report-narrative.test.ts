import { loadBanks } from '@app/assessments/load-banks';
import { reportApiPaths } from '@app/contract/api-paths';
import { reportMessages, reportNarrativeEnvelope, reportView, type ReportDocument, type ReportListItem, type ReportNarrative, type ReportSection } from '@app/contract/reports';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { startFakeAi, type FakeAi, type FakeAiRequest } from '../../../test/fake-ai.ts';
import { answerAllQuestions, completeSignupData, sampleBirthDetails } from '../../../test/questionnaire-helpers.ts';
import { allReady, buyReports, waitForReports } from '../../../test/report-helpers.ts';
import { seededSkus } from '../../../test/shop-fixtures.ts';
import { captureLogs, createTestApp, type TestApp } from '../../../test/test-app.ts';

// The optional AI narrative of a report (issue 11), against a local OpenAI-compatible endpoint:
// written from the scores alone, the report delivered without it when the endpoint fails or is too
// slow (spec 8's 'AI Servers currently unavailable' with a retry), and off by default.

const aiKey = 'sk-narrative-test-key-4f9c2e';
const personName = 'Zelda Quintessa-Marlow';

interface Buyer {
  user: RegisteredUser;
  /** The ids of the questions answered. */
  answered: string[];
}

async function newBuyer(t: TestApp, name = personName): Promise<Buyer> {
  const user = await registerUser(t, { name });
  await completeSignupData(t, user);
  return { user, answered: await answerAllQuestions(t, user) };
}

/** Buys one report and waits until it is ready (the narrative is not waited for). */
async function readyReport(t: TestApp, user: RegisteredUser, sku: string): Promise<ReportListItem> {
  await buyReports(t, user, sku);
  const [report] = await waitForReports(t, user, allReady(1));
  return report!;
}

async function viewOf(t: TestApp, user: RegisteredUser, report: ReportListItem) {
  const response = await t.app.inject({ method: 'GET', url: reportApiPaths.report(report.type, report.id), headers: user.authHeaders });
  expect(response.statusCode).toBe(200);
  return reportView.parse(response.json()).data;
}

const narrativeOf = async (t: TestApp, user: RegisteredUser, report: ReportListItem): Promise<ReportNarrative | null> => (await viewOf(t, user, report)).narrative;

/** Asks for the view until its narrative is `expected` (the job runs in the background); the last one seen otherwise. */
async function waitForNarrative(t: TestApp, user: RegisteredUser, report: ReportListItem, expected: ReportNarrative, timeoutMs = 15_000): Promise<ReportNarrative | null> {
  const startedAt = performance.now();
  for (;;) {
    const narrative = await narrativeOf(t, user, report);
    if (JSON.stringify(narrative) === JSON.stringify(expected) || performance.now() - startedAt > timeoutMs) return narrative;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function retryNarrative(t: TestApp, user: RegisteredUser, report: Pick<ReportListItem, 'type' | 'id'>) {
  return t.app.inject({ method: 'POST', url: reportApiPaths.narrative(report.type, report.id), headers: user.headersWithCsrf });
}

async function storedNarrative(t: TestApp, reportId: string) {
  const result = await t.pool.query<{ status: string; attempts: number; model: string | null; written_at: Date | null; failure_reason: string | null }>(
    'select status, attempts, model, written_at, failure_reason from report_narratives where report_id = $1',
    [reportId],
  );
  return result.rows;
}

function scoreBlocks(document: ReportDocument) {
  const walk = (section: ReportSection): { label: string; score: number; band: string }[] => [
    ...section.blocks.flatMap((block) => (block.kind === 'score' ? [block] : [])),
    ...section.subsections.flatMap(walk),
  ];
  return document.sections.flatMap(walk);
}

const ready: ReportNarrative = { status: 'ready', text: 'You are curious and steady.\n\nYou like to understand before you act.', message: null };
const pending: ReportNarrative = { status: 'pending', text: null, message: null };
const unavailable: ReportNarrative = { status: 'unavailable', text: null, message: 'AI Servers currently unavailable, please try another model or wait and try again.' };
// First attempt and two retries (REPORT_RETRY_DELAY_SECONDS=1: about 1-2 s, then 2-4 s, plus polling).
const givingUpMs = 30_000;

describe('report narratives with an AI endpoint', () => {
  let fake: FakeAi;
  let t: TestApp;
  const logs = captureLogs();

  beforeAll(async () => {
    fake = await startFakeAi();
    t = await createTestApp({
      logStream: logs,
      env: { REPORT_AI_URL: fake.url, REPORT_AI_MODEL: 'compass-test-model', REPORT_AI_KEY: aiKey, REPORT_AI_TIMEOUT_MS: '400', REPORT_RETRY_DELAY_SECONDS: '1' },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  describe('a report bought while the endpoint answers', () => {
    let buyer: Buyer;
    let report: ReportListItem;
    let sent: FakeAiRequest[];

    beforeAll(async () => {
      fake.setMode('up');
      const before = fake.requests.length;
      buyer = await newBuyer(t);
      report = await readyReport(t, buyer.user, seededSkus.big5);
      expect(await waitForNarrative(t, buyer.user, report, ready)).toEqual(ready);
      sent = fake.requests.slice(before);
    });

    it('gets a narrative written by the configured model, asked once with the key as a Bearer token', async () => {
      expect(sent).toHaveLength(1);
      const [request] = sent;
      expect(request!.authorization).toBe(`Bearer ${aiKey}`);
      expect(request!.body.model).toBe('compass-test-model');
      expect(request!.body.max_tokens).toBeGreaterThan(0);
      expect(request!.body.messages?.map((message) => message.role)).toEqual(['system', 'user']);
      const [stored] = await storedNarrative(t, report.id);
      expect(stored).toMatchObject({ status: 'ready', attempts: 1, model: 'compass-test-model', failure_reason: null });
      expect(stored!.written_at).toBeInstanceOf(Date);
    });

    it('sends every score of the report with its band and scale name', async () => {
      const { document } = await viewOf(t, buyer.user, report);
      const scores = scoreBlocks(document);
      expect(scores.length).toBeGreaterThanOrEqual(20);
      const scoresMessage = sent[0]!.body.messages?.find((message) => message.role === 'user')?.content ?? '';
      expect(scoresMessage).toContain('BIG5 personality report');
      for (const score of scores) expect(scoresMessage).toContain(`- ${score.label}: ${Math.round(score.score)} (${score.band})`);
    });

    it('sends neither the person’s name nor their e-mail, birth data or any answer', () => {
      const { raw } = sent[0]!;
      for (const personal of [personName, 'Zelda', 'Quintessa', buyer.user.email, sampleBirthDetails.birth_city, sampleBirthDetails.birth_date]) expect(raw).not.toContain(personal);
      expect(buyer.answered.length).toBeGreaterThan(100);
      for (const itemId of buyer.answered) expect(raw).not.toContain(itemId);
      const banks = loadBanks();
      const wordings = [banks.environment, banks.big5, banks.values].flatMap((bank) => [...bank.items.map((item) => item.text.en), ...bank.choices.map((choice) => choice.label.en)]);
      for (const wording of wordings) expect(raw).not.toContain(wording);
    });

    it('refuses a retry of a narrative that was written', async () => {
      const response = await retryNarrative(t, buyer.user, report);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: reportMessages.narrativeNotFailed, code: 'report_narrative_not_failed' });
    });

    it('answers 404 to the retry of another user’s narrative, for a wrong type and for an unknown report', async () => {
      const stranger = await registerUser(t);
      expect((await retryNarrative(t, stranger, report)).statusCode).toBe(404);
      expect((await retryNarrative(t, buyer.user, { type: 'values', id: report.id })).statusCode).toBe(404);
      expect((await retryNarrative(t, buyer.user, { type: 'big5', id: '7d4a3f8e-0c1b-4e2a-9f6d-5b8c7a6e4d21' })).statusCode).toBe(404);
      expect((await retryNarrative(t, buyer.user, { type: 'big5', id: 'not-a-uuid' })).statusCode).toBe(404);
    });

    it('shows a narrative whose job was lost (pending, untouched for long) as unavailable, and Retry writes it', async () => {
      await t.pool.query(`update report_narratives set status = 'pending', text = null, updated_at = now() - interval '1 hour' where report_id = $1`, [report.id]);
      expect(await narrativeOf(t, buyer.user, report)).toEqual(unavailable);
      const response = await retryNarrative(t, buyer.user, report);
      expect(response.statusCode).toBe(202);
      expect(await waitForNarrative(t, buyer.user, report, ready)).toEqual(ready);
    });
  });

  it('delivers the report while the endpoint fails, then says the AI servers are unavailable; Retry writes it once they are back', async () => {
    fake.setMode('down');
    const before = fake.requests.length;
    const { user } = await newBuyer(t);
    const report = await readyReport(t, user, seededSkus.values);

    // Ready, readable and downloadable while the narrative is still being tried.
    expect(await narrativeOf(t, user, report)).toEqual(pending);
    expect((await t.app.inject({ method: 'GET', url: reportApiPaths.pdf(report.type, report.id), headers: user.authHeaders })).statusCode).toBe(200);
    const stillPending = await retryNarrative(t, user, report);
    expect(stillPending.statusCode).toBe(409);

    expect(await waitForNarrative(t, user, report, unavailable, givingUpMs)).toEqual(unavailable);
    expect(fake.requests.length - before).toBe(3);
    expect(await storedNarrative(t, report.id)).toEqual([expect.objectContaining({ status: 'unavailable', attempts: 3, failure_reason: 'the AI endpoint answered 500' })]);

    fake.setMode('up');
    const retried = await retryNarrative(t, user, report);
    expect(retried.statusCode).toBe(202);
    expect(reportNarrativeEnvelope.parse(retried.json())).toEqual({ data: pending });
    expect(await waitForNarrative(t, user, report, ready)).toEqual(ready);
    expect(await storedNarrative(t, report.id)).toEqual([expect.objectContaining({ status: 'ready', attempts: 4, failure_reason: null })]);
  });

  it('counts an answer slower than REPORT_AI_TIMEOUT_MS as a failure: the report is ready, the narrative unavailable', async () => {
    fake.setMode('slow', 1500);
    const { user } = await newBuyer(t);
    const report = await readyReport(t, user, seededSkus.environment);
    expect(await waitForNarrative(t, user, report, unavailable, givingUpMs)).toEqual(unavailable);
    expect(await storedNarrative(t, report.id)).toEqual([expect.objectContaining({ status: 'unavailable', attempts: 3, failure_reason: 'the AI endpoint did not answer within 400 ms' })]);

    fake.setMode('up');
    expect((await retryNarrative(t, user, report)).statusCode).toBe(202);
    expect(await waitForNarrative(t, user, report, ready)).toEqual(ready);
  });

  it('limits narrative retries to ten an hour per account', async () => {
    const { user } = await newBuyer(t);
    const report = await readyReport(t, user, seededSkus.big5);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) statuses.push((await retryNarrative(t, user, report)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 409 || status === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('never writes the key to the log', () => {
    expect(logs.text()).toContain('the AI endpoint answered 500');
    expect(logs.text()).not.toContain(aiKey);
  });
});

describe('report narratives without an AI endpoint (the default)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows no narrative, refuses a retry with 409, and stores none', async () => {
    const { user } = await newBuyer(t, 'Ada Lovelace');
    const report = await readyReport(t, user, seededSkus.big5);
    expect(await narrativeOf(t, user, report)).toBeNull();
    const response = await retryNarrative(t, user, report);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: reportMessages.narrativeDisabled, code: 'report_narrative_disabled' });
    expect(await storedNarrative(t, report.id)).toEqual([]);
  });

  it('still answers 404, not 409, to another user', async () => {
    const { user } = await newBuyer(t, 'Ada Lovelace');
    const report = await readyReport(t, user, seededSkus.values);
    const stranger = await registerUser(t);
    expect((await retryNarrative(t, stranger, report)).statusCode).toBe(404);
  });

  // Issue 14's fuzz run: a NUL in the path reached PostgreSQL, whose text cannot hold one (500).
  it('answers 404 to a report type or id holding a NUL character', async () => {
    const user = await registerUser(t);
    for (const [type, id] of [['big5\u0000', randomUUID()], ['big5', `${randomUUID()}\u0000`]] as const) {
      const response = await t.app.inject({ method: 'POST', url: reportApiPaths.narrative(type, id), headers: user.headersWithCsrf });
      expect(response.statusCode, JSON.stringify(type + id)).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.', code: 'not_found' });
    }
  });
});
