import { valueScore } from '@app/assessments/reports/compose-values';
import { accountApiPaths, assessmentApiPaths, reportApiPaths } from '@app/contract/api-paths';
import { assessmentResultsResponse, type AssessmentResultsResponse } from '@app/contract/assessment-results';
import { reportView, type ReportBlock, type ReportDocument } from '@app/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { eventually } from '../../../test/eventually.ts';
import { readPdf } from '../../../test/pdf-reader.ts';
import { answerAllQuestions, registerRespondent, sampleBirthDetails, type ChoicePicker } from '../../../test/questionnaire-helpers.ts';
import { allReady, buyReports, waitForReports } from '../../../test/report-helpers.ts';
import { seededRandom, seedScoredRespondents, type ScoredRespondentSpec } from '../../../test/scored-respondents.ts';
import { startSecondInstance } from '../../../test/second-instance.ts';
import { seededSkus } from '../../../test/shop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { recentNormsMinutes, refreshScoreNorms } from './score-norms.ts';

// Percentiles against norm groups (issue 11): computed by the `reports.norms` job from everyone's
// stored results, shown once a group has 100 people: 'everyone', and the age band at completion.

type ScoreBlock = Extract<ReportBlock, { kind: 'score' }>;
type Band = 'under_25' | '25_39' | '40_54' | '55_plus' | null;

/** Everyone's seeded sets were completed on this day (UTC); ages count from it. */
const seededCompletion = '2026-06-15T23:30:00.000Z';

