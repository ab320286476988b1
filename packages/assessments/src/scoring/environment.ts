import type { EnvironmentResult, EnvironmentScale } from '@app/contract/assessment-results';
import type { EnvironmentBank } from '../bank-schema.ts';
import { choiceRange, keyedScores, largestRemainder, mean, meanOf, rankDescending, scoringVersion, toPercent } from './common.ts';

export type EnvironmentScores = Omit<EnvironmentResult, 'completed_at' | 'flags'>;

const topWorkValueCount = 3;

/**
 * Scale means; each centred on the person's own mean over every item of the set (so 'everything
 * matters' does not flatten the profile); the three work values with the highest centred scores;
 * the four culture preferences as whole shares of 100.
 */
export function scoreEnvironment(bank: EnvironmentBank, answers: ReadonlyMap<string, number>): EnvironmentScores {
  const scores = keyedScores(bank, answers);
  const range = choiceRange(bank);
  const overallMean = mean([...scores.values()]);

  const scales: EnvironmentScale[] = bank.scales.map((scale) => {
    const scaleMean = meanOf(
      bank.items.filter((item) => item.scale === scale.id),
      scores,
    );
    return { id: scale.id, label: scale.label.en, group: scale.group, mean: scaleMean, score: toPercent(scaleMean, range), centred: scaleMean - overallMean };
  });

  const workValues = scales.filter((scale) => scale.group === 'work_value');
  // Ties keep the bank's order, so an equal fourth value never displaces the third.
  const topWorkValues = rankDescending(workValues, (scale) => scale.centred)
    .slice(0, topWorkValueCount)
    .map(({ entry, rank }) => ({ id: entry.id, label: entry.label, centred: entry.centred, rank }));

  // Shares follow how far each culture mean rises above the lowest choice ('not important' adds
  // nothing to the mix); a person who rates all four at the bottom gets an even mix.
  const cultures = scales.filter((scale) => scale.group === 'culture');
  const shares = largestRemainder(cultures.map((scale) => scale.mean - range.min));
  const cultureMix = cultures.map((scale, index) => ({ id: scale.id, label: scale.label, share: shares[index] ?? 0 }));

  return {
    scoring_version: scoringVersion(bank),
    overall_mean: overallMean,
    scales,
    top_work_values: topWorkValues,
    culture_mix: cultureMix,
  };
}
