import { loadBanks } from '@app/assessments/load-banks';
import { assessmentResultsResponse, type AssessmentResultsResponse } from '@app/contract/assessment-results';
import { assessmentApiPaths } from '@app/contract/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import type { RegisteredUser } from '../../../test/auth-helpers.ts';
import { answerAllQuestions, registerRespondent, pickOrder, postAnswer, rotatingPick, type ChoicePicker } from '../../../test/questionnaire-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { currentAccount } from '../../../test/user-fixtures.ts';

const banks = loadBanks();
const envCount = banks.environment.items.length;
const big5Count = banks.big5.items.length;
const valuesCount = banks.values.items.length;
const keyOf = new Map(banks.big5.items.map((item) => [item.id, item.key]));

/** Agrees fully with every plus-keyed BIG5 statement and not at all with every minus-keyed one. */
const keyedHigh: ChoicePicker = (question) => {
  const value = keyOf.get(question.question.id) === -1 ? 1 : 5;
  return `${question.question.id}:${value}`;
};

describe('GET /api/assessments/results and the scores stored when a set completes', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-11-21T09:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp({ jobs: false, clock });
  });
  afterAll(async () => {
    await t.close();
  });


  async function resultsOf(user: RegisteredUser): Promise<AssessmentResultsResponse> {
    const response = await t.app.inject({ method: 'GET', url: assessmentApiPaths.results, headers: user.authHeaders });
    expect(response.statusCode).toBe(200);
    return assessmentResultsResponse.parse(response.json());
  }

  it('has no results before any set is complete', async () => {
    const user = await registerRespondent(t);
    await answerAllQuestions(t, user, { clock, limit: envCount - 1 });

    expect(await resultsOf(user)).toEqual({ environment: null, big5: null, values: null });
  });

  it('scores the environment set with the last answer: centred on the person, culture mix of 100', async () => {
    const user = await registerRespondent(t);
    // Every item 'moderately important' (value 3) but the first achievement item, 'extremely' (5).
    const firstAchievement = banks.environment.items.find((item) => item.scale === 'achievement')?.id;
    const pick: ChoicePicker = (question) => `${question.question.id}:${question.question.id === firstAchievement ? 5 : 3}`;

    await answerAllQuestions(t, user, { clock, pick, limit: envCount });
    const completedAt = clock.now().toISOString();

    const { environment, big5, values } = await resultsOf(user);
    expect(big5).toBeNull();
    expect(values).toBeNull();
    expect(environment).toMatchObject({ completed_at: completedAt, scoring_version: expect.stringContaining('environment') });
    // Person's mean: (39 x 3 + 5) / 40 = 3.05; achievement: (5 + 3 + 3 + 3) / 4 = 3.5, centred +0.45.
    expect(environment?.overall_mean).toBeCloseTo(3.05, 2);
    const achievement = environment?.scales.find((scale) => scale.id === 'achievement');
    expect(achievement?.mean).toBeCloseTo(3.5, 2);
    expect(achievement?.centred).toBeCloseTo(0.45, 2);
    expect(environment?.scales.find((scale) => scale.id === 'support')?.centred).toBeCloseTo(-0.05, 2);
    expect(environment?.top_work_values[0]).toMatchObject({ id: 'achievement', rank: 1 });
    expect(environment?.culture_mix.map((entry) => entry.share)).toEqual([25, 25, 25, 25]);
    // 39 identical answers in a row, human answer times.
    expect(environment?.flags).toEqual(['straight_lining']);
  });

  it('scores BIG5 with reverse-keyed items turned round', async () => {
    const user = await registerRespondent(t);
    await answerAllQuestions(t, user, { clock, limit: envCount });

    await answerAllQuestions(t, user, { clock, pick: keyedHigh, limit: big5Count });

    const { big5 } = await resultsOf(user);
    expect(big5?.traits.map((trait) => [trait.id, trait.score, trait.band])).toEqual([
      ['openness', 100, 'high'],
      ['conscientiousness', 100, 'high'],
      ['extraversion', 100, 'high'],
      ['agreeableness', 100, 'high'],
      ['neuroticism', 100, 'high'],
    ]);
    expect(big5?.emotional_stability).toMatchObject({ score: 0, band: 'low' });
    expect(big5?.flags).not.toContain('inconsistent');
    expect(big5?.flags).not.toContain('too_fast');
  });

  it('flags agreeing with statements and their opposites, and long identical runs', async () => {
    const user = await registerRespondent(t);
    await answerAllQuestions(t, user, { clock, limit: envCount });

    // 'Completely true of me' to everything: plus 5, minus 6 - 5 = 1, every facet mean 3.
    await answerAllQuestions(t, user, { clock, pick: pickOrder(5), limit: big5Count });

    const { big5 } = await resultsOf(user);
    expect(big5?.traits.every((trait) => trait.mean === 3 && trait.score === 50 && trait.band === 'average')).toBe(true);
    expect(big5?.flags).toEqual(['straight_lining', 'inconsistent']);
  });

  it('flags a set answered faster than 2 seconds per item', async () => {
    const user = await registerRespondent(t);

    await answerAllQuestions(t, user, { clock, pick: rotatingPick, limit: envCount, secondsPerAnswer: 1 });

    expect((await resultsOf(user)).environment?.flags).toEqual(['too_fast']);
  });

  it('judges reading time by when each item was first answered, not by quick changes of earlier answers', async () => {
    const user = await registerRespondent(t);
    const answered = await answerAllQuestions(t, user, { clock, pick: pickOrder(1), limit: envCount - 1 });
    // After a break (a new run), twelve earlier answers changed half a second apart, then the
    // last answer: quick, but changes are not reading time. (Access tokens last 15 minutes.)
    clock.advanceBy(6 * 60_000);
    for (const itemId of answered.slice(0, 12)) {
      clock.advanceBy(500);
      expect((await postAnswer(t, user, itemId, { choice_id: `${itemId}:5` })).statusCode).toBe(200);
    }

    await answerAllQuestions(t, user, { clock, pick: rotatingPick, limit: 1 });

    expect((await resultsOf(user)).environment?.flags).not.toContain('too_fast');
  });

  it('ranks the ten values from the values set and completes the questionnaire', async () => {
    const user = await registerRespondent(t);
    await answerAllQuestions(t, user, { clock, limit: envCount + big5Count });

    await answerAllQuestions(t, user, { clock, pick: pickOrder(4) });

    const { values } = await resultsOf(user);
    expect(values?.top_values).toHaveLength(10);
    expect(values?.overall_mean).toBe(4);
    expect(values?.top_values.every((value) => value.centred === 0 && value.rank === 1)).toBe(true);
    expect(values?.higher_order.map((group) => group.id).sort()).toEqual(['conservation', 'openness_to_change', 'self_enhancement', 'self_transcendence']);
    expect(await currentAccount(t, user.authHeaders)).toMatchObject({ unanswered_questions: 0, env_completed: true, big5_completed: true });
    expect(valuesCount).toBe(30);
  });

  it('scores a completed set again when one of its answers is revised', async () => {
    const user = await registerRespondent(t);
    await answerAllQuestions(t, user, { clock, pick: pickOrder(3), limit: envCount });
    const before = (await resultsOf(user)).environment;
    const supportItem = banks.environment.items.find((item) => item.scale === 'support')?.id ?? '';

    clock.advanceBy(60_000);
    const response = await postAnswer(t, user, supportItem, { choice_id: `${supportItem}:1` });

    expect(response.statusCode).toBe(200);
    const after = (await resultsOf(user)).environment;
    expect(before?.scales.find((scale) => scale.id === 'support')?.mean).toBe(3);
    expect(after?.scales.find((scale) => scale.id === 'support')?.mean).toBeCloseTo(2.5, 2);
    expect(after?.completed_at).toBe(clock.now().toISOString());
    expect(await currentAccount(t, user.authHeaders)).toMatchObject({ env_completed: true, big5_completed: false });
  });

  it("shows a user only their own results", async () => {
    const ada = await registerRespondent(t);
    const bob = await registerRespondent(t);
    await answerAllQuestions(t, ada, { clock, limit: envCount });

    expect((await resultsOf(ada)).environment).not.toBeNull();
    expect(await resultsOf(bob)).toEqual({ environment: null, big5: null, values: null });
  });
});
