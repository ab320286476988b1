import { z } from 'zod';
import { valueIds, type Big5Bank, type EnvironmentBank, type ValuesBank } from '../bank-schema.ts';
import type { NormGroup } from './norms.ts';
import { templateGaps } from './report-template.ts';

// The shape of the interpretation texts (interpretations/<language>/<file>.json) and the rules they
// must keep, checked at load like the item banks: every scale, facet and value of the banks has
// its texts for every band, combination rules name scales and bands that exist, templates use only
// the gaps their field fills. Wording is data, so a language is added by adding a folder.

export const interpretationFiles = ['general', 'big5', 'environment', 'values', 'complete'] as const;
export type InterpretationFile = (typeof interpretationFiles)[number];

const text = z.string().trim().min(1, 'text is empty');
const textList = z.array(text).min(1, 'list is empty');

/** A text with named gaps; any gap other than `allowed` is refused (the composer could not fill it). */
function template(...allowed: string[]) {
  return text.superRefine((value, context) => {
    const unknown = templateGaps(value).filter((gap) => !allowed.includes(gap));
    if (unknown.length > 0) {
      const offered = allowed.length > 0 ? allowed.map((gap) => `{${gap}}`).join(', ') : 'none';
      context.addIssue({ code: 'custom', message: `unknown gap ${unknown.map((gap) => `{${gap}}`).join(', ')} (this text offers ${offered})` });
    }
  });
}

/** Our estimate of a scale's reliability and spread on 0-100, until measured on our own answers. */
const precision = z.object({
  /** What the figures apply to, as 'How to read this report' names it ('BIG5 traits'). */
  label: text,
  reliability: z.number().gt(0, 'reliability must be above 0').lt(1, 'reliability must be below 1'),
  sd: z.number().positive('sd must be positive').max(50, 'sd must be at most 50 on 0-100'),
});
export type Precision = z.infer<typeof precision>;

const bandLabels = z.object({ low: text, average: text, high: text });
export type BandLabels = z.infer<typeof bandLabels>;

/** Everything a report says about one scale in one band. */
const bandText = z.object({
  /** One sentence for 'you in five sentences'. */
  summary: text,
  /** A short phrase for the three most distinctive results. */
  headline: text,
  meaning: text,
  work: text,
  teams: text,
  relationships: text,
  strengths: textList,
  risks: textList,
  suggestions: textList,
});
export type BandText = z.infer<typeof bandText>;

const bandTexts = z.object({ low: bandText, average: bandText, high: bandText });
export type BandTexts = z.infer<typeof bandTexts>;

const scaleText = z.object({ label: text, description: text, bands: bandTexts });
export type ScaleText = z.infer<typeof scaleText>;

const band = z.enum(['low', 'average', 'high']);

const listTitles = z.object({ strengths: text, risks: text, suggestions: text });

// ---- general.json ------------------------------------------------------------------------------

export const generalTextsSchema = z.object({
  language: z.string().min(2),
  report_titles: z.object({ big5: text, environment: text, values: text, complete: text }),
  assessment_titles: z.object({ big5: text, environment: text, values: text }),
  section_titles: z.object({ overview: text, how_to_read: text, strengths: text, blind_spots: text, development_plan: text }),
  overview: z.object({
    intro: template('name', 'assessment'),
    chart_title: template('assessment'),
    /** The sorted chart in words; {bars} is the list of `bar_alt` texts. */
    chart_alt: template('assessment', 'bars'),
    bar_alt: template('label', 'score', 'band', 'low', 'high'),
    table_caption: template('assessment'),
    columns: z.object({ scale: text, score: text, band: text, error_band: text, percentiles: text }),
    error_band_range: template('low', 'high'),
    percentile_entry: template('group', 'value'),
    no_percentiles: text,
    section_chart_title: template('label'),
    section_chart_alt: template('bars'),
  }),
  score: z.object({
    /** When no percentiles are given; {low} and {high} are the band cut-offs. */
    norm_none: template('low', 'high'),
    norm_some: template('groups'),
    /** Follows `norm_some`: percentiles do not change the band. */
    band_from_scale: template('low', 'high'),
    /** Precedes a band note of its own (values). */
    no_norm_group: text,
    norm_group: template('group', 'size'),
    /** When the error band crosses a band border: {band} is the neighbouring band's label. */
    border_note: template('label', 'band'),
  }),
  /** How percentiles name their norm group ('73rd percentile among {label}'), one per group of norms.ts. */
  norm_groups: z.object({ everyone: text, under_25: text, '25_39': text, '40_54': text, '55_plus': text }) satisfies z.ZodType<Record<NormGroup, string>>,
  lists: listTitles,
  how_to_read: z.object({
    intro: text,
    scores: text,
    bands: text,
    error_band: text,
    precision_note: template('figures'),
    precision_figure: template('scale', 'reliability', 'sd', 'sem'),
    can_say_title: text,
    can_say: textList,
    cannot_say_title: text,
    cannot_say: textList,
    norms_none: text,
    norms_some: text,
  }),
  flags: z.object({
    /** Exactly 'Interpret with caution' in English. */
    title: text,
    intro: template('assessment'),
    too_fast: text,
    straight_lining: text,
    inconsistent: text,
    advice: text,
  }),
  summary: z.object({ highlight_label: template('label', 'band', 'score') }),
  strengths: z.object({ intro: text, list_title: text }),
  blind_spots: z.object({ intro: text, list_title: text }),
  development_plan: z.object({ intro: text, list_title: text, first_step: text, closing_steps: textList }),
});
export type GeneralTexts = z.infer<typeof generalTextsSchema>;

