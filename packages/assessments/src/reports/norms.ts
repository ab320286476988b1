import type { Percentile } from '@app/contract/reports';

// Norms (issue 11): where a score stands among everyone who completed the same set, and among the
// person's age band. The server keeps one distribution per assessment, scale and norm group
// (table score_norms, refreshed by the `reports.norms` job); this file turns one into a
// percentile. No person's own scores are needed here, only the counts.

export type AssessmentId = 'big5' | 'environment' | 'values';

/** Percentiles of a score against norm groups of at least 100 people; none when empty. */
export type PercentileLookup = (assessment: AssessmentId, scaleId: string, score: number) => Percentile[];

/** A norm group below this many people shows no percentile (the threshold). */
export const minNormGroupSize = 100;

/** Everyone who completed the set, then the age bands by age at completion. */
export const normGroups = ['everyone', 'under_25', '25_39', '40_54', '55_plus'] as const;
export type NormGroup = (typeof normGroups)[number];

/** Scores are counted per whole point: `counts[s]` people have a score that rounds to s (0-100). */
export const normScorePoints = 101;

/** The distribution of one scale's scores in one norm group: plain data, so it crosses to a render thread. */
export interface ScoreNorm {
  assessment: AssessmentId;
  /** A BIG5 trait or facet, an environment scale, a value: the ids the composer looks up. */
  scaleId: string;
  group: NormGroup;
  /** `normScorePoints` counts; their sum is the group's size. */
  counts: readonly number[];
}

/** The score as the distribution counts it: rounded to a whole point (half up), within 0-100. */
export function normScorePoint(score: number): number {
  return Math.min(normScorePoints - 1, Math.max(0, Math.round(score)));
}

/**
 * Percentile rank of a score in a distribution: 100 x (people below + half of those equal) / n,
 * rounded, kept within 1-99 (no one is above or below everyone in a group that includes others
 * like them). Null when the group has fewer than `minNormGroupSize` people.
 */
export function percentileRank(counts: readonly number[], score: number): number | null {
  const size = counts.reduce((sum, count) => sum + count, 0);
  if (size < minNormGroupSize) return null;
  const point = normScorePoint(score);
  let below = 0;
  for (let index = 0; index < point; index += 1) below += counts[index] ?? 0;
  const equal = counts[point] ?? 0;
  return Math.min(99, Math.max(1, Math.round((100 * (below + equal / 2)) / size)));
}

/**
 * The composer's percentile look-up over the norms one report needs: for a scale, one entry per
 * norm group of at least `minNormGroupSize` people, 'everyone' first, then the age band. `labels`
 * name the groups as the report's language says them (general.json's `norm_groups`).
 */
export function percentileLookup(norms: readonly ScoreNorm[], labels: Readonly<Record<NormGroup, string>>): PercentileLookup {
  const byScale = new Map<string, ScoreNorm[]>();
  const inGroupOrder = [...norms].sort((a, b) => normGroups.indexOf(a.group) - normGroups.indexOf(b.group));
  for (const norm of inGroupOrder) {
    const key = `${norm.assessment}:${norm.scaleId}`;
    byScale.set(key, [...(byScale.get(key) ?? []), norm]);
  }
  return (assessment, scaleId, score) =>
    (byScale.get(`${assessment}:${scaleId}`) ?? []).flatMap((norm): Percentile[] => {
        const value = percentileRank(norm.counts, score);
        if (value === null) return [];
        const size = norm.counts.reduce((sum, count) => sum + count, 0);
        return [{ group: norm.group, group_label: labels[norm.group], value, group_size: size }];
      });
}
