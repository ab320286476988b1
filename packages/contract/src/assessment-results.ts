import { z } from 'zod';

// `GET /api/assessments/results` (our design, issue 4). Every assessment is null until its set is
// fully answered. Labels are the bank's English names; the web may translate by `id`.
// Scores on 0-100 are rounded to one decimal, means and centred scores to two.

/** Response-quality flags, shown as 'interpret with caution' and never blocking. */
export const resultFlags = ['too_fast', 'straight_lining', 'inconsistent'] as const;
export const resultFlag = z.enum(resultFlags);
export type ResultFlag = z.infer<typeof resultFlag>;

/** BIG5 bands until our own norms allow percentiles: low below 2.5, average 2.5-3.5, high above 3.5. */
export const scoreBands = ['low', 'average', 'high'] as const;
export const scoreBand = z.enum(scoreBands);
export type ScoreBand = z.infer<typeof scoreBand>;

const resultHeader = {
  /** Which scoring rules and which bank version produced the numbers (kept with each result). */
  scoring_version: z.string(),
  /** ISO 8601 UTC instant at which the last answer of the set was given. */
  completed_at: z.string(),
  flags: z.array(resultFlag),
};

/** A BIG5 facet or trait: mean of keyed item scores (1-5), 0-100 as (mean - 1) / 4 x 100, band. */
const big5Score = {
  id: z.string(),
  label: z.string(),
  mean: z.number(),
  score: z.number().min(0).max(100),
  band: scoreBand,
};

export const big5Facet = z.object(big5Score);
export type Big5Facet = z.infer<typeof big5Facet>;

export const big5Trait = z.object({ ...big5Score, facets: z.array(big5Facet) });
export type Big5Trait = z.infer<typeof big5Trait>;

export const big5Result = z.object({
  ...resultHeader,
  /** Openness, conscientiousness, extraversion, agreeableness, neuroticism, in that order. */
  traits: z.array(big5Trait),
  /** Neuroticism turned round (score 100 - neuroticism), for places where that reads friendlier. */
  emotional_stability: z.object({
    id: z.literal('emotional_stability'),
    label: z.string(),
    score: z.number().min(0).max(100),
    band: scoreBand,
  }),
});
export type Big5Result = z.infer<typeof big5Result>;

export const environmentScaleGroups = ['work_value', 'culture'] as const;
export const environmentScaleGroup = z.enum(environmentScaleGroups);
export type EnvironmentScaleGroup = z.infer<typeof environmentScaleGroup>;

export const environmentScale = z.object({
  id: z.string(),
  label: z.string(),
  group: environmentScaleGroup,
  /** Mean importance, 1-5. */
  mean: z.number(),
  /** The mean on 0-100. */
  score: z.number().min(0).max(100),
  /** Mean minus the person's own mean over all environment items (positive: matters more than usual to them). */
  centred: z.number(),
});
export type EnvironmentScale = z.infer<typeof environmentScale>;

export const environmentResult = z.object({
  ...resultHeader,
  /** The person's mean over all environment items, the reference of `centred`. */
  overall_mean: z.number(),
  /** Bank order: six work values, then four culture preferences. */
  scales: z.array(environmentScale),
  /** The three work values with the highest centred scores, highest first. */
  top_work_values: z.array(z.object({ id: z.string(), label: z.string(), centred: z.number(), rank: z.number().int().positive() })),
  /** The four culture preferences as whole-number shares that add up to exactly 100. */
  culture_mix: z.array(z.object({ id: z.string(), label: z.string(), share: z.number().int().min(0).max(100) })),
});
export type EnvironmentResult = z.infer<typeof environmentResult>;

export const valueScore = z.object({
  id: z.string(),
  label: z.string(),
  /** Mean 'how much like you', 1-6. */
  mean: z.number(),
  /** Value mean minus the person's mean over all values items. */
  centred: z.number(),
  /** 1 = most important; equal centred scores share a rank (1, 2, 2, 4). */
  rank: z.number().int().positive(),
});
export type ValueScore = z.infer<typeof valueScore>;

export const higherOrderValue = z.object({
  id: z.string(),
  label: z.string(),
  /** Mean of the member values' items minus the person's overall mean. */
  centred: z.number(),
  /** Ids of the member values (hedonism belongs to both openness to change and self-enhancement). */
  values: z.array(z.string()),
});
export type HigherOrderValue = z.infer<typeof higherOrderValue>;

export const valuesResult = z.object({
  ...resultHeader,
  overall_mean: z.number(),
  /** The 'Top 10 values': all ten, ordered by rank. */
  top_values: z.array(valueScore),
  /** Openness to change, conservation, self-transcendence, self-enhancement. */
  higher_order: z.array(higherOrderValue),
});
export type ValuesResult = z.infer<typeof valuesResult>;

export const assessmentResultsResponse = z.object({
  environment: environmentResult.nullable(),
  big5: big5Result.nullable(),
  values: valuesResult.nullable(),
});
export type AssessmentResultsResponse = z.infer<typeof assessmentResultsResponse>;