// ---- big5.json ---------------------------------------------------------------------------------

const facetText = z.object({ label: text, description: text, bands: z.object({ low: text, average: text, high: text }) });
export type FacetText = z.infer<typeof facetText>;

const big5Condition = z.object({ scale: z.string(), band });

export const big5TextsSchema = z.object({
  language: z.string().min(2),
  precision: z.object({ trait: precision, facet: precision }),
  band_labels: bandLabels,
  intro: text,
  traits: z.record(z.string(), scaleText.extend({ facets: z.record(z.string(), facetText) })),
  facets: z.object({
    chart_title: template('label'),
    intro: template('label'),
    /** Added to a facet whose band differs from its trait's. */
    contrast: template('facet', 'trait', 'facet_band', 'trait_band'),
  }),
  combinations_title: text,
  combinations_intro: text,
  /** Texts for pairs of traits in given bands: used in the summary, the detail sections and the plan. */
  combinations: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be lower-case letters, digits and underscores'),
        when: z.array(big5Condition).min(2, 'a combination names at least two traits'),
        title: text,
        summary: text,
        text,
        strength: text,
        risk: text,
        suggestion: text,
      }),
    )
    .min(1),
});
export type Big5Texts = z.infer<typeof big5TextsSchema>;
export type Big5Combination = Big5Texts['combinations'][number];

// ---- environment.json --------------------------------------------------------------------------

export const environmentTextsSchema = z.object({
  language: z.string().min(2),
  precision: z.object({ scale: precision }),
  band_labels: bandLabels,
  intro: text,
  groups: z.object({ work_value: z.object({ title: text, intro: text }), culture: z.object({ title: text, intro: text }) }),
  average_bar_label: text,
  scales: z.record(z.string(), scaleText.extend({ questions: z.array(text).min(2, 'give at least two questions') })),
  culture_mix: z.object({
    title: text,
    section_title: text,
    intro: text,
    alt: template('shares'),
    share_entry: template('label', 'share'),
    /** When one culture takes clearly the largest share. */
    leading: template('label', 'share'),
    /** When no culture stands out. */
    balanced: text,
  }),
  questions: z.object({ section_title: text, intro: text, list_title: text }),
});
export type EnvironmentTexts = z.infer<typeof environmentTextsSchema>;

// ---- values.json -------------------------------------------------------------------------------

export const valuesTextsSchema = z.object({
  language: z.string().min(2),
  precision: z.object({ value: precision }),
  band_labels: bandLabels,
  /** A value is high when its mean is more than this far above the person's own mean (1-6 scale), low when as far below. */
  centred_cutoff: z.number().positive().max(2),
  /** A tension needs both values among this many top ranks (and above the person's own mean). */
  tension_top_ranks: z.number().int().min(2).max(10),
  intro: text,
  scoring_note: text,
  /** How a value's band is found, in every values score block's norm note. */
  band_note: template('cutoff'),
  average_bar_label: text,
  values: z.record(z.string(), scaleText),
  motives: z.record(z.string(), z.object({ label: text, description: text, low: text, average: text, high: text })),
  top10: z.object({
    section_title: text,
    intro: text,
    caption: text,
    columns: z.object({ rank: text, value: text, score: text, band: text, motive: text }),
    top_three: template('first', 'second', 'third'),
  }),
  circle: z.object({ title: text, alt: template('values', 'motives'), value_entry: template('label', 'rank', 'centred'), motive_entry: template('label', 'centred') }),
  motives_section: z.object({ title: text, intro: text }),
  tensions_section: z.object({ title: text, intro: text, none: text }),
  /** Texts for two values across the circle that both rank high. */
  tensions: z.array(z.object({ values: z.tuple([z.string(), z.string()]), title: text, summary: text, text })),
});
export type ValuesTexts = z.infer<typeof valuesTextsSchema>;

