// The values' centred scores in words (issue 16): a centred score is the value's mean minus the
// person's own mean over all ten values (1-6 'how much like you'), so 0 is "your average value"
// and the sign says more or less important. "Much" from half a scale point away, the reports'
// cut-off for a value that stands out or is less central (interpretations values.json
// centred_cutoff); "about as important" within a fifth of a point, a gap people do not feel.

export const valueImportanceLevels = ['muchMore', 'more', 'about', 'less', 'muchLess'] as const;
export type ValueImportance = (typeof valueImportanceLevels)[number];

const muchCutoff = 0.5;
const aboutBand = 0.2;

export function valueImportance(centred: number): ValueImportance {
  if (centred >= muchCutoff) return 'muchMore';
  if (centred >= aboutBand) return 'more';
  if (centred <= -muchCutoff) return 'muchLess';
  if (centred <= -aboutBand) return 'less';
  return 'about';
}

/**
 * Half the bar track that one centred point fills: the largest distance from the average, at least
 * one scale point, so that small differences do not look large.
 */
export function centredScale(centredScores: readonly number[]): number {
  return Math.max(1, ...centredScores.map((score) => Math.abs(score)));
}
