import { describe, expect, it } from 'vitest';
import { alphaPerScale, cronbachAlpha, scaleMatrix } from './cronbach-alpha.ts';
import { loadBanks } from './load-banks.ts';
import { answersFor } from '../test/answers.ts';

describe('cronbachAlpha', () => {
  it('matches a hand-computed example', () => {
    // Item variances 5/3, 4.75/3, 5/3 (sum 14.75/3); totals 5, 8, 10, 14 have variance 42.75/3.
    // alpha = 3/2 x (1 - 14.75/42.75) = 3/2 x 28/42.75 = 56/57.
    const matrix = [
      [1, 2, 2],
      [2, 3, 3],
      [3, 3, 4],
      [4, 5, 5],
    ];
    expect(cronbachAlpha(matrix)).toBeCloseTo(56 / 57, 12);
  });

  it('is negative when the items pull against each other', () => {
    // Item variances 1 and 1.33, totals 4, 4, 5 (variance 0.33): 2 x (1 - 2.33 / 0.33) = -12.
    expect(cronbachAlpha([
      [1, 3],
      [3, 1],
      [2, 3],
    ])).toBeCloseTo(-12, 10);
  });

  it('is undefined (null) for fewer than two respondents or items, ragged rows, or constant totals', () => {
    expect(cronbachAlpha([[1, 2, 3]])).toBeNull();
    expect(cronbachAlpha([[1], [2], [3]])).toBeNull();
    expect(cronbachAlpha([
      [1, 2],
      [2, 3, 4],
    ])).toBeNull();
    expect(cronbachAlpha([
      [3, 3],
      [3, 3],
    ])).toBeNull();
  });
});

describe('scaleMatrix and alphaPerScale', () => {
  const bank = loadBanks().big5;

  it('recodes minus-keyed items as 6 - x before alpha is computed', () => {
    // Imagination is asked as +1, -2, +3, -4.
    const respondent = answersFor(bank, () => 3)
      .set('b5-o-imagination-1', 5)
      .set('b5-o-imagination-2', 1)
      .set('b5-o-imagination-3', 4)
      .set('b5-o-imagination-4', 2);
    expect(scaleMatrix(bank, 'openness', [respondent], 'imagination')).toEqual([[5, 5, 4, 4]]);
  });

  it('leaves out respondents who have not answered the whole scale', () => {
    const complete = answersFor(bank, () => 4);
    const partial = answersFor(bank, () => 4);
    partial.delete('b5-o-intellect-3');
    expect(scaleMatrix(bank, 'openness', [complete, partial])).toHaveLength(1);
    expect(scaleMatrix(bank, 'conscientiousness', [complete, partial])).toHaveLength(2);
  });

  it('gives one line per trait and per facet, with perfect alpha for perfectly consistent respondents', () => {
    // Each respondent answers every plus item v and every minus item 6 - v, so items agree fully.
    const respondents = [1, 2, 4, 5].map((v) => answersFor(bank, (item) => (item.key === 1 ? v : 6 - v)));
    const lines = alphaPerScale(bank, respondents);
    expect(lines).toHaveLength(5 + 15);
    expect(lines[0]).toEqual({ scale: 'openness', facet: null, respondents: 4, items: 12, alpha: expect.closeTo(1, 12) });
    expect(lines[1]).toEqual({ scale: 'openness', facet: 'imagination', respondents: 4, items: 4, alpha: expect.closeTo(1, 12) });
  });
});