// ---- complete.json -----------------------------------------------------------------------------

const assessmentId = z.enum(['big5', 'environment', 'values']);

export const completeTextsSchema = z.object({
  language: z.string().min(2),
  intro: template('name'),
  /** One sentence that names the leading result of each part. */
  portrait: template('trait', 'value', 'culture'),
  section_title: text,
  themes_intro: text,
  /** A theme links results of at least two assessments; it applies when every condition holds. */
  themes: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be lower-case letters, digits and underscores'),
        when: z.array(z.object({ assessment: assessmentId, scale: z.string(), band })).min(2, 'a theme links at least two results'),
        title: text,
        summary: text,
        text,
      }),
    )
    .min(1),
  no_theme: text,
  parts_intro: z.object({ big5: text, environment: text, values: text }),
  /**
   * Near the start of each part: its single report ({report}, the title) goes into every scale in
   * depth. Said neutrally, as the composer does not know which reports the reader owns.
   */
  parts_in_depth: z.object({ big5: template('report'), environment: template('report'), values: template('report') }),
  /** After a part's overview: what its compact readings below show. */
  readings_intro: z.object({ big5: text, environment: text, values: text }),
  /** The title of the list that reads each value in brief, in rank order, below the ranking. */
  values_readings_title: text,
});
export type CompleteTexts = z.infer<typeof completeTextsSchema>;

export const interpretationSchemas = {
  general: generalTextsSchema,
  big5: big5TextsSchema,
  environment: environmentTextsSchema,
  values: valuesTextsSchema,
  complete: completeTextsSchema,
} as const;

export interface InterpretationTexts {
  /** The language asked for (BCP 47); files missing from its folder are the English ones. */
  language: string;
  /** The files taken from English because the language's folder does not have them. */
  fallbacks: InterpretationFile[];
  general: GeneralTexts;
  big5: Big5Texts;
  environment: EnvironmentTexts;
  values: ValuesTexts;
  complete: CompleteTexts;
}

/** The banks whose ids the texts must cover (facets belong to the bank file, so they are read from it). */
export interface InterpretedBanks {
  big5: Big5Bank;
  environment: EnvironmentBank;
  values: ValuesBank;
}

// ---- rules beyond the shape --------------------------------------------------------------------

export type Issue = { path: (string | number)[]; message: string };

function checkKeys(found: readonly string[], expected: readonly string[], what: string, issues: Issue[], path: (string | number)[]): void {
  const missing = expected.filter((id) => !found.includes(id));
  const unknown = found.filter((id) => !expected.includes(id));
  if (missing.length > 0) issues.push({ path, message: `missing ${what}: ${missing.join(', ')}` });
  if (unknown.length > 0) issues.push({ path, message: `unknown ${what}: ${unknown.join(', ')} (expected ${expected.join(', ')})` });
}

function checkUniqueIds(ids: readonly string[], what: string, issues: Issue[], path: (string | number)[]): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) issues.push({ path, message: `duplicate ${what} "${id}"` });
    seen.add(id);
  }
}

/** Steps between two values around Schwartz's circle (the banks' value order): 0 to 5. */
export function circleDistance(first: string, second: string): number {
  const order: readonly string[] = valueIds;
  const steps = Math.abs(order.indexOf(first) - order.indexOf(second));
  return Math.min(steps, order.length - steps);
}

/** Values at least this far apart on the circle pull against each other (the opposite half). */
export const tensionDistance = 4;

function big5Issues(texts: Big5Texts, bank: Big5Bank): Issue[] {
  const issues: Issue[] = [];
  checkKeys(
    Object.keys(texts.traits),
    bank.scales.map((scale) => scale.id),
    'traits',
    issues,
    ['traits'],
  );
  for (const scale of bank.scales) {
    const trait = texts.traits[scale.id];
    if (!trait) continue;
    checkKeys(
      Object.keys(trait.facets),
      scale.facets.map((facet) => facet.id),
      `facets of ${scale.id}`,
      issues,
      ['traits', scale.id, 'facets'],
    );
  }
  const traitIds = bank.scales.map((scale) => scale.id);
  checkUniqueIds(
    texts.combinations.map((rule) => rule.id),
    'combination id',
    issues,
    ['combinations'],
  );
  const seenConditions = new Map<string, string>();
  texts.combinations.forEach((rule, index) => {
    rule.when.forEach((condition, conditionIndex) => {
      if (!traitIds.includes(condition.scale)) {
        issues.push({ path: ['combinations', index, 'when', conditionIndex, 'scale'], message: `combination "${rule.id}" names unknown trait "${condition.scale}" (expected ${traitIds.join(', ')})` });
      }
    });
    const scales = rule.when.map((condition) => condition.scale);
    if (new Set(scales).size !== scales.length) issues.push({ path: ['combinations', index, 'when'], message: `combination "${rule.id}" names a trait twice` });
    const key = rule.when
      .map((condition) => `${condition.scale}:${condition.band}`)
      .sort()
      .join('+');
    const other = seenConditions.get(key);
    if (other) issues.push({ path: ['combinations', index, 'when'], message: `combination "${rule.id}" has the same conditions as "${other}"` });
    seenConditions.set(key, rule.id);
  });
  return issues;
}

