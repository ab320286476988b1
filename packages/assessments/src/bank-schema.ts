import { z } from 'zod';

// The shape of an item bank file (banks/<bank>.json) and the rules a bank must keep so that
// scoring, quality flags and the results contract stay meaningful. Scale ids are fixed by the
// product (results, reports and the dashboard name them); wording, item counts, facets and choice
// labels belong to the file, so an operator can swap in another licensed bank without code changes.

export const bankIds = ['environment', 'big5', 'values'] as const;
export type BankId = (typeof bankIds)[number];

export const workValueScaleIds = ['achievement', 'working_conditions', 'recognition', 'relationships', 'support', 'independence'] as const;
export const cultureScaleIds = ['collaborative', 'innovative', 'results_driven', 'structured'] as const;
export const big5TraitIds = ['openness', 'conscientiousness', 'extraversion', 'agreeableness', 'neuroticism'] as const;
export const valueIds = [
  'self_direction',
  'stimulation',
  'hedonism',
  'achievement',
  'power',
  'security',
  'conformity',
  'tradition',
  'benevolence',
  'universalism',
] as const;
export const higherOrderIds = ['openness_to_change', 'conservation', 'self_transcendence', 'self_enhancement'] as const;

const identifier = z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be lower-case letters, digits and underscores');
const itemId = z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'must be lower-case letters, digits, "-" and "_"');

/** Text per locale; English is always present and is the fallback for every other locale. */
export const localizedText = z.object({ en: z.string().trim().min(1, 'English text is empty') }).catchall(z.string().trim().min(1, 'text is empty'));
export type LocalizedText = z.infer<typeof localizedText>;

export const bankChoice = z.object({
  value: z.number().int(),
  order: z.number().int(),
  label: localizedText,
});
export type BankChoice = z.infer<typeof bankChoice>;

export const bankItem = z.object({
  id: itemId,
  /** Raised whenever the wording changes meaning, so stored answers can be traced to a text. */
  version: z.number().int().positive(),
  scale: identifier,
  facet: identifier.nullable(),
  /** +1: agreeing scores high on the scale; -1: reverse-keyed, scored (min + max) - x. */
  key: z.union([z.literal(1), z.literal(-1)]),
  text: localizedText,
  description: localizedText.optional(),
});
export type BankItem = z.infer<typeof bankItem>;

const facetDefinition = z.object({ id: identifier, label: localizedText });

const bankBase = {
  version: z.string().min(1),
  /** Every locale listed here must be present in every text of the file. */
  locales: z.array(z.string().min(2)).min(1),
  title: localizedText,
  choices: z.array(bankChoice).min(2),
  items: z.array(bankItem).min(1),
};

export const environmentBankSchema = z.object({
  id: z.literal('environment'),
  ...bankBase,
  items_per_scale: z.number().int().min(2),
  scales: z.array(z.object({ id: identifier, label: localizedText, group: z.enum(['work_value', 'culture']) })),
});
export type EnvironmentBank = z.infer<typeof environmentBankSchema>;

export const big5BankSchema = z.object({
  id: z.literal('big5'),
  ...bankBase,
  items_per_facet: z.number().int().min(2),
  scales: z.array(z.object({ id: identifier, label: localizedText, facets: z.array(facetDefinition).min(1) })),
  /** The friendlier name of reversed neuroticism. */
  emotional_stability_label: localizedText,
});
export type Big5Bank = z.infer<typeof big5BankSchema>;

export const valuesBankSchema = z.object({
  id: z.literal('values'),
  ...bankBase,
  items_per_scale: z.number().int().min(2),
  scales: z.array(z.object({ id: identifier, label: localizedText })),
  higher_order: z.array(z.object({ id: identifier, label: localizedText, values: z.array(identifier).min(1) })),
});
export type ValuesBank = z.infer<typeof valuesBankSchema>;

export type Bank = EnvironmentBank | Big5Bank | ValuesBank;

type Issue = { path: (string | number)[]; message: string };

function checkIds(found: readonly string[], expected: readonly string[], what: string, issues: Issue[], path: (string | number)[]): void {
  const missing = expected.filter((id) => !found.includes(id));
  const unknown = found.filter((id) => !expected.includes(id));
  if (missing.length > 0) issues.push({ path, message: `missing ${what}: ${missing.join(', ')}` });
  if (unknown.length > 0) issues.push({ path, message: `unknown ${what}: ${unknown.join(', ')} (expected ${expected.join(', ')})` });
}

function duplicates(values: readonly (string | number)[]): (string | number)[] {
  const seen = new Set<string | number>();
  const repeated = new Set<string | number>();
  for (const value of values) (seen.has(value) ? repeated : seen).add(value);
  return [...repeated];
}

function checkLocales(bank: Bank, issues: Issue[]): void {
  if (!bank.locales.includes('en')) issues.push({ path: ['locales'], message: 'must include "en"' });
  const texts: { path: (string | number)[]; text: LocalizedText }[] = [{ path: ['title'], text: bank.title }];
  bank.choices.forEach((choice, index) => texts.push({ path: ['choices', index, 'label'], text: choice.label }));
  bank.items.forEach((item, index) => {
    texts.push({ path: ['items', index, 'text'], text: item.text });
    if (item.description) texts.push({ path: ['items', index, 'description'], text: item.description });
  });
  bank.scales.forEach((scale, index) => texts.push({ path: ['scales', index, 'label'], text: scale.label }));
  for (const { path, text } of texts) {
    const missing = bank.locales.filter((locale) => !(locale in text));
    if (missing.length > 0) issues.push({ path, message: `missing text for locale ${missing.join(', ')}` });
  }
}

