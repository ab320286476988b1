import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import shippedBig5 from '../../interpretations/en/big5.json' with { type: 'json' };
import shippedGeneral from '../../interpretations/en/general.json' with { type: 'json' };
import shippedValues from '../../interpretations/en/values.json' with { type: 'json' };
import { big5TraitIds, valueIds } from '../bank-schema.ts';
import { loadBanks } from '../load-banks.ts';
import { circleDistance } from './interpretation-schema.ts';
import { InterpretationLoadError, interpretationLanguages, loadInterpretations } from './load-interpretations.ts';

type Json = Record<string, unknown>;
const copy = (texts: unknown): Json => structuredClone(texts) as Json;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A directory with one language folder holding the given files (objects are written as JSON). */
function languageDir(language: string, files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'interpretations-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, language));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, language, name), typeof content === 'string' ? content : JSON.stringify(content));
  return dir;
}

function loadError(files: Record<string, unknown>, language = 'en'): string {
  const directory = languageDir(language, files);
  try {
    loadInterpretations({ language, directory });
  } catch (error) {
    expect(error).toBeInstanceOf(InterpretationLoadError);
    return (error as Error).message;
  }
  throw new Error('the texts loaded');
}

const traits = (texts: Json) => texts.traits as Record<string, { bands: Record<string, Json>; facets: Record<string, unknown> }>;

describe('the shipped English texts', () => {
  const texts = loadInterpretations();
  const banks = loadBanks();

  it('load in English without falling back on anything', () => {
    expect(texts.language).toBe('en');
    expect(texts.fallbacks).toEqual([]);
    expect(interpretationLanguages()).toContain('en');
  });

  it('cover every BIG5 trait and facet of the banks in all three bands', () => {
    expect(Object.keys(texts.big5.traits).sort()).toEqual([...big5TraitIds].sort());
    for (const scale of banks.big5.scales) {
      expect(Object.keys(texts.big5.traits[scale.id]?.facets ?? {}).sort()).toEqual(scale.facets.map((facet) => facet.id).sort());
    }
  });

  it('hold combination rules for at least twelve different pairs of BIG5 traits', () => {
    const pairs = new Set(texts.big5.combinations.map((rule) => rule.when.map((condition) => `${condition.scale}:${condition.band}`).join('+')));
    expect(pairs.size).toBeGreaterThanOrEqual(12);
    expect(texts.big5.combinations.some((rule) => rule.when.some((c) => c.scale === 'conscientiousness' && c.band === 'high') && rule.when.some((c) => c.scale === 'neuroticism' && c.band === 'high'))).toBe(true);
  });

  it('give a tension text for every pair of values across the circle', () => {
    const opposite = valueIds.flatMap((first, index) => valueIds.slice(index + 1).filter((second) => circleDistance(first, second) >= 4));
    expect(texts.values.tensions).toHaveLength(opposite.length);
  });

  it('give three questions to ask an employer for every environment scale', () => {
    for (const scale of banks.environment.scales) expect(texts.environment.scales[scale.id]?.questions.length).toBeGreaterThanOrEqual(2);
  });

  it('name neuroticism emotional sensitivity, never with a clinical word', () => {
    expect(texts.big5.traits.neuroticism?.label).toBe('Emotional sensitivity');
    const all = JSON.stringify(texts).toLowerCase();
    for (const word of ['mental disorder', 'mental illness', 'neurotic ', ' patient', 'zodiac', 'horoscope', 'star sign']) expect(all.includes(word), word).toBe(false);
  });
});

describe('a second language', () => {
  it('is read from its folder; files the folder lacks come from English and are listed', () => {
    const general = copy(shippedGeneral);
    general.language = 'de';
    (general.report_titles as Json).big5 = 'BIG5-Persönlichkeitsbericht';
    const directory = languageDir('de', { 'general.json': general });
    const texts = loadInterpretations({ language: 'de', directory });
    expect(texts.language).toBe('de');
    expect(texts.general.report_titles.big5).toBe('BIG5-Persönlichkeitsbericht');
    expect(texts.fallbacks).toEqual(['big5', 'environment', 'values', 'complete']);
    expect(texts.big5.traits.openness?.label).toBe('Openness');
    expect(interpretationLanguages(directory)).toEqual(['de', 'en']);
  });

  it('must be complete in every file it has', () => {
    const general = copy(shippedGeneral);
    general.language = 'de';
    delete (general.flags as Json).inconsistent;
    expect(loadError({ 'general.json': general }, 'de')).toContain('flags.inconsistent:');
  });

  it('refuses a file whose language is not its folder’s', () => {
    expect(loadError({ 'general.json': shippedGeneral }, 'fr')).toContain('language: is "en", but the file is read as "fr"');
  });

  it('stops with the folder when the language has none', () => {
    const directory = languageDir('de', {});
    expect(() => loadInterpretations({ language: 'es', directory })).toThrow(`Interpretation folder ${path.join(directory, 'es')} does not exist (no texts for language "es")`);
  });

  it('refuses a language tag that is not one (no paths through the language)', () => {
    expect(() => loadInterpretations({ language: '../banks' })).toThrow('Interpretation language "../banks" is not a language tag');
  });

  it('stops on a misspelt file name instead of quietly using English', () => {
    const directory = languageDir('de', { 'big-5.json': shippedBig5 });
    expect(() => loadInterpretations({ language: 'de', directory })).toThrow(
      `Interpretation folder ${path.join(directory, 'de')} holds big-5.json; only general.json, big5.json, environment.json, values.json, complete.json are read`,
    );
  });
});