function environmentIssues(texts: EnvironmentTexts, bank: EnvironmentBank): Issue[] {
  const issues: Issue[] = [];
  checkKeys(
    Object.keys(texts.scales),
    bank.scales.map((scale) => scale.id),
    'scales',
    issues,
    ['scales'],
  );
  return issues;
}

function valuesIssues(texts: ValuesTexts, bank: ValuesBank): Issue[] {
  const issues: Issue[] = [];
  const ids = bank.scales.map((scale) => scale.id);
  checkKeys(Object.keys(texts.values), ids, 'values', issues, ['values']);
  checkKeys(
    Object.keys(texts.motives),
    bank.higher_order.map((group) => group.id),
    'higher-order motives',
    issues,
    ['motives'],
  );
  const covered = new Set<string>();
  texts.tensions.forEach((tension, index) => {
    const [first, second] = tension.values;
    const path = ['tensions', index, 'values'];
    const unknown = tension.values.filter((id) => !ids.includes(id));
    if (unknown.length > 0) {
      issues.push({ path, message: `tension names unknown values: ${unknown.join(', ')}` });
      return;
    }
    if (first === second) issues.push({ path, message: `tension names "${first}" twice` });
    else if (circleDistance(first, second) < tensionDistance) {
      issues.push({ path, message: `"${first}" and "${second}" are ${circleDistance(first, second)} steps apart on the circle; a tension needs values at least ${tensionDistance} apart` });
    }
    const key = [first, second].sort().join('+');
    if (covered.has(key)) issues.push({ path, message: `duplicate tension ${first} / ${second}` });
    covered.add(key);
  });
  // Every pair across the circle must have its own text, or a real tension would go unmentioned.
  const missing: string[] = [];
  ids.forEach((first, index) => {
    for (const second of ids.slice(index + 1)) {
      if (circleDistance(first, second) >= tensionDistance && !covered.has([first, second].sort().join('+'))) missing.push(`${first} / ${second}`);
    }
  });
  if (missing.length > 0) issues.push({ path: ['tensions'], message: `missing tensions: ${missing.join(', ')}` });
  return issues;
}

function completeIssues(texts: CompleteTexts, banks: InterpretedBanks): Issue[] {
  const issues: Issue[] = [];
  const scaleIds = {
    big5: banks.big5.scales.map((scale) => scale.id),
    environment: banks.environment.scales.map((scale) => scale.id),
    values: banks.values.scales.map((scale) => scale.id),
  };
  checkUniqueIds(
    texts.themes.map((theme) => theme.id),
    'theme id',
    issues,
    ['themes'],
  );
  texts.themes.forEach((theme, index) => {
    theme.when.forEach((condition, conditionIndex) => {
      if (!scaleIds[condition.assessment].includes(condition.scale)) {
        issues.push({
          path: ['themes', index, 'when', conditionIndex, 'scale'],
          message: `theme "${theme.id}" names unknown ${condition.assessment} scale "${condition.scale}" (expected ${scaleIds[condition.assessment].join(', ')})`,
        });
      }
    });
    const keys = theme.when.map((condition) => `${condition.assessment}:${condition.scale}`);
    if (new Set(keys).size !== keys.length) issues.push({ path: ['themes', index, 'when'], message: `theme "${theme.id}" names a scale twice` });
    if (new Set(theme.when.map((condition) => condition.assessment)).size < 2) {
      issues.push({ path: ['themes', index, 'when'], message: `theme "${theme.id}" must link at least two assessments` });
    }
  });
  return issues;
}

/** Rules beyond the shape for one file. Empty when the file is sound. */
export function interpretationRuleIssues<File extends InterpretationFile>(file: File, texts: InterpretationTexts[File], banks: InterpretedBanks): Issue[] {
  // The casts follow from `file`: each branch receives the texts of its own file.
  if (file === 'big5') return big5Issues(texts as Big5Texts, banks.big5);
  if (file === 'environment') return environmentIssues(texts as EnvironmentTexts, banks.environment);
  if (file === 'values') return valuesIssues(texts as ValuesTexts, banks.values);
  if (file === 'complete') return completeIssues(texts as CompleteTexts, banks);
  return [];
}
