import { describe, expect, it } from 'vitest';
import { loadBanks } from './load-banks.ts';
import { contradictoryPairs, isTooFast, matchedPairs, qualityFlags } from './quality-flags.ts';
import { answersFor } from '../test/answers.ts';

const banks = loadBanks();
const start = Date.parse('2026-11-21T10:00:00Z');

/** First-answer times for the bank's items, `gapsMs[i]` after the previous one. */
function timesAt(itemIds: readonly string[], gapMs: (index: number) => number): Map<string, Date> {
  let at = start;
  return new Map(
    itemIds.map((id, index) => {
      if (index > 0) at += gapMs(index);
      return [id, new Date(at)];
    }),
  );
}

const envIds = banks.environment.items.map((item) => item.id);
// A varied pattern with no run of equal answers and no contradictions.
const careful = (index: number) => (index % 4) + 1;

describe('too_fast', () => {
  it('flags a set answered at 1.5 s per item and not one at exactly 2 s per item', () => {
    expect(isTooFast(timesAt(envIds, () => 1500))).toBe(true);
    expect(isTooFast(timesAt(envIds, () => 2000))).toBe(false);
  });

  it('finds a rushed run that a long pause would hide in the overall average', () => {
    // 20 answers 1 s apart, a 6-minute pause, 20 answers 10 s apart: 14 s per item overall.
    const times = timesAt(envIds, (index) => (index < 20 ? 1000 : index === 20 ? 6 * 60_000 : 10_000));
    expect(isTooFast(times)).toBe(true);
  });

  it('lets a short burst of fewer than 10 quick answers pass', () => {
    const times = timesAt(envIds, (index) => (index < 9 ? 500 : index === 9 ? 6 * 60_000 : 8000));
    expect(isTooFast(times)).toBe(false);
  });

  it('does not count a pause of up to 5 minutes as a break', () => {
    // 30 answers 0.5 s apart, 5 minutes, 10 more 0.5 s apart: (14.5 + 300 + 4.5) s / 39 = 8.2 s, one run.
    const times = timesAt(envIds, (index) => (index === 30 ? 5 * 60_000 : 500));
    expect(isTooFast(times)).toBe(false);
  });

  it('reads the times in time order whatever order the map holds them', () => {
    const shuffled = new Map([...timesAt(envIds, () => 1000)].reverse());
    expect(isTooFast(shuffled)).toBe(true);
  });
});

describe('straight_lining', () => {
  const bank = banks.environment;
  const slow = timesAt(envIds, () => 8000);

  it('flags 10 identical answers in a row, in asking order', () => {
    const answers = answersFor(bank, (_item, index) => (index >= 12 && index < 22 ? 5 : careful(index)));
    expect(qualityFlags({ bank, answers, answeredAt: slow })).toEqual(['straight_lining']);
  });

  it('lets 9 identical answers in a row pass', () => {
    const answers = answersFor(bank, (_item, index) => (index >= 12 && index < 21 ? 5 : careful(index)));
    expect(qualityFlags({ bank, answers, answeredAt: slow })).toEqual([]);
  });

  it('flags a set answered with one value throughout, together with a rushed pace', () => {
    const answers = answersFor(bank, () => 3);
    expect(qualityFlags({ bank, answers, answeredAt: timesAt(envIds, () => 900) })).toEqual(['too_fast', 'straight_lining']);
  });
});

describe('inconsistent', () => {
  const bank = banks.big5;
  const big5Times = timesAt(
    bank.items.map((item) => item.id),
    () => 6000,
  );
  const pairs = matchedPairs(bank);

  it('pairs the n-th plus- with the n-th minus-keyed item of every facet: 30 pairs in BIG5', () => {
    expect(pairs).toHaveLength(30);
    for (const [plus, minus] of pairs) {
      expect([plus.key, minus.key]).toEqual([1, -1]);
      expect(minus.facet).toBe(plus.facet);
    }
    expect(pairs.slice(0, 2).map(([plus, minus]) => [plus.id, minus.id])).toEqual([
      ['b5-o-imagination-1', 'b5-o-imagination-2'],
      ['b5-o-imagination-3', 'b5-o-imagination-4'],
    ]);
    expect(matchedPairs(banks.environment)).toEqual([]);
  });

  /** Answers where the first `count` pairs get `plusValue`/`minusValue` and the rest agree with themselves. */
  function withContradictions(count: number, plusValue: number, minusValue: number): Map<string, number> {
    const answers = answersFor(bank, (item) => (item.key === 1 ? 4 : 2));
    for (const [plus, minus] of pairs.slice(0, count)) answers.set(plus.id, plusValue).set(minus.id, minusValue);
    return answers;
  }

  it('counts strongly agreeing with both a statement and its opposite as a contradiction', () => {
    expect(contradictoryPairs(bank, withContradictions(1, 5, 5))).toEqual({ contradictory: 1, pairs: 30 });
    // Agreeing fully with one and partly with the other: keyed 5 and 2, three points apart.
    expect(contradictoryPairs(bank, withContradictions(1, 5, 4)).contradictory).toBe(1);
    // Disagreeing with both, one fully: keyed 1 and 4.
    expect(contradictoryPairs(bank, withContradictions(1, 1, 2)).contradictory).toBe(1);
  });

  it('does not count mild agreement with both, nor undecided answers', () => {
    expect(contradictoryPairs(bank, withContradictions(5, 4, 4)).contradictory).toBe(0);
    expect(contradictoryPairs(bank, withContradictions(5, 3, 3)).contradictory).toBe(0);
  });

  it('flags from 3 of the 30 pairs on, not at 2', () => {
    expect(qualityFlags({ bank, answers: withContradictions(3, 5, 5), answeredAt: big5Times })).toEqual(['inconsistent']);
    expect(qualityFlags({ bank, answers: withContradictions(2, 5, 5), answeredAt: big5Times })).toEqual([]);
  });

  it('leaves alone someone who agrees with every plus-keyed item and disagrees with every minus-keyed one', () => {
    // Keys alternate along the BIG5 sequence, so a consistent profile never repeats a value in a row.
    const answers = answersFor(bank, (item) => (item.key === 1 ? 5 : 1));
    expect(qualityFlags({ bank, answers, answeredAt: big5Times })).toEqual([]);
  });

  it('flags both straight-lining and contradictions when every BIG5 item gets the same strong answer', () => {
    const answers = answersFor(bank, () => 5);
    expect(qualityFlags({ bank, answers, answeredAt: big5Times })).toEqual(['straight_lining', 'inconsistent']);
  });

  it('never flags a bank without minus-keyed items', () => {
    const answers = answersFor(banks.values, (_item, index) => (index % 2 === 0 ? 6 : 1));
    expect(qualityFlags({ bank: banks.values, answers, answeredAt: timesAt(banks.values.items.map((item) => item.id), () => 5000) })).toEqual([]);
  });
});
