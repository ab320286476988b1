import {
  big5Result,
  environmentResult,
  valuesResult,
  type AssessmentResultsResponse,
  type Big5Result,
  type EnvironmentResult,
  type ResultFlag,
  type ValuesResult,
} from '@app/contract/assessment-results';

/** The stored shape of each scored set: what the scoring functions return, as JSON. */
export const environmentScoresSchema = environmentResult.omit({ completed_at: true, flags: true });
export const big5ScoresSchema = big5Result.omit({ completed_at: true, flags: true });
export const valuesScoresSchema = valuesResult.omit({ completed_at: true, flags: true });

/** One completed set as the server keeps it: the scoring output (e.g. a jsonb column), when, and the flags. */
export interface StoredResult {
  /** A scoring function's output, or the same read back from storage (validated here). */
  scores: unknown;
  completedAt: Date | string;
  flags: readonly ResultFlag[];
}

export interface StoredResults {
  environment: StoredResult | null;
  big5: StoredResult | null;
  values: StoredResult | null;
}

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  // Avoids -0 in JSON for values that round to zero from below.
  return Math.round(value * factor) / factor + 0;
};
const score = (value: number) => round(value, 1);
const twoDecimals = (value: number) => round(value, 2);

function header(stored: StoredResult) {
  const completedAt = stored.completedAt instanceof Date ? stored.completedAt : new Date(stored.completedAt);
  if (Number.isNaN(completedAt.getTime())) throw new RangeError(`Invalid completion time: ${String(stored.completedAt)}`);
  // Fixed order, no repeats, whatever order they were stored in.
  const flags = (['too_fast', 'straight_lining', 'inconsistent'] as const).filter((flag) => stored.flags.includes(flag));
  return { completed_at: completedAt.toISOString(), flags };
}

function environmentResponse(stored: StoredResult): EnvironmentResult {
  const scores = environmentScoresSchema.parse(stored.scores);
  return {
    scoring_version: scores.scoring_version,
    ...header(stored),
    overall_mean: twoDecimals(scores.overall_mean),
    scales: scores.scales.map((scale) => ({ ...scale, mean: twoDecimals(scale.mean), score: score(scale.score), centred: twoDecimals(scale.centred) })),
    top_work_values: scores.top_work_values.map((value) => ({ ...value, centred: twoDecimals(value.centred) })),
    culture_mix: scores.culture_mix,
  };
}

function big5Response(stored: StoredResult): Big5Result {
  const scores = big5ScoresSchema.parse(stored.scores);
  const rounded = <T extends { mean: number; score: number }>(entry: T): T => ({ ...entry, mean: twoDecimals(entry.mean), score: score(entry.score) });
  return {
    scoring_version: scores.scoring_version,
    ...header(stored),
    traits: scores.traits.map((trait) => ({ ...rounded(trait), facets: trait.facets.map(rounded) })),
    emotional_stability: { ...scores.emotional_stability, score: score(scores.emotional_stability.score) },
  };
}

function valuesResponse(stored: StoredResult): ValuesResult {
  const scores = valuesScoresSchema.parse(stored.scores);
  return {
    scoring_version: scores.scoring_version,
    ...header(stored),
    overall_mean: twoDecimals(scores.overall_mean),
    top_values: scores.top_values.map((value) => ({ ...value, mean: twoDecimals(value.mean), centred: twoDecimals(value.centred) })),
    higher_order: scores.higher_order.map((group) => ({ ...group, centred: twoDecimals(group.centred) })),
  };
}

/**
 * The body of `GET /api/assessments/results` from the stored scoring outputs: null for every set
 * not completed yet; numbers rounded for display (scores to one decimal, means and centred scores
 * to two); flags in a fixed order. Throws (a ZodError) when stored scores do not have the shape.
 */
export function toResultsResponse(results: StoredResults): AssessmentResultsResponse {
  return {
    environment: results.environment ? environmentResponse(results.environment) : null,
    big5: results.big5 ? big5Response(results.big5) : null,
    values: results.values ? valuesResponse(results.values) : null,
  };
}