function checkChoices(bank: Bank, issues: Issue[]): void {
  const values = bank.choices.map((choice) => choice.value);
  for (const value of duplicates(values)) issues.push({ path: ['choices'], message: `duplicate choice value ${value}` });
  for (const order of duplicates(bank.choices.map((choice) => choice.order))) issues.push({ path: ['choices'], message: `duplicate choice order ${order}` });
  // Reverse keying scores (min + max) - x, so the values must be one unbroken run starting at 1.
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  if (sorted.some((value, index) => value !== index + 1)) {
    issues.push({ path: ['choices'], message: `choice values must be 1 to ${bank.choices.length} without gaps, got ${values.join(', ')}` });
  }
}

function checkItems(bank: Bank, issues: Issue[]): void {
  for (const id of duplicates(bank.items.map((item) => item.id))) issues.push({ path: ['items'], message: `duplicate item id "${id}"` });
  const scaleIds = bank.scales.map((scale) => scale.id);
  for (const id of duplicates(scaleIds)) issues.push({ path: ['scales'], message: `duplicate scale id "${id}"` });
  bank.items.forEach((item, index) => {
    if (!scaleIds.includes(item.scale)) issues.push({ path: ['items', index, 'scale'], message: `item "${item.id}" names unknown scale "${item.scale}"` });
  });
}

function countBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}

function checkScaleCounts(bank: EnvironmentBank | ValuesBank, issues: Issue[]): void {
  const byScale = countBy(bank.items, (item) => item.scale);
  bank.scales.forEach((scale, index) => {
    const count = byScale.get(scale.id)?.length ?? 0;
    if (count !== bank.items_per_scale) issues.push({ path: ['scales', index], message: `scale "${scale.id}" has ${count} items, expected ${bank.items_per_scale}` });
  });
  bank.items.forEach((item, index) => {
    if (item.facet !== null) issues.push({ path: ['items', index, 'facet'], message: `item "${item.id}": this bank has no facets, use null` });
  });
}

function checkEnvironment(bank: EnvironmentBank, issues: Issue[]): void {
  const byGroup = (group: 'work_value' | 'culture') => bank.scales.filter((scale) => scale.group === group).map((scale) => scale.id);
  checkIds(byGroup('work_value'), workValueScaleIds, 'work-value scales', issues, ['scales']);
  checkIds(byGroup('culture'), cultureScaleIds, 'culture scales', issues, ['scales']);
  checkScaleCounts(bank, issues);
}

function checkBig5(bank: Big5Bank, issues: Issue[]): void {
  checkIds(
    bank.scales.map((scale) => scale.id),
    big5TraitIds,
    'traits',
    issues,
    ['scales'],
  );
  const facetIds = bank.scales.flatMap((scale) => scale.facets.map((facet) => facet.id));
  for (const id of duplicates(facetIds)) issues.push({ path: ['scales'], message: `duplicate facet id "${id}"` });
  const byFacet = countBy(bank.items, (item) => `${item.scale}/${item.facet ?? ''}`);
  bank.items.forEach((item, index) => {
    const scale = bank.scales.find((candidate) => candidate.id === item.scale);
    if (scale && !scale.facets.some((facet) => facet.id === item.facet)) {
      issues.push({ path: ['items', index, 'facet'], message: `item "${item.id}" names facet "${item.facet}", which trait "${item.scale}" does not declare` });
    }
  });
  bank.scales.forEach((scale, scaleIndex) => {
    scale.facets.forEach((facet, facetIndex) => {
      const items = byFacet.get(`${scale.id}/${facet.id}`) ?? [];
      const path = ['scales', scaleIndex, 'facets', facetIndex];
      if (items.length !== bank.items_per_facet) issues.push({ path, message: `facet "${facet.id}" has ${items.length} items, expected ${bank.items_per_facet}` });
      // Balanced keying cancels agreeing with everything (acquiescence) within every facet.
      const plus = items.filter((item) => item.key === 1).length;
      const minus = items.length - plus;
      if (plus !== minus) issues.push({ path, message: `facet "${facet.id}" keying is unbalanced: ${plus} plus-keyed, ${minus} minus-keyed` });
    });
  });
}

function checkValues(bank: ValuesBank, issues: Issue[]): void {
  const scaleIds = bank.scales.map((scale) => scale.id);
  checkIds(scaleIds, valueIds, 'values', issues, ['scales']);
  checkIds(
    bank.higher_order.map((group) => group.id),
    higherOrderIds,
    'higher-order groups',
    issues,
    ['higher_order'],
  );
  bank.higher_order.forEach((group, index) => {
    const unknown = group.values.filter((value) => !scaleIds.includes(value));
    if (unknown.length > 0) issues.push({ path: ['higher_order', index, 'values'], message: `group "${group.id}" names unknown values: ${unknown.join(', ')}` });
  });
  const grouped = new Set(bank.higher_order.flatMap((group) => group.values));
  const ungrouped = scaleIds.filter((id) => !grouped.has(id));
  if (ungrouped.length > 0) issues.push({ path: ['higher_order'], message: `values in no higher-order group: ${ungrouped.join(', ')}` });
  checkScaleCounts(bank, issues);
}

/** Rules beyond the shape: ids, counts, keying, locales. Empty when the bank is sound. */
export function bankRuleIssues(bank: Bank): Issue[] {
  const issues: Issue[] = [];
  checkLocales(bank, issues);
  checkChoices(bank, issues);
  checkItems(bank, issues);
  if (bank.id === 'environment') checkEnvironment(bank, issues);
  else if (bank.id === 'big5') checkBig5(bank, issues);
  else checkValues(bank, issues);
  return issues;
}

export const bankSchemas = {
  environment: environmentBankSchema,
  big5: big5BankSchema,
  values: valuesBankSchema,
} as const;
