import type { ErrorBand } from '@app/contract/reports';
import type { Precision } from './interpretation-schema.ts';

/**
 * Standard error of measurement on 0-100: SD x sqrt(1 - reliability). With our estimates
 * (interpretations/<language>/*.json, `precision`) a BIG5 trait (0.80, SD 18) gets about 8 points,
 * a facet (0.65) about 10.6.
 */
export function standardError(precision: Precision): number {
  return precision.sd * Math.sqrt(1 - precision.reliability);
}

const clip = (value: number) => Math.min(100, Math.max(0, value));

/**
 * Score plus or minus one standard error, clipped to 0-100, on one decimal. The low end is rounded
 * down and the high end up, so the band always contains the score as shown.
 */
export function errorBandOf(score: number, standardErrorValue: number): ErrorBand {
  const low = Math.floor(clip(score - standardErrorValue) * 10 + 1e-9) / 10;
  const high = Math.ceil(clip(score + standardErrorValue) * 10 - 1e-9) / 10;
  return { low: Math.min(low, clip(score)), high: Math.max(high, clip(score)) };
}
