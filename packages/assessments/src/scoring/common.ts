import type { Bank, BankItem } from '../bank-schema.ts';

/** Scoring asked for a set that is not fully and validly answered; the server scores complete sets only. */
export class IncompleteAnswersError extends Error {
  override readonly name = 'IncompleteAnswersError';
}

// Raised when the rules below change, so every stored result says which rules produced it.
const scoringRuleVersions = { environment: 1, big5: 1, values: 1 } as const;

/** E.g. 'big5-scoring-1+bank-1': the rules and the bank version that produced a result. */
export function scoringVersion(bank: Bank): string {
  return `${bank.id}-scoring-${scoringRuleVersions[bank.id]}+bank-${bank.version}`;
}

export function choiceRange(bank: Bank): { min: number; max: number } {
  const values = bank.choices.map((choice) => choice.value);
  return { min: Math.min(...values), max: Math.max(...values) };
}

/**
 * The keyed score of every item of the bank: the chosen value for plus-keyed items, and
 * (min + max) - value for minus-keyed ones (6 - x on a 1-5 scale).
 */
export function keyedScores(bank: Bank, answers: ReadonlyMap<string, number>): Map<string, number> {
  const { min, max } = choiceRange(bank);
  const allowed = new Set(bank.choices.map((choice) => choice.value));
  const missing: string[] = [];
  const scores = new Map<string, number>();
  for (const item of bank.items) {
    const value = answers.get(item.id);
    if (value === undefined) {
      missing.push(item.id);
      continue;
    }
    if (!allowed.has(value)) throw new IncompleteAnswersError(`Item "${item.id}" has answer ${value}, which is not a choice of the ${bank.id} bank`);
    scores.set(item.id, item.key === 1 ? value : min + max - value);
  }
  if (missing.length > 0) throw new IncompleteAnswersError(`The ${bank.id} set is missing answers to ${missing.length} items: ${missing.join(', ')}`);
  return scores;
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('mean of no values');
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function meanOf(items: readonly BankItem[], scores: ReadonlyMap<string, number>): number {
  return mean(items.map((item) => scores.get(item.id) ?? Number.NaN));
}

/** A mean on the choice scale as 0-100: (mean - min) / (max - min) x 100, i.e. (mean - 1) / 4 x 100 on 1-5. */
export function toPercent(value: number, range: { min: number; max: number }): number {
  return ((value - range.min) / (range.max - range.min)) * 100;
}

const tieTolerance = 1e-9;

/**
 * Sorts highest first (ties keep the given order) and gives competition ranks: equal scores share
 * a rank and the next rank is skipped (1, 2, 2, 4).
 */
export function rankDescending<T>(entries: readonly T[], scoreOf: (entry: T) => number): { entry: T; rank: number }[] {
  const sorted = entries.map((entry, index) => ({ entry, index })).sort((a, b) => scoreOf(b.entry) - scoreOf(a.entry) || a.index - b.index);
  const ranked: { entry: T; rank: number }[] = [];
  sorted.forEach(({ entry }, position) => {
    const previous = ranked[position - 1];
    const tied = previous !== undefined && Math.abs(scoreOf(previous.entry) - scoreOf(entry)) < tieTolerance;
    ranked.push({ entry, rank: tied ? previous.rank : position + 1 });
  });
  return ranked;
}

/**
 * Whole-number shares of `total` proportional to the weights, adding up to exactly `total`
 * (largest remainder: floor every share, then give the leftover units to the largest fractional
 * parts; equal remainders go to the larger weight, then to the earlier entry). All-zero weights
 * share equally.
 */
export function largestRemainder(weights: readonly number[], total = 100): number[] {
  if (weights.length === 0) return [];
  if (weights.some((weight) => weight < 0 || !Number.isFinite(weight))) throw new RangeError('weights must be finite and not negative');
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  const effective = sum === 0 ? weights.map(() => 1) : weights;
  const effectiveSum = sum === 0 ? weights.length : sum;
  const exact = effective.map((weight) => (weight / effectiveSum) * total);
  const shares = exact.map((value) => Math.floor(value + tieTolerance));
  const leftover = total - shares.reduce((acc, share) => acc + share, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - (shares[index] ?? 0), weight: effective[index] ?? 0 }))
    .sort((a, b) => (Math.abs(b.remainder - a.remainder) > tieTolerance ? b.remainder - a.remainder : 0) || b.weight - a.weight || a.index - b.index);
  for (let unit = 0; unit < leftover; unit += 1) {
    const target = order[unit % order.length];
    if (target) shares[target.index] = (shares[target.index] ?? 0) + 1;
  }
  return shares;
}
