import type { HigherOrderValue, ValuesResult } from '@app/contract/assessment-results';
import type { ValuesBank } from '../bank-schema.ts';
import { keyedScores, mean, meanOf, rankDescending, scoringVersion } from './common.ts';

export type ValuesScores = Omit<ValuesResult, 'completed_at' | 'flags'>;

/**
 * Value means; centred score = value mean - the person's mean over all items (people use the
 * 'like me' scale differently; the centred profile compares values within the person); ranked
 * highest first as the 'Top 10 values'; the higher-order groups as centred means of their
 * members' items. Hedonism counts in both openness to change and self-enhancement, as the bank's
 * groups list it (Schwartz places it between the two).
 */
export function scoreValues(bank: ValuesBank, answers: ReadonlyMap<string, number>): ValuesScores {
  const scores = keyedScores(bank, answers);
  const overallMean = mean([...scores.values()]);

  const values = bank.scales.map((scale) => {
    const valueMean = meanOf(
      bank.items.filter((item) => item.scale === scale.id),
      scores,
    );
    return { id: scale.id, label: scale.label.en, mean: valueMean, centred: valueMean - overallMean };
  });
  const topValues = rankDescending(values, (value) => value.centred).map(({ entry, rank }) => ({ ...entry, rank }));

  const higherOrder: HigherOrderValue[] = bank.higher_order.map((group) => ({
    id: group.id,
    label: group.label.en,
    centred:
      meanOf(
        bank.items.filter((item) => group.values.includes(item.scale)),
        scores,
      ) - overallMean,
    values: [...group.values],
  }));

  return { scoring_version: scoringVersion(bank), overall_mean: overallMean, top_values: topValues, higher_order: higherOrder };
}