describe('a broken interpretation file', () => {
  it('names the file and the missing band', () => {
    const big5 = copy(shippedBig5);
    delete traits(big5).openness?.bands.high;
    const directory = languageDir('en', { 'big5.json': big5 });
    expect(() => loadInterpretations({ directory })).toThrow(InterpretationLoadError);
    expect(() => loadInterpretations({ directory })).toThrow(`Interpretation file ${path.join(directory, 'en', 'big5.json')} is invalid:\n  - traits.openness.bands.high:`);
  });

  it('names an unknown trait and a missing one', () => {
    const big5 = copy(shippedBig5);
    const all = traits(big5);
    const { openness, ...others } = all;
    big5.traits = { ...others, curiosity: openness };
    const message = loadError({ 'big5.json': big5 });
    expect(message).toContain('traits: missing traits: openness');
    expect(message).toContain('traits: unknown traits: curiosity');
  });

  it('names a facet the bank does not have', () => {
    const big5 = copy(shippedBig5);
    const facets = traits(big5).openness?.facets ?? {};
    facets.fantasy = facets.imagination;
    delete facets.imagination;
    const message = loadError({ 'big5.json': big5 });
    expect(message).toContain('traits.openness.facets: missing facets of openness: imagination');
    expect(message).toContain('unknown facets of openness: fantasy');
  });

  it('names an empty text with its place', () => {
    const big5 = copy(shippedBig5);
    const high = traits(big5).conscientiousness?.bands.high;
    if (high) high.work = '   ';
    expect(loadError({ 'big5.json': big5 })).toContain('traits.conscientiousness.bands.high.work: text is empty');
  });

  it('names the file when it is not JSON', () => {
    const directory = languageDir('en', { 'values.json': '{ "language": ' });
    expect(() => loadInterpretations({ directory })).toThrow(`Interpretation file ${path.join(directory, 'en', 'values.json')} is not valid JSON`);
  });

  it('refuses a combination rule naming an unknown trait or band', () => {
    type Rules = { id: string; when: { scale: string; band: string }[] }[];
    const unknownTrait = copy(shippedBig5);
    const [first] = unknownTrait.combinations as Rules;
    if (first?.when[0]) first.when[0].scale = 'emotionality';
    expect(loadError({ 'big5.json': unknownTrait })).toContain(`combinations[0].when[0].scale: combination "${first?.id}" names unknown trait "emotionality"`);
    const unknownBand = copy(shippedBig5);
    const [, second] = unknownBand.combinations as Rules;
    if (second?.when[1]) second.when[1].band = 'very_high';
    expect(loadError({ 'big5.json': unknownBand })).toContain('combinations[1].when[1].band: Invalid option: expected one of "low"|"average"|"high"');
  });

  it('refuses two combination rules with the same conditions', () => {
    const big5 = copy(shippedBig5);
    const rules = big5.combinations as Json[];
    rules.push({ ...rules[0], id: 'again' });
    expect(loadError({ 'big5.json': big5 })).toContain(`combination "again" has the same conditions as "${String(rules[0]?.id)}"`);
  });

  it('refuses a template gap the composer cannot fill', () => {
    const general = copy(shippedGeneral);
    (general.overview as Json).chart_alt = 'Your {assessment} scores: {bars}, for {nickname}.';
    expect(loadError({ 'general.json': general })).toContain('overview.chart_alt: unknown gap {nickname} (this text offers {assessment}, {bars})');
  });

  it('refuses a values file without a tension for a pair across the circle, or with one for neighbours', () => {
    const values = copy(shippedValues);
    const tensions = values.tensions as { values: string[] }[];
    values.tensions = tensions.filter((tension) => !(tension.values.includes('power') && tension.values.includes('universalism')));
    const message = loadError({ 'values.json': values });
    expect(message).toContain('tensions: missing tensions: power / universalism');
    const neighbours = copy(shippedValues);
    const first = (neighbours.tensions as { values: string[] }[])[0];
    if (first) first.values = ['self_direction', 'stimulation'];
    expect(loadError({ 'values.json': neighbours })).toContain('"self_direction" and "stimulation" are 1 steps apart on the circle');
  });

  it('refuses a reliability that is not between 0 and 1', () => {
    const big5 = copy(shippedBig5);
    ((big5.precision as Json).facet as Json).reliability = 1.2;
    expect(loadError({ 'big5.json': big5 })).toContain('precision.facet.reliability: reliability must be below 1');
  });
});
