import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import shippedBig5 from '../banks/big5.json' with { type: 'json' };
import shippedEnvironment from '../banks/environment.json' with { type: 'json' };
import shippedValues from '../banks/values.json' with { type: 'json' };
import { assessmentSequence, bankChoices, bankItems, BankLoadError, loadBanks } from './load-banks.ts';
import { choiceLabel, itemDescription, itemText } from './localized-text.ts';

type Json = Record<string, unknown> & { items: Record<string, unknown>[]; choices: Record<string, unknown>[] };
const copy = (bank: unknown): Json => structuredClone(bank) as Json;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function overrideDir(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'banks-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  return dir;
}

function loadError(files: Record<string, unknown>): string {
  const dir = overrideDir(files);
  try {
    loadBanks({ overrideDir: dir });
  } catch (error) {
    expect(error).toBeInstanceOf(BankLoadError);
    return (error as Error).message;
  }
  throw new Error('the banks loaded');
}

describe('the shipped banks', () => {
  const banks = loadBanks();

  it('are asked in the order environment, BIG5, values', () => {
    expect(assessmentSequence).toEqual(['environment', 'big5', 'values']);
  });

  it('hold 40 environment items, 4 for each of the ten scales, on a 5-point importance scale', () => {
    const bank = banks.environment;
    expect(bankItems(bank)).toHaveLength(40);
    expect(bank.scales.map((scale) => scale.id)).toEqual([
      'achievement',
      'working_conditions',
      'recognition',
      'relationships',
      'support',
      'independence',
      'collaborative',
      'innovative',
      'results_driven',
      'structured',
    ]);
    for (const scale of bank.scales) expect(bank.items.filter((item) => item.scale === scale.id)).toHaveLength(4);
    expect(bankChoices(bank).map((choice) => [choice.value, choice.label.en])).toEqual([
      [1, 'Not important to me'],
      [2, 'Slightly important'],
      [3, 'Moderately important'],
      [4, 'Very important'],
      [5, 'Essential to me'],
    ]);
  });

  it('hold 60 BIG5 items: five traits, three facets each, two plus- and two minus-keyed items per facet', () => {
    const bank = banks.big5;
    expect(bankItems(bank)).toHaveLength(60);
    expect(bank.scales.map((scale) => scale.id)).toEqual(['openness', 'conscientiousness', 'extraversion', 'agreeableness', 'neuroticism']);
    for (const scale of bank.scales) {
      expect(scale.facets).toHaveLength(3);
      for (const facet of scale.facets) {
        const keys = bank.items.filter((item) => item.scale === scale.id && item.facet === facet.id).map((item) => item.key);
        expect(keys.sort()).toEqual([-1, -1, 1, 1]);
      }
    }
    expect(bank.choices.map((choice) => choice.value)).toEqual([1, 2, 3, 4, 5]);
  });

  it('hold 30 values portraits, three for each of the ten values, on a 6-point scale, and the four higher-order groups', () => {
    const bank = banks.values;
    expect(bankItems(bank)).toHaveLength(30);
    for (const scale of bank.scales) expect(bank.items.filter((item) => item.scale === scale.id)).toHaveLength(3);
    expect(bank.choices.map((choice) => choice.value)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(bank.higher_order.map((group) => [group.id, group.values])).toEqual([
      ['openness_to_change', ['self_direction', 'stimulation', 'hedonism']],
      ['conservation', ['security', 'conformity', 'tradition']],
      ['self_transcendence', ['benevolence', 'universalism']],
      ['self_enhancement', ['achievement', 'power', 'hedonism']],
    ]);
  });

  it('use item ids that are unique across the three banks', () => {
    const ids = assessmentSequence.flatMap((id) => banks[id].items.map((item) => item.id));
    expect(new Set(ids).size).toBe(130);
    expect(ids).toContain('env-ach-1');
    expect(ids).toContain('b5-o-imagination-1');
    expect(ids).toContain('val-sd-1');
  });

  it('never put two items of the same scale next to each other', () => {
    for (const id of assessmentSequence) {
      const items = bankItems(banks[id]);
      items.slice(1).forEach((item, index) => expect(item.scale).not.toBe(items[index]?.scale));
    }
  });
});

describe('localized text', () => {
  const item = { id: 'x-1', version: 1, scale: 's', facet: null, key: 1 as const, text: { en: 'I plan ahead.', de: 'Ich plane voraus.' } };

  it('uses the exact locale, then its language, then English', () => {
    expect(itemText(item, 'de')).toBe('Ich plane voraus.');
    expect(itemText(item, 'de-AT')).toBe('Ich plane voraus.');
    expect(itemText(item, 'fr')).toBe('I plan ahead.');
    expect(choiceLabel({ value: 1, order: 1, label: { en: 'Never' } }, 'es')).toBe('Never');
  });

  it('gives the description, or null when the item has none', () => {
    expect(itemDescription(item, 'en')).toBeNull();
    expect(itemDescription({ ...item, description: { en: 'Think of last year.' } }, 'de')).toBe('Think of last year.');
  });
});

describe('replacing a bank from a directory', () => {
  it('takes <bank>.json from the directory and keeps the shipped files for the others', () => {
    const replacement = copy(shippedValues);
    replacement.version = '7';
    const first = replacement.items[0];
    if (first) first.text = { en: 'This person enjoys inventing new ways of doing things.' };
    const banks = loadBanks({ overrideDir: overrideDir({ 'values.json': replacement }) });
    expect(banks.values.version).toBe('7');
    expect(banks.values.items[0]?.text.en).toBe('This person enjoys inventing new ways of doing things.');
    expect(banks.big5.version).toBe('1');
    expect(banks.environment.items).toHaveLength(40);
  });

  it('accepts a licensed bank with more items per facet when the file says so', () => {
    const replacement = copy(shippedBig5);
    const extra: Record<string, unknown>[] = [];
    for (const item of replacement.items) {
      if (item.key === 1) extra.push({ ...item, id: `${String(item.id)}-extra-plus` }, { ...item, id: `${String(item.id)}-extra-minus`, key: -1 });
    }
    // Every facet had 2 plus items: each adds one plus and one minus copy, so 4 + 4 = 8 per facet.
    replacement.items_per_facet = 8;
    replacement.items = [...replacement.items, ...extra];
    expect(loadBanks({ overrideDir: overrideDir({ 'big5.json': replacement }) }).big5.items).toHaveLength(120);
  });

  it('stops with the file name when a directory is given that does not exist', () => {
    expect(() => loadBanks({ overrideDir: '/nonexistent/banks' })).toThrow('Item bank directory /nonexistent/banks does not exist');
  });

  it('stops on a misspelt bank file name instead of quietly keeping the shipped bank', () => {
    const dir = overrideDir({ 'big-5.json': shippedBig5 });
    expect(() => loadBanks({ overrideDir: dir })).toThrow(`Item bank directory ${dir} holds big-5.json; only environment.json, big5.json, values.json are read`);
  });

  it('names the file when it is not JSON', () => {
    const dir = overrideDir({ 'big5.json': '{ "id": ' });
    expect(() => loadBanks({ overrideDir: dir })).toThrow(`Item bank ${path.join(dir, 'big5.json')} is not valid JSON`);
  });

  it('refuses duplicate item ids within a bank', () => {
    const bank = copy(shippedEnvironment);
    const second = bank.items[1];
    if (second) second.id = 'env-ach-1';
    const message = loadError({ 'environment.json': bank });
    expect(message).toContain('environment.json is invalid');
    expect(message).toContain('items: duplicate item id "env-ach-1"');
  });

  it('refuses an item id that another bank already uses', () => {
    const bank = copy(shippedValues);
    const first = bank.items[0];
    if (first) first.id = 'b5-o-imagination-1';
    expect(loadError({ 'values.json': bank })).toBe('Item id "b5-o-imagination-1" appears in both the big5 and the values bank; item ids must be unique across banks');
  });

  it('refuses a scale with the wrong number of items', () => {
    const bank = copy(shippedValues);
    bank.items = bank.items.filter((item) => item.id !== 'val-po-3');
    expect(loadError({ 'values.json': bank })).toContain('scales[4]: scale "power" has 2 items, expected 3');
  });

  it('refuses a BIG5 facet whose keying is unbalanced', () => {
    const bank = copy(shippedBig5);
    const item = bank.items.find((candidate) => candidate.id === 'b5-c-orderliness-2');
    if (item) item.key = 1;
    expect(loadError({ 'big5.json': bank })).toContain('scales[1].facets[0]: facet "orderliness" keying is unbalanced: 3 plus-keyed, 1 minus-keyed');
  });

  it('refuses text missing for a locale the file declares', () => {
    const bank = copy(shippedEnvironment);
    bank.locales = ['en', 'de'];
    const message = loadError({ 'environment.json': bank });
    expect(message).toContain('title: missing text for locale de');
    expect(message).toContain('items[0].text: missing text for locale de');
  });

  it('refuses an item without English text', () => {
    const bank = copy(shippedBig5);
    const first = bank.items[0];
    if (first) first.text = { de: 'Ich träume oft.' };
    expect(loadError({ 'big5.json': bank })).toContain('items[0].text.en:');
  });

  it('refuses a missing required scale and an unknown one', () => {
    const bank = copy(shippedEnvironment);
    const scales = bank.scales as { id: string }[];
    const structured = scales.find((scale) => scale.id === 'structured');
    if (structured) structured.id = 'hierarchical';
    const message = loadError({ 'environment.json': bank });
    expect(message).toContain('scales: missing culture scales: structured');
    expect(message).toContain('scales: unknown culture scales: hierarchical');
  });

  it('refuses an item that names a facet its trait does not declare', () => {
    const bank = copy(shippedBig5);
    const first = bank.items[0];
    if (first) first.facet = 'orderliness';
    expect(loadError({ 'big5.json': bank })).toContain('item "b5-o-imagination-1" names facet "orderliness", which trait "openness" does not declare');
  });

  it('refuses choice values with a gap, since reverse keying needs an unbroken scale', () => {
    const bank = copy(shippedBig5);
    const last = bank.choices[4];
    if (last) last.value = 6;
    expect(loadError({ 'big5.json': bank })).toContain('choices: choice values must be 1 to 5 without gaps, got 1, 2, 3, 4, 6');
  });

  it('refuses a key other than +1 or -1', () => {
    const bank = copy(shippedBig5);
    const first = bank.items[0];
    if (first) first.key = 0;
    expect(loadError({ 'big5.json': bank })).toContain('items[0].key:');
  });

  it('refuses a higher-order group naming a value the bank does not have', () => {
    const bank = copy(shippedValues);
    const groups = bank.higher_order as { values: string[] }[];
    groups[0]?.values.push('curiosity');
    expect(loadError({ 'values.json': bank })).toContain('higher_order[0].values: group "openness_to_change" names unknown values: curiosity');
  });
});
