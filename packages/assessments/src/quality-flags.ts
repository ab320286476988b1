import type { ResultFlag } from '@app/contract/assessment-results';
import type { Bank, BankItem } from './bank-schema.ts';
import { choiceRange } from './scoring/common.ts';

// Response-quality flags, stored with a result and shown as 'interpret with caution'; they never
// block anything. Definitions (docs/decisions.md, "Item banks and scoring", explains the choices):
//
// too_fast: the answers, in the order they were first given, split into runs wherever the person
//   paused longer than `runBreakMs`; a run of at least `minRunItems` answers whose average time
//   per answer, (last - first) / (answers - 1), is under 2 s raises the flag.
// straight_lining: `straightLineLength` or more identical choice values in a row, in the order the
//   items are asked.
// inconsistent: within each facet (or scale, when the bank has no facets) the n-th plus-keyed item
//   is matched with the n-th minus-keyed item. A pair contradicts itself when its two keyed scores
//   lie at least three quarters of the scale apart (3 points on 1-5: (5, 5) raw, or (5, 4), or
//   (1, 2)...), i.e. the person agreed, or disagreed, with both a statement and its opposite, at
//   least one of them fully. The flag is raised when at least `inconsistentShare` of the pairs, and
//   at least one, contradict.

export const tooFastMsPerItem = 2000;
export const runBreakMs = 5 * 60 * 1000;
export const minRunItems = 10;
export const straightLineLength = 10;
export const inconsistentShare = 0.1;

export interface QualityFlagsInput {
  bank: Bank;
  /** Item id -> chosen choice value (the current answers). */
  answers: ReadonlyMap<string, number>;
  /** Item id -> when that item was first answered (later revisions are not reading time). */
  answeredAt: ReadonlyMap<string, Date>;
}

/** True when some uninterrupted run of answers averages under 2 s per answer. */
export function isTooFast(answeredAt: ReadonlyMap<string, Date>): boolean {
  const times = [...answeredAt.values()].map((date) => date.getTime()).sort((a, b) => a - b);
  let runStart = 0;
  for (let index = 1; index <= times.length; index += 1) {
    const current = times[index];
    const previous = times[index - 1];
    const runEnds = current === undefined || previous === undefined || current - previous > runBreakMs;
    if (!runEnds) continue;
    const count = index - runStart;
    const first = times[runStart];
    const last = times[index - 1];
    if (count >= minRunItems && first !== undefined && last !== undefined && (last - first) / (count - 1) < tooFastMsPerItem) return true;
    runStart = index;
  }
  return false;
}

/** The longest run of identical answers, in the order the items are asked. */
export function longestIdenticalRun(items: readonly BankItem[], answers: ReadonlyMap<string, number>): number {
  let longest = 0;
  let current = 0;
  let previous: number | undefined;
  for (const item of items) {
    const value = answers.get(item.id);
    current = value !== undefined && value === previous ? current + 1 : value === undefined ? 0 : 1;
    previous = value;
    longest = Math.max(longest, current);
  }
  return longest;
}

/** The matched plus/minus pairs of a bank: the n-th plus- with the n-th minus-keyed item of each facet. */
export function matchedPairs(bank: Bank): ReadonlyArray<readonly [BankItem, BankItem]> {
  let pairs = pairsByBank.get(bank);
  if (!pairs) {
    pairs = pairUp(bank);
    pairsByBank.set(bank, pairs);
  }
  return pairs;
}

// A loaded bank never changes, and every scoring of its set needs its pairs.
const pairsByBank = new WeakMap<Bank, [BankItem, BankItem][]>();

function pairUp(bank: Bank): [BankItem, BankItem][] {
  const groups = new Map<string, { plus: BankItem[]; minus: BankItem[] }>();
  for (const item of bank.items) {
    const key = `${item.scale}/${item.facet ?? ''}`;
    const group = groups.get(key) ?? { plus: [], minus: [] };
    (item.key === 1 ? group.plus : group.minus).push(item);
    groups.set(key, group);
  }
  const pairs: [BankItem, BankItem][] = [];
  for (const { plus, minus } of groups.values()) {
    plus.forEach((plusItem, index) => {
      const minusItem = minus[index];
      if (minusItem) pairs.push([plusItem, minusItem]);
    });
  }
  return pairs;
}

/** How many matched pairs were answered in contradiction, out of how many answered pairs. */
export function contradictoryPairs(bank: Bank, answers: ReadonlyMap<string, number>): { contradictory: number; pairs: number } {
  const { min, max } = choiceRange(bank);
  const threshold = ((max - min) * 3) / 4;
  let contradictory = 0;
  let pairs = 0;
  for (const [plusItem, minusItem] of matchedPairs(bank)) {
    const plusValue = answers.get(plusItem.id);
    const minusValue = answers.get(minusItem.id);
    if (plusValue === undefined || minusValue === undefined) continue;
    pairs += 1;
    const keyedMinus = min + max - minusValue;
    if (Math.abs(plusValue - keyedMinus) >= threshold) contradictory += 1;
  }
  return { contradictory, pairs };
}

export function qualityFlags(input: QualityFlagsInput): ResultFlag[] {
  const flags: ResultFlag[] = [];
  if (isTooFast(input.answeredAt)) flags.push('too_fast');
  if (longestIdenticalRun(input.bank.items, input.answers) >= straightLineLength) flags.push('straight_lining');
  const { contradictory, pairs } = contradictoryPairs(input.bank, input.answers);
  if (pairs > 0 && contradictory >= Math.max(1, Math.ceil(pairs * inconsistentShare))) flags.push('inconsistent');
  return flags;
}
