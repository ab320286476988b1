import type { Bank } from './bank-schema.ts';
import { choiceRange } from './scoring/common.ts';

function sampleVariance(values: readonly number[]): number {
  const average = values.reduce((sum, value) => sum + value, 0) / values.length;
  return values.reduce((sum, value) => sum + (value - average) ** 2, 0) / (values.length - 1);
}

/**
 * Cronbach's alpha of one scale: k / (k - 1) x (1 - sum of item variances / variance of the
 * respondents' totals), with sample variances. `matrix` has one row per respondent and one column
 * per item, reverse-keyed items already recoded (see `scaleMatrix`). Null when alpha is undefined:
 * fewer than two respondents or items, rows of unequal length, or totals without any variance.
 */
export function cronbachAlpha(matrix: number[][]): number | null {
  const respondents = matrix.length;
  const itemCount = matrix[0]?.length ?? 0;
  if (respondents < 2 || itemCount < 2 || matrix.some((row) => row.length !== itemCount)) return null;
  const columns = Array.from({ length: itemCount }, (_, column) => matrix.map((row) => row[column] ?? 0));
  const itemVarianceSum = columns.reduce((sum, column) => sum + sampleVariance(column), 0);
  const totalVariance = sampleVariance(matrix.map((row) => row.reduce((sum, value) => sum + value, 0)));
  if (totalVariance === 0) return null;
  return (itemCount / (itemCount - 1)) * (1 - itemVarianceSum / totalVariance);
}

/**
 * The respondents x items matrix of one scale (or one BIG5 facet), minus-keyed items recoded as
 * (min + max) - x. Respondents who have not answered every item of the scale are left out.
 */
export function scaleMatrix(bank: Bank, scale: string, respondents: readonly ReadonlyMap<string, number>[], facet?: string): number[][] {
  const { min, max } = choiceRange(bank);
  const items = bank.items.filter((item) => item.scale === scale && (facet === undefined || item.facet === facet));
  const rows: number[][] = [];
  for (const answers of respondents) {
    const row = items.map((item) => {
      const value = answers.get(item.id);
      return value === undefined ? undefined : item.key === 1 ? value : min + max - value;
    });
    if (row.every((value): value is number => value !== undefined)) rows.push(row);
  }
  return rows;
}

export interface ScaleAlpha {
  scale: string;
  /** Null for a scale's own line; the facet id for a BIG5 facet. */
  facet: string | null;
  respondents: number;
  items: number;
  alpha: number | null;
}

/** Alpha for every scale of a bank (and every facet of BIG5), for the reliability script. */
export function alphaPerScale(bank: Bank, respondents: readonly ReadonlyMap<string, number>[]): ScaleAlpha[] {
  const lines: ScaleAlpha[] = [];
  const add = (scale: string, facet: string | null) => {
    const matrix = scaleMatrix(bank, scale, respondents, facet ?? undefined);
    const items = bank.items.filter((item) => item.scale === scale && (facet === null || item.facet === facet)).length;
    lines.push({ scale, facet, respondents: matrix.length, items, alpha: cronbachAlpha(matrix) });
  };
  for (const scale of bank.scales) {
    add(scale.id, null);
    if ('facets' in scale) for (const facet of scale.facets) add(scale.id, facet.id);
  }
  return lines;
}
