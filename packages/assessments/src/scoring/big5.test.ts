import { describe, expect, it } from 'vitest';
import { loadBanks } from '../load-banks.ts';
import { answersFor } from '../../test/answers.ts';
import { big5Band, scoreBig5, type Big5Scores } from './big5.ts';
import { IncompleteAnswersError } from './common.ts';

const bank = loadBanks().big5;

// Raw answers per facet, in the file's item order per facet: +1, -2, +3, -4 (ids end in 1..4).
const rawByFacet: Record<string, [number, number, number, number]> = {
  // keyed 5, 5, 4, 4 -> mean 4.5 -> (4.5 - 1) / 4 x 100 = 87.5, high
  imagination: [5, 1, 4, 2],
  // keyed 3, 3, 3, 3 -> 3 -> 50, average
  artistic_interests: [3, 3, 3, 3],
  // keyed 2, 1, 2, 1 -> 1.5 -> 12.5, low
  intellect: [2, 5, 2, 5],
  // keyed 3, 2, 3, 2 -> 2.5 exactly -> 37.5, average (2.5 is inside the average band)
  orderliness: [3, 4, 3, 4],
  // keyed 4, 3, 4, 3 -> 3.5 exactly -> 62.5, average
  dutifulness: [4, 3, 4, 3],
  // keyed 3, 2, 2, 2 -> 2.25 -> 31.25, low
  self_discipline: [3, 4, 2, 4],
  // keyed 4, 3, 4, 4 -> 3.75 -> 68.75, high
  friendliness: [4, 3, 4, 2],
};

function facetScore(scores: Big5Scores, trait: string, facet: string) {
  return scores.traits.find((entry) => entry.id === trait)?.facets.find((entry) => entry.id === facet);
}

describe('scoreBig5', () => {
  const answers = answersFor(bank, (item) => {
    const position = Number(item.id.split('-').at(-1)) - 1;
    if (item.scale === 'neuroticism') return item.key === 1 ? 4 : 1; // keyed 4 and 5 -> 4.5
    return rawByFacet[item.facet ?? '']?.[position] ?? 3;
  });
  const scores = scoreBig5(bank, answers);

  it('scores plus-keyed items as given and minus-keyed items as 6 - x', () => {
    expect(facetScore(scores, 'openness', 'imagination')).toEqual({ id: 'imagination', label: 'Imagination', mean: 4.5, score: 87.5, band: 'high' });
    expect(facetScore(scores, 'openness', 'intellect')).toEqual({ id: 'intellect', label: 'Intellect', mean: 1.5, score: 12.5, band: 'low' });
  });

  it('gives the trait the mean of all its items, on 0-100', () => {
    // Openness: (18 + 12 + 6) / 12 = 3 -> 50.
    const openness = scores.traits.find((trait) => trait.id === 'openness');
    expect(openness).toMatchObject({ label: 'Openness', mean: 3, score: 50, band: 'average' });
    // Conscientiousness: (10 + 14 + 9) / 12 = 2.75 -> 43.75.
    expect(scores.traits.find((trait) => trait.id === 'conscientiousness')).toMatchObject({ mean: 2.75, score: 43.75, band: 'average' });
  });

  it('bands below 2.5 low, 2.5 to 3.5 inclusive average, above 3.5 high', () => {
    expect(facetScore(scores, 'conscientiousness', 'orderliness')).toMatchObject({ mean: 2.5, score: 37.5, band: 'average' });
    expect(facetScore(scores, 'conscientiousness', 'dutifulness')).toMatchObject({ mean: 3.5, score: 62.5, band: 'average' });
    expect(facetScore(scores, 'conscientiousness', 'self_discipline')).toMatchObject({ mean: 2.25, score: 31.25, band: 'low' });
    expect(facetScore(scores, 'extraversion', 'friendliness')).toMatchObject({ mean: 3.75, score: 68.75, band: 'high' });
    const range = { min: 1, max: 5 };
    expect([2.49, 2.5, 3.5, 3.51].map((value) => big5Band(value, range))).toEqual(['low', 'average', 'average', 'high']);
  });

  it('reports neuroticism turned round as emotional stability', () => {
    expect(scores.traits.find((trait) => trait.id === 'neuroticism')).toMatchObject({ mean: 4.5, score: 87.5, band: 'high' });
    expect(scores.emotional_stability).toEqual({ id: 'emotional_stability', label: 'Emotional stability', score: 12.5, band: 'low' });
  });

  it('lists the five traits in bank order with their three facets, and records the scoring version', () => {
    expect(scores.traits.map((trait) => [trait.id, trait.facets.length])).toEqual([
      ['openness', 3],
      ['conscientiousness', 3],
      ['extraversion', 3],
      ['agreeableness', 3],
      ['neuroticism', 3],
    ]);
    expect(scores.scoring_version).toBe('big5-scoring-1+bank-1');
  });

  it('puts someone who agrees with everything in the middle, as balanced keying intends', () => {
    const allFive = scoreBig5(
      bank,
      answersFor(bank, () => 5),
    );
    for (const trait of allFive.traits) {
      expect(trait).toMatchObject({ mean: 3, score: 50, band: 'average' });
      for (const facet of trait.facets) expect(facet).toMatchObject({ mean: 3, score: 50, band: 'average' });
    }
    expect(allFive.emotional_stability).toMatchObject({ score: 50, band: 'average' });
  });

  it('reaches 0 and 100 at the ends of the scale', () => {
    const highest = scoreBig5(
      bank,
      answersFor(bank, (item) => (item.key === 1 ? 5 : 1)),
    );
    expect(highest.traits.map((trait) => trait.score)).toEqual([100, 100, 100, 100, 100]);
    expect(highest.emotional_stability.score).toBe(0);
    const lowest = scoreBig5(
      bank,
      answersFor(bank, (item) => (item.key === 1 ? 1 : 5)),
    );
    expect(lowest.traits.map((trait) => trait.score)).toEqual([0, 0, 0, 0, 0]);
  });

  it('refuses a set with an unanswered item or an answer that is not a choice', () => {
    const missing = answersFor(bank, () => 3);
    missing.delete('b5-a-trust-2');
    expect(() => scoreBig5(bank, missing)).toThrow(new IncompleteAnswersError('The big5 set is missing answers to 1 items: b5-a-trust-2'));
    const invalid = answersFor(bank, () => 3).set('b5-a-trust-2', 6);
    expect(() => scoreBig5(bank, invalid)).toThrow('Item "b5-a-trust-2" has answer 6, which is not a choice of the big5 bank');
  });
});
