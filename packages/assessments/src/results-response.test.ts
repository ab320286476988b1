import { assessmentResultsResponse } from '@app/contract/assessment-results';
import { describe, expect, it } from 'vitest';
import { loadBanks } from './load-banks.ts';
import { toResultsResponse } from './results-response.ts';
import { scoreBig5 } from './scoring/big5.ts';
import { scoreEnvironment } from './scoring/environment.ts';
import { scoreValues } from './scoring/values.ts';
import { answersFor } from '../test/answers.ts';

const banks = loadBanks();
const completedAt = new Date('2026-11-21T10:15:30.000Z');

describe('toResultsResponse', () => {
  it('gives null for every set not completed yet', () => {
    expect(toResultsResponse({ environment: null, big5: null, values: null })).toEqual({ environment: null, big5: null, values: null });
  });

  it('builds the contract’s response from scores read back from JSON storage', () => {
    const stored = (scores: unknown) => JSON.parse(JSON.stringify(scores)) as unknown;
    const response = toResultsResponse({
      environment: { scores: stored(scoreEnvironment(banks.environment, answersFor(banks.environment, (_item, index) => (index % 5) + 1))), completedAt, flags: [] },
      big5: { scores: stored(scoreBig5(banks.big5, answersFor(banks.big5, (_item, index) => (index % 3) + 2))), completedAt: completedAt.toISOString(), flags: ['inconsistent', 'too_fast'] },
      values: { scores: stored(scoreValues(banks.values, answersFor(banks.values, (_item, index) => (index % 6) + 1))), completedAt, flags: ['straight_lining'] },
    });
    expect(assessmentResultsResponse.parse(response)).toEqual(response);
    expect(response.big5).toMatchObject({ scoring_version: 'big5-scoring-1+bank-1', completed_at: '2026-11-21T10:15:30.000Z', flags: ['too_fast', 'inconsistent'] });
    expect(response.environment?.culture_mix.reduce((sum, culture) => sum + culture.share, 0)).toBe(100);
    expect(response.values?.top_values).toHaveLength(10);
  });

  it('rounds 0-100 scores to one decimal and means and centred scores to two', () => {
    // Values: self-direction items 6, 5, 5 (mean 5.333...), everything else 4.
    const values = scoreValues(
      banks.values,
      answersFor(banks.values, (item) => (item.id === 'val-sd-1' ? 6 : item.scale === 'self_direction' ? 5 : 4)),
    );
    // Big5: imagination keyed 5, 4, 4, 4 -> 4.25 -> 81.25; openness (17 + 12 + 12) / 12 = 3.41666... -> 60.41666...
    const big5 = scoreBig5(
      banks.big5,
      answersFor(banks.big5, (item) => (item.id === 'b5-o-imagination-1' ? 5 : item.facet === 'imagination' ? (item.key === 1 ? 4 : 2) : 3)),
    );
    const response = toResultsResponse({ environment: null, big5: { scores: big5, completedAt, flags: [] }, values: { scores: values, completedAt, flags: [] } });
    const openness = response.big5?.traits[0];
    expect(openness).toMatchObject({ mean: 3.42, score: 60.4 });
    expect(openness?.facets[0]).toMatchObject({ mean: 4.25, score: 81.3 });
    // Overall mean (16 + 27 x 4) / 30 = 4.1333; self-direction 5.3333 - 4.1333 = 1.2.
    expect(response.values?.overall_mean).toBe(4.13);
    expect(response.values?.top_values[0]).toMatchObject({ id: 'self_direction', mean: 5.33, centred: 1.2, rank: 1 });
    expect(response.values?.top_values[1]).toMatchObject({ centred: -0.13, rank: 2 });
  });

  it('refuses stored scores that do not have the shape of a result', () => {
    expect(() => toResultsResponse({ environment: { scores: { scoring_version: 'x' }, completedAt, flags: [] }, big5: null, values: null })).toThrow();
    expect(() => toResultsResponse({ environment: null, big5: null, values: { scores: scoreValues(banks.values, answersFor(banks.values, () => 3)), completedAt: 'yesterday', flags: [] } })).toThrow(
      'Invalid completion time: yesterday',
    );
  });
});
