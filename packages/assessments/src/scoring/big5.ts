import type { Big5Facet, Big5Result, Big5Trait, ScoreBand } from '@app/contract/assessment-results';
import type { Big5Bank } from '../bank-schema.ts';
import { choiceRange, keyedScores, meanOf, scoringVersion, toPercent } from './common.ts';

/** A scored BIG5 set: the result of the contract without what the server adds (time, flags). */
export type Big5Scores = Omit<Big5Result, 'completed_at' | 'flags'>;

/**
 * Bands on the 1-5 mean until our own norms allow percentiles: low below 2.5, average from 2.5 to
 * 3.5 inclusive, high above 3.5. Compared as a position on the scale (0.375 and 0.625 of the way
 * from the lowest to the highest choice), which is the same on 1-5 and keeps a replaced bank with
 * another number of choices meaningful.
 */
export function big5Band(meanValue: number, range: { min: number; max: number }): ScoreBand {
  const position = (meanValue - range.min) / (range.max - range.min);
  if (position < 0.375) return 'low';
  if (position > 0.625) return 'high';
  return 'average';
}

const turnedRound: Record<ScoreBand, ScoreBand> = { low: 'high', average: 'average', high: 'low' };

/** Item score x or (6 - x) when reverse-keyed; facet and trait means; 0-100; bands. */
export function scoreBig5(bank: Big5Bank, answers: ReadonlyMap<string, number>): Big5Scores {
  const scores = keyedScores(bank, answers);
  const range = choiceRange(bank);
  const scored = (id: string, label: string, meanValue: number) => ({
    id,
    label,
    mean: meanValue,
    score: toPercent(meanValue, range),
    band: big5Band(meanValue, range),
  });

  const traits: Big5Trait[] = bank.scales.map((scale) => {
    const traitItems = bank.items.filter((item) => item.scale === scale.id);
    const facets: Big5Facet[] = scale.facets.map((facet) =>
      scored(
        facet.id,
        facet.label.en,
        meanOf(
          traitItems.filter((item) => item.facet === facet.id),
          scores,
        ),
      ),
    );
    return { ...scored(scale.id, scale.label.en, meanOf(traitItems, scores)), facets };
  });

  const neuroticism = traits.find((trait) => trait.id === 'neuroticism');
  // The loader guarantees the five traits; this only satisfies the type checker.
  if (!neuroticism) throw new Error('The BIG5 bank has no neuroticism scale');
  return {
    scoring_version: scoringVersion(bank),
    traits,
    emotional_stability: {
      id: 'emotional_stability',
      label: bank.emotional_stability_label.en,
      score: 100 - neuroticism.score,
      band: turnedRound[neuroticism.band],
    },
  };
}
