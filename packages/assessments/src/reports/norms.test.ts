import { describe, expect, it } from 'vitest';
import { big5Result } from '../../test/results.ts';
import { loadBanks } from '../load-banks.ts';
import { composeReport } from './compose-report.ts';
import { shippedInterpretations } from './load-interpretations.ts';
import { minNormGroupSize, normScorePoints, percentileLookup, percentileRank, type ScoreNorm } from './norms.ts';

/** A distribution with `people` entries: score -> how many scored it. */
function distribution(people: Record<number, number>): number[] {
  const counts = Array.from({ length: normScorePoints }, () => 0);
  for (const [score, count] of Object.entries(people)) counts[Number(score)] = count;
  return counts;
}

const labels = shippedInterpretations().general.norm_groups;

describe('percentileRank', () => {
  it('counts the people below and half of those with the same score', () => {
    // 50 below 60, 20 at 60, 30 above: (50 + 10) / 100.
    expect(percentileRank(distribution({ 40: 50, 60: 20, 80: 30 }), 60)).toBe(60);
    // Below everyone at 60 but above the 50 at 40.
    expect(percentileRank(distribution({ 40: 50, 60: 20, 80: 30 }), 50)).toBe(50);
  });

  it('rounds the score to a whole point, half up, as the norms count it', () => {
    const counts = distribution({ 10: 25, 11: 50, 12: 25 });
    expect(percentileRank(counts, 10.5)).toBe(50);
    expect(percentileRank(counts, 10.4)).toBe(13);
    expect(percentileRank(counts, 11.49)).toBe(50);
  });

  it('keeps the rank within 1 and 99', () => {
    const counts = distribution({ 0: 1, 50: 998, 100: 1 });
    expect(percentileRank(counts, 0)).toBe(1);
    expect(percentileRank(counts, 100)).toBe(99);
    expect(percentileRank(distribution({ 50: 200 }), 20)).toBe(1);
    expect(percentileRank(distribution({ 50: 200 }), 90)).toBe(99);
  });

  it(`gives none for a group of fewer than ${minNormGroupSize} people`, () => {
    expect(percentileRank(distribution({ 30: 60, 70: minNormGroupSize - 61 }), 50)).toBeNull();
    expect(percentileRank(distribution({ 30: 60, 70: minNormGroupSize - 60 }), 50)).toBe(60);
  });

  it('rounds half a percentile up', () => {
    // (12 + 0.5) / 100 = 12.5 -> 13.
    expect(percentileRank(distribution({ 5: 12, 6: 1, 90: 87 }), 6)).toBe(13);
  });
});

describe('percentileLookup', () => {
  const norms: ScoreNorm[] = [
    { assessment: 'big5', scaleId: 'openness', group: '25_39', counts: distribution({ 40: 60, 70: 60 }) },
    { assessment: 'big5', scaleId: 'openness', group: 'everyone', counts: distribution({ 40: 150, 70: 50 }) },
    { assessment: 'big5', scaleId: 'extraversion', group: 'everyone', counts: distribution({ 40: 150, 70: 50 }) },
    { assessment: 'big5', scaleId: 'extraversion', group: '55_plus', counts: distribution({ 40: 30 }) },
  ];
  const lookup = percentileLookup(norms, labels);

  it('lists everyone first, then the age band, with their labels and sizes', () => {
    expect(lookup('big5', 'openness', 55)).toEqual([
      { group: 'everyone', group_label: 'everyone who answered', value: 75, group_size: 200 },
      { group: '25_39', group_label: 'people aged 25 to 39', value: 50, group_size: 120 },
    ]);
  });

  it('leaves out a group too small and scales without norms', () => {
    expect(lookup('big5', 'extraversion', 55).map((entry) => entry.group)).toEqual(['everyone']);
    expect(lookup('big5', 'agreeableness', 55)).toEqual([]);
    expect(lookup('values', 'openness', 55)).toEqual([]);
  });

  it('gives the composer score blocks whose norm note names the groups', () => {
    const result = big5Result(loadBanks(), { openness: 'high' });
    const document = composeReport({
      type: 'big5',
      personName: 'Ana Silva',
      edition: 1,
      generatedAt: new Date('2026-11-26T08:00:00.000Z'),
      purchasedAt: new Date('2026-11-25T12:00:00.000Z'),
      results: { big5: result, environment: null, values: null },
      percentiles: lookup,
    });
    const blocks = document.sections.flatMap((section) => [...section.blocks, ...section.subsections.flatMap((sub) => sub.blocks)]);
    const openness = blocks.find((block) => block.kind === 'score' && block.id === 'openness');
    expect(openness?.kind === 'score' && openness.norm_note).toBe(
      'Percentiles compare your score with these norm groups: everyone who answered (200 people), people aged 25 to 39 (120 people). The band itself still comes from the scale: low below 37.5, high above 62.5.',
    );
    const agreeableness = blocks.find((block) => block.kind === 'score' && block.id === 'agreeableness');
    expect(agreeableness?.kind === 'score' && agreeableness.norm_note).toBe('There is no norm group yet, so the band comes from the scale alone: low below 37.5, high above 62.5.');
  });
});
