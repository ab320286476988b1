import { describe, expect, it } from 'vitest';
import { loadBanks } from '../load-banks.ts';
import { answersFor } from '../../test/answers.ts';
import { largestRemainder } from './common.ts';
import { scoreEnvironment } from './environment.ts';

const bank = loadBanks().environment;

// Every item of a scale gets the same answer except achievement (5, 4, 5, 4 -> 4.5).
const answerByScale: Record<string, number> = {
  working_conditions: 4,
  recognition: 2,
  relationships: 5,
  support: 3,
  independence: 4,
  collaborative: 4,
  innovative: 2,
  results_driven: 1,
  structured: 3,
};

describe('scoreEnvironment', () => {
  const scores = scoreEnvironment(
    bank,
    answersFor(bank, (item) => (item.scale === 'achievement' ? (item.id.endsWith('1') || item.id.endsWith('3') ? 5 : 4) : (answerByScale[item.scale] ?? 0))),
  );

  it('centres every scale on the person’s own mean over all 40 items', () => {
    // Sum: 18 + 16 + 8 + 20 + 12 + 16 + 16 + 8 + 4 + 12 = 130, over 40 items = 3.25.
    expect(scores.overall_mean).toBe(3.25);
    expect(scores.scales.map((scale) => [scale.id, scale.mean, scale.centred])).toEqual([
      ['achievement', 4.5, 1.25],
      ['working_conditions', 4, 0.75],
      ['recognition', 2, -1.25],
      ['relationships', 5, 1.75],
      ['support', 3, -0.25],
      ['independence', 4, 0.75],
      ['collaborative', 4, 0.75],
      ['innovative', 2, -1.25],
      ['results_driven', 1, -2.25],
      ['structured', 3, -0.25],
    ]);
    expect(scores.scales[0]).toEqual({ id: 'achievement', label: 'Achievement', group: 'work_value', mean: 4.5, score: 87.5, centred: 1.25 });
  });

  it('picks the three work values with the highest centred scores; a tie for third keeps the bank order', () => {
    expect(scores.top_work_values).toEqual([
      { id: 'relationships', label: 'Relationships', centred: 1.75, rank: 1 },
      { id: 'achievement', label: 'Achievement', centred: 1.25, rank: 2 },
      // Independence is equal (0.75) and comes later in the bank.
      { id: 'working_conditions', label: 'Working conditions', centred: 0.75, rank: 3 },
    ]);
  });

  it('ignores culture scales when picking work values', () => {
    expect(scores.top_work_values.map((value) => value.id)).not.toContain('collaborative');
  });

  it('splits 100 between the culture scales by their distance above the lowest answer, largest remainder', () => {
    // Weights 3, 1, 0, 2 of 6: 50, 16.67, 0, 33.33 -> floors 50, 16, 0, 33; the one left goes to 16.67.
    expect(scores.culture_mix).toEqual([
      { id: 'collaborative', label: 'Collaborative', share: 50 },
      { id: 'innovative', label: 'Innovative', share: 17 },
      { id: 'results_driven', label: 'Results-driven', share: 0 },
      { id: 'structured', label: 'Structured', share: 33 },
    ]);
  });

  it('gives all-zero centred scores, shared first rank and an even mix when every answer is the same', () => {
    for (const answer of [1, 4]) {
      const same = scoreEnvironment(
        bank,
        answersFor(bank, () => answer),
      );
      expect(same.overall_mean).toBe(answer);
      expect(same.scales.every((scale) => scale.centred === 0)).toBe(true);
      expect(same.top_work_values.map((value) => [value.id, value.rank])).toEqual([
        ['achievement', 1],
        ['working_conditions', 1],
        ['recognition', 1],
      ]);
      expect(same.culture_mix.map((culture) => culture.share)).toEqual([25, 25, 25, 25]);
    }
  });

  it('records the scoring version', () => {
    expect(scores.scoring_version).toBe('environment-scoring-1+bank-1');
  });
});

describe('largestRemainder', () => {
  it('always adds up to exactly 100', () => {
    expect(largestRemainder([1, 1, 1])).toEqual([34, 33, 33]);
    expect(largestRemainder([1, 1, 1, 1, 1, 1, 1])).toEqual([15, 15, 14, 14, 14, 14, 14]);
    // 2.5, 5, 7.5, 85: the leftover unit goes to the larger of the two equal remainders.
    expect(largestRemainder([0.1, 0.2, 0.3, 3.4])).toEqual([2, 5, 8, 85]);
    expect(largestRemainder([2, 0, 0, 0])).toEqual([100, 0, 0, 0]);
  });

  it('gives an equal remainder to the larger weight first', () => {
    // 12.5 and 37.5 for 1 and 3 of 8, four 12.5s in all; the two leftover units go to the larger weight, then the earliest.
    expect(largestRemainder([1, 3, 1, 3])).toEqual([12, 38, 12, 38]);
  });
});