/** A birth date giving this age on the seeded completion day, `daysAfterBirthday` after the birthday. */
function bornAged(age: number, daysAfterBirthday: number): string {
  return new Date(Date.UTC(2026 - age, 5, 15) - daysAfterBirthday * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** People in an age band, ages spread over it; the first of each band sit on its borders. */
function peopleIn(band: Band, count: number, offset: number): (ScoredRespondentSpec & { band: Band })[] {
  const ages: Record<Exclude<Band, null>, [number, number]> = { under_25: [18, 24], '25_39': [25, 39], '40_54': [40, 54], '55_plus': [55, 80] };
  return Array.from({ length: count }, (_, index) => {
    const spec = { band, completedAt: seededCompletion };
    if (band === null) return { ...spec, birthDate: null };
    const [youngest, oldest] = ages[band];
    const n = index + offset;
    // Border cases: 25 today, 39 turning 40 tomorrow, 24 turning 25 tomorrow, 40 today.
    if (n === 0 && band === '25_39') return { ...spec, birthDate: bornAged(25, 0) };
    if (n === 1 && band === '25_39') return { ...spec, birthDate: bornAged(40, -1) };
    if (n === 0 && band === 'under_25') return { ...spec, birthDate: bornAged(25, -1) };
    if (n === 0 && band === '40_54') return { ...spec, birthDate: bornAged(40, 0) };
    return { ...spec, birthDate: bornAged(youngest + (n % (oldest - youngest + 1)), (n * 37) % 365) };
  });
}

/** Answers at random (seeded), so the buyers' scores differ from scale to scale. */
function randomPick(seed: number): ChoicePicker {
  const random = seededRandom(seed);
  return (question) => question.question.choices[Math.floor(random() * question.question.choices.length)]!.id;
}

interface Member {
  band: Band;
  results: AssessmentResultsResponse;
}

/** Every score each report looks up, by assessment and scale id, as the report shows it. */
function scoresOf(results: AssessmentResultsResponse): Map<string, number> {
  const scores = new Map<string, number>();
  for (const trait of results.big5?.traits ?? []) {
    scores.set(`big5:${trait.id}`, trait.score);
    for (const facet of trait.facets) scores.set(`big5:${facet.id}`, facet.score);
  }
  for (const scale of results.environment?.scales ?? []) scores.set(`environment:${scale.id}`, scale.score);
  for (const value of results.values?.top_values ?? []) scores.set(`values:${value.id}`, valueScore(value.mean));
  return scores;
}

/** The rule, worked out here from the people themselves: below plus half of those equal, 1-99. */
function expectedPercentile(group: readonly Member[], key: string, score: number): number {
  const points = group.map((member) => Math.round(scoresOf(member.results).get(key)!));
  const point = Math.round(score);
  const below = points.filter((other) => other < point).length;
  const equal = points.filter((other) => other === point).length;
  return Math.min(99, Math.max(1, Math.round((100 * (below + equal / 2)) / points.length)));
}

function scoreBlocks(document: ReportDocument): ScoreBlock[] {
  const blocks = document.sections.flatMap((section) => [...section.blocks, ...section.subsections.flatMap((sub) => sub.blocks)]);
  return blocks.filter((block): block is ScoreBlock => block.kind === 'score' && block.id !== 'overall_average');
}

async function resultsOf(t: TestApp, user: RegisteredUser): Promise<AssessmentResultsResponse> {
  const response = await t.app.inject({ method: 'GET', url: assessmentApiPaths.results, headers: user.authHeaders });
  return assessmentResultsResponse.parse(response.json());
}

async function documentOf(t: TestApp, user: RegisteredUser, type: 'big5' | 'environment' | 'values', id: string): Promise<ReportDocument> {
  const response = await t.app.inject({ method: 'GET', url: reportApiPaths.report(type, id), headers: user.authHeaders });
  expect(response.statusCode).toBe(200);
  return reportView.parse(response.json()).data.document;
}

describe('report percentiles against norm groups', () => {
  let t: TestApp;
  /** Born 1988: 38 when answering today, in the 25-39 band. */
  let older: RegisteredUser;
  /** Born 2005: 21 when answering today, under 25. */
  let younger: RegisteredUser;
  const members: Member[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    older = await registerRespondent(t);
    await answerAllQuestions(t, older, { pick: randomPick(11) });
    younger = await registerUser(t);
    const birthDetails = await t.app.inject({ method: 'PUT', url: accountApiPaths.birthDetails, headers: younger.headersWithCsrf, payload: { ...sampleBirthDetails, birth_date: '2005-06-01' } });
    expect(birthDetails.statusCode).toBe(200);
    await answerAllQuestions(t, younger, { pick: randomPick(12) });
    members.push({ band: '25_39', results: await resultsOf(t, older) }, { band: 'under_25', results: await resultsOf(t, younger) });
  });
  afterAll(() => t.close());

  it('shows no percentiles while fewer than 100 people completed a set, and says the band comes from the scale alone', async () => {
    const seeded = [...peopleIn('25_39', 80, 0), ...peopleIn('under_25', 4, 0), ...peopleIn('40_54', 3, 0), ...peopleIn('55_plus', 3, 0)];
    const people = await seedScoredRespondents(t.pool, seeded, 1);
    members.push(...people.map((person, index) => ({ band: seeded[index]!.band, results: person.results })));
    expect(members).toHaveLength(92);

    expect(await refreshScoreNorms(t.db, new Date())).toBe(0);
    await buyReports(t, younger, seededSkus.big5);
    const [report] = await waitForReports(t, younger, allReady(1));
    const document = await documentOf(t, younger, 'big5', report!.id);
    const blocks = scoreBlocks(document);
    expect(blocks.length).toBeGreaterThanOrEqual(20);
    for (const block of blocks) {
      expect(block.percentiles, block.id).toEqual([]);
      expect(block.norm_note).toBe('There is no norm group yet, so the band comes from the scale alone: low below 37.5, high above 62.5.');
    }
    const howToRead = document.sections.find((section) => section.id === 'section-how-to-read')!;
    expect(howToRead.blocks).toContainEqual(expect.objectContaining({ text: expect.stringContaining('Once at least 100 people have answered') }));
  });

  it('keeps no user id and no row per person in the norms table', async () => {
    const columns = await t.pool.query<{ column_name: string; data_type: string }>(
      `select column_name, data_type from information_schema.columns where table_name = 'score_norms' order by ordinal_position`,
    );
    expect(columns.rows.map((column) => column.column_name)).toEqual(['assessment', 'scale_id', 'norm_group', 'group_size', 'counts', 'computed_at']);
    expect(columns.rows.map((column) => column.data_type)).not.toContain('uuid');
    await expect(t.pool.query(`insert into score_norms values ('big5', 'openness', 'under_25', 99, array_fill(0, array[101]), now())`)).rejects.toThrow(/score_norms_group_of_100/);
  });

  describe('once 100 people completed a set', () => {
    const everyone = () => members;
    const band = (which: Band) => members.filter((member) => member.band === which);

    beforeAll(async () => {
      const seeded = [...peopleIn('25_39', 23, 80), ...peopleIn('under_25', 2, 4), ...peopleIn('40_54', 2, 3), ...peopleIn('55_plus', 1, 3), ...peopleIn(null, 2, 0)];
      const people = await seedScoredRespondents(t.pool, seeded, 2);
      members.push(...people.map((person, index) => ({ band: seeded[index]!.band, results: person.results })));
      expect(everyone()).toHaveLength(122);
      expect(band('25_39')).toHaveLength(104);
      expect(band('under_25')).toHaveLength(7);
      expect(await refreshScoreNorms(t.db, new Date())).toBeGreaterThan(0);
    });

    it('shows percentiles against everyone and the person’s age band of 100, each right for the seeded scores', async () => {
      await buyReports(t, older, seededSkus.big5);
      const [report] = await waitForReports(t, older, allReady(1));
      const blocks = scoreBlocks(await documentOf(t, older, 'big5', report!.id));
      expect(blocks.length).toBeGreaterThanOrEqual(20);
      for (const block of blocks) {
        const key = `big5:${block.id}`;
        expect(block.percentiles, block.id).toEqual([
          { group: 'everyone', group_label: 'everyone who answered', group_size: 122, value: expectedPercentile(everyone(), key, block.score) },
          { group: '25_39', group_label: 'people aged 25 to 39', group_size: 104, value: expectedPercentile(band('25_39'), key, block.score) },
        ]);
        expect(block.norm_note).toBe(
          'Percentiles compare your score with these norm groups: everyone who answered (122 people), people aged 25 to 39 (104 people). The band itself still comes from the scale: low below 37.5, high above 62.5.',
        );
      }

      const pdf = await readPdf((await t.app.inject({ method: 'GET', url: reportApiPaths.pdf('big5', report!.id), headers: older.authHeaders })).rawPayload);
      const text = pdf.text.replace(/\s+/g, ' ');
      const openness = blocks.find((block) => block.id === 'openness')!;
      expect(text).toMatch(new RegExp(`${openness.percentiles[0]!.value}(st|nd|rd|th) percentile among everyone who answered \\(122 people\\)`));
      expect(text).toMatch(new RegExp(`${openness.percentiles[1]!.value}(st|nd|rd|th) percentile among people aged 25 to 39 \\(104 people\\)`));
      expect(text).toContain('The groups are everyone who answered the same questionnaire');
    });

    it('leaves out an age band of fewer than 100 people, for values and environment scales too', async () => {
      await buyReports(t, younger, seededSkus.values, seededSkus.environment);
      const reports = await waitForReports(t, younger, allReady(3));
      for (const type of ['values', 'environment'] as const) {
        const blocks = scoreBlocks(await documentOf(t, younger, type, reports.find((report) => report.type === type)!.id));
        expect(blocks.length, type).toBeGreaterThanOrEqual(10);
        for (const block of blocks) {
          expect(block.percentiles, block.id).toEqual([
            { group: 'everyone', group_label: 'everyone who answered', group_size: 122, value: expectedPercentile(everyone(), `${type}:${block.id}`, block.score) },
          ]);
          expect(block.norm_note).toContain('Percentiles compare your score with these norm groups: everyone who answered (122 people).');
        }
      }
    });

    it('replaces the norms whole, also when two refreshes run at once, and a queued one leaves recent norms alone', async () => {
      const rows = Number((await t.pool.query<{ count: string }>(`select count(*) from score_norms`)).rows[0]!.count);
      const [first, second] = await Promise.all([refreshScoreNorms(t.db, new Date()), refreshScoreNorms(t.db, new Date())]);
      expect(first).toBe(rows);
      expect(second).toBe(rows);
      const now = new Date();
      expect(await refreshScoreNorms(t.db, now, { skipIfRecent: true })).toBeNull();
      expect(await refreshScoreNorms(t.db, new Date(now.getTime() + (recentNormsMinutes + 1) * 60 * 1000), { skipIfRecent: true })).toBe(rows);
    });

    it('computes the norms through the queue when an instance starts with the table empty', async () => {
      await t.pool.query(`delete from score_norms`);
      const starting = await startSecondInstance(t);
      try {
        await starting.app.jobs.start();
        await eventually(async () => {
          const rows = await t.pool.query<{ count: string }>(`select count(*) from score_norms where norm_group = 'everyone' and group_size = 122`);
          expect(Number(rows.rows[0]!.count)).toBeGreaterThan(0);
        });
      } finally {
        await starting.close();
      }
    });
  });
});
