import { reportApiPaths } from '@app/contract/api-paths';
import { reportMessages, reportView } from '@app/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { readPdf } from '../../../test/pdf-reader.ts';
import { answerAllQuestions, postAnswer, questionOf, registerRespondent, requestQuestion } from '../../../test/questionnaire-helpers.ts';
import { allReady, buyReports, reportsOf, waitForReports } from '../../../test/report-helpers.ts';
import { seededSkus } from '../../../test/shop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Reports (issue 11) through their HTTP calls: bought, generated in the background, read on the
// web and downloaded, only by their owner.

describe('reports', () => {
  let t: TestApp;
  let owner: RegisteredUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerRespondent(t);
    await answerAllQuestions(t, owner);
  });
  afterAll(() => t.close());

  it('lists nothing before a purchase', async () => {
    const someone = await registerUser(t);
    expect(await reportsOf(t, someone)).toEqual([]);
  });

  describe('a report bought after the questionnaire', () => {
    let reportId: string;

    beforeAll(async () => {
      await buyReports(t, owner, seededSkus.big5);
      const [report] = await waitForReports(t, owner, allReady(1));
      reportId = report!.id;
    });

    it('becomes ready with its pages, dates and the New purchase indicator', async () => {
      const [report] = await reportsOf(t, owner);
      expect(report).toMatchObject({ type: 'big5', title: 'BIG5 personality report', status: 'ready', is_new: true, waiting_for: [], edition: 1 });
      expect(report!.page_count).toBeGreaterThan(3);
      expect(Date.parse(report!.generated_at!)).toBeGreaterThanOrEqual(Date.parse(report!.purchased_at));
    });

    it('answers 409 with the not-ready message for a report not generated yet', async () => {
      const buyer = await registerRespondent(t);
      await buyReports(t, buyer, seededSkus.values);
      const [report] = await reportsOf(t, buyer);
      expect(report).toMatchObject({ status: 'pending', waiting_for: ['values'] });
      for (const url of [reportApiPaths.report('values', report!.id), reportApiPaths.pdf('values', report!.id)]) {
        const response = await t.app.inject({ method: 'GET', url, headers: buyer.authHeaders });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ message: reportMessages.notReady, code: 'report_not_ready' });
      }
    });

    it('shows the web content with the person’s name and scores, and opening it ends New purchase', async () => {
      const response = await t.app.inject({ method: 'GET', url: reportApiPaths.report('big5', reportId), headers: owner.authHeaders });
      expect(response.statusCode).toBe(200);
      const { data } = reportView.parse(response.json());
      expect(data.document.person_name).toBe(owner.account.name);
      expect(data.document.type).toBe('big5');
      const scores = data.document.sections.flatMap((section) => [...section.blocks, ...section.subsections.flatMap((sub) => sub.blocks)]).filter((block) => block.kind === 'score');
      expect(scores.length).toBeGreaterThanOrEqual(5);
      expect(data.update_available).toBe(false);
      const [report] = await reportsOf(t, owner);
      expect(report!.is_new).toBe(false);
    });

    it('downloads the PDF as an attachment with a readable name, holding the name and the recorded page count', async () => {
      const response = await t.app.inject({ method: 'GET', url: reportApiPaths.pdf('big5', reportId), headers: owner.authHeaders });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Compass - BIG5 personality report - \d{4}-\d{2}-\d{2}\.pdf"/);
      const pdf = await readPdf(response.rawPayload);
      const [report] = await reportsOf(t, owner);
      expect(pdf.pageCount).toBe(report!.page_count);
      expect(pdf.text).toContain(owner.account.name);
      expect(pdf.marked).toBe(true);
    });

    it('answers 404 to another user on every report route, and for a wrong type with a right id', async () => {
      const stranger = await registerRespondent(t);
      const calls = [
        { method: 'GET' as const, url: reportApiPaths.report('big5', reportId) },
        { method: 'GET' as const, url: reportApiPaths.pdf('big5', reportId) },
        { method: 'POST' as const, url: reportApiPaths.retry('big5', reportId) },
        { method: 'POST' as const, url: reportApiPaths.update('big5', reportId) },
      ];
      for (const call of calls) {
        const response = await t.app.inject({ ...call, headers: stranger.headersWithCsrf });
        expect(response.statusCode, call.url).toBe(404);
      }
      for (const call of calls.map((c) => ({ ...c, url: c.url.replace('/big5/', '/values/') }))) {
        const response = await t.app.inject({ ...call, headers: owner.headersWithCsrf });
        expect(response.statusCode, call.url).toBe(404);
      }
      const unknown = await t.app.inject({ method: 'GET', url: reportApiPaths.report('big5', 'not-a-uuid'), headers: owner.authHeaders });
      expect(unknown.statusCode).toBe(404);
      expect(await reportsOf(t, stranger)).toEqual([]);
    });

    it('refuses Try again for a report that did not fail', async () => {
      const response = await t.app.inject({ method: 'POST', url: reportApiPaths.retry('big5', reportId), headers: owner.headersWithCsrf });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: reportMessages.notFailed, code: 'report_not_failed' });
    });

    it('offers a free update after an answer changed, makes edition 2 and keeps edition 1 downloadable', async () => {
      const upToDate = await t.app.inject({ method: 'POST', url: reportApiPaths.update('big5', reportId), headers: owner.headersWithCsrf });
      expect(upToDate.statusCode).toBe(409);
      expect(upToDate.json()).toEqual({ message: reportMessages.upToDate, code: 'report_up_to_date' });

      // Change the answer to a BIG5 question (the first one of the set).
      const first = questionOf(await requestQuestion(t, owner, await firstBig5QuestionId(t)));
      const other = first!.question.choices.find((choice) => choice.id !== first!.answer_choice)!;
      expect((await postAnswer(t, owner, first!.question.id, { choice_id: other.id })).statusCode).toBeLessThan(300);

      const view = reportView.parse((await t.app.inject({ method: 'GET', url: reportApiPaths.report('big5', reportId), headers: owner.authHeaders })).json());
      expect(view.data.update_available).toBe(true);
      const update = await t.app.inject({ method: 'POST', url: reportApiPaths.update('big5', reportId), headers: owner.headersWithCsrf });
      expect(update.statusCode).toBe(200);
      const [updated] = await waitForReports(t, owner, (reports) => reports[0]?.status === 'ready' && reports[0].edition === 2);
      expect(updated!.edition).toBe(2);

      const second = reportView.parse((await t.app.inject({ method: 'GET', url: reportApiPaths.report('big5', reportId), headers: owner.authHeaders })).json());
      expect(second.data.document.edition).toBe(2);
      expect(second.data.update_available).toBe(false);
      const old = await t.app.inject({ method: 'GET', url: reportApiPaths.pdf('big5', reportId, 1), headers: owner.authHeaders });
      expect(old.statusCode).toBe(200);
      expect(old.headers['content-disposition']).not.toContain('edition 2');
      const later = await t.app.inject({ method: 'GET', url: reportApiPaths.pdf('big5', reportId, 3), headers: owner.authHeaders });
      expect(later.statusCode).toBe(404);
    });
  });

  it('keeps a report bought before the questionnaire pending, then makes it once the set is complete', async () => {
    const buyer = await registerRespondent(t);
    await buyReports(t, buyer, seededSkus.environment);
    // Environment is the first set: answer all but its last question.
    await answerAllQuestions(t, buyer, { limit: 39 });
    const [waiting] = await reportsOf(t, buyer);
    expect(waiting).toMatchObject({ status: 'pending', waiting_for: ['environment'], page_count: null, generated_at: null });
    await answerAllQuestions(t, buyer, { limit: 1 });
    const [ready] = await waitForReports(t, buyer, allReady(1));
    expect(ready!.type).toBe('environment');
  });

  it('grants the complete profile as the bundle’s fourth report and makes all four', async () => {
    const buyer = await registerRespondent(t);
    await answerAllQuestions(t, buyer);
    await buyReports(t, buyer, seededSkus.bundle);
    const reports = await waitForReports(t, buyer, allReady(4));
    expect(reports.map((report) => report.type).sort()).toEqual(['big5', 'complete', 'environment', 'values']);
    const complete = reports.find((report) => report.type === 'complete')!;
    expect(complete.title).toBe('Complete profile');
    const response = await t.app.inject({ method: 'GET', url: reportApiPaths.pdf('complete', complete.id), headers: buyer.authHeaders });
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.pageCount).toBe(complete.page_count);
    expect(pdf.pageCount).toBeGreaterThan(Math.max(...reports.filter((report) => report.type !== 'complete').map((report) => report.page_count!)));
  });
});

async function firstBig5QuestionId(t: TestApp): Promise<string> {
  const result = await t.pool.query<{ item_id: string }>(`select id as item_id from questionnaire_items where assessment = 'big5' and retired_at is null order by position limit 1`);
  const id = result.rows[0]?.item_id;
  if (!id) throw new Error('no BIG5 item');
  return id;
}
