import { describe, expect, it } from 'vitest';
import { loadBanks } from '../load-banks.ts';
import { answersFor } from '../../test/answers.ts';
import { scoreValues } from './values.ts';

const bank = loadBanks().values;

const answerByValue: Record<string, number> = {
  self_direction: 6,
  stimulation: 5,
  hedonism: 4,
  achievement: 3,
  power: 1,
  security: 2,
  conformity: 2,
  tradition: 1,
  benevolence: 6,
};
// Universalism answered 6, 5, 4 -> mean 5.
const universalism: Record<string, number> = { 'val-un-1': 6, 'val-un-2': 5, 'val-un-3': 4 };

describe('scoreValues', () => {
  const scores = scoreValues(
    bank,
    answersFor(bank, (item) => universalism[item.id] ?? answerByValue[item.scale] ?? 0),
  );

  it('ranks the ten values by value mean minus the person’s mean over all 30 items', () => {
    // Sum of the value means: 6 + 5 + 4 + 3 + 1 + 2 + 2 + 1 + 6 + 5 = 35; x 3 items / 30 = 3.5.
    expect(scores.overall_mean).toBe(3.5);
    expect(scores.top_values.map((value) => [value.id, value.mean, value.centred, value.rank])).toEqual([
      ['self_direction', 6, 2.5, 1],
      ['benevolence', 6, 2.5, 1],
      ['stimulation', 5, 1.5, 3],
      ['universalism', 5, 1.5, 3],
      ['hedonism', 4, 0.5, 5],
      ['achievement', 3, -0.5, 6],
      ['security', 2, -1.5, 7],
      ['conformity', 2, -1.5, 7],
      ['power', 1, -2.5, 9],
      ['tradition', 1, -2.5, 9],
    ]);
    expect(scores.top_values[0]?.label).toBe('Self-direction');
  });

  it('reports the four higher-order groups as centred means, hedonism counted in two', () => {
    const groups = Object.fromEntries(scores.higher_order.map((group) => [group.id, group.centred]));
    expect(groups.openness_to_change).toBeCloseTo(5 - 3.5, 10); // (6 + 5 + 4) / 3
    expect(groups.conservation).toBeCloseTo(5 / 3 - 3.5, 10); // (2 + 2 + 1) / 3
    expect(groups.self_transcendence).toBeCloseTo(5.5 - 3.5, 10); // (6 + 5) / 2
    expect(groups.self_enhancement).toBeCloseTo(8 / 3 - 3.5, 10); // (3 + 1 + 4) / 3
    expect(scores.higher_order.find((group) => group.id === 'self_enhancement')).toMatchObject({ label: 'Self-enhancement', values: ['achievement', 'power', 'hedonism'] });
  });

  it('gives every value a centred score of 0 and the shared first rank when all answers are the same', () => {
    const same = scoreValues(
      bank,
      answersFor(bank, () => 6),
    );
    expect(same.overall_mean).toBe(6);
    expect(same.top_values.map((value) => [value.id, value.centred, value.rank])).toEqual(bank.scales.map((scale) => [scale.id, 0, 1]));
    expect(same.higher_order.every((group) => group.centred === 0)).toBe(true);
  });

  it('records the scoring version', () => {
    expect(scores.scoring_version).toBe('values-scoring-1+bank-1');
  });
});
