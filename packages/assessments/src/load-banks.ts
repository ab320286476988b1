import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import shippedBig5 from '../banks/big5.json' with { type: 'json' };
import shippedEnvironment from '../banks/environment.json' with { type: 'json' };
import shippedValues from '../banks/values.json' with { type: 'json' };
import { bankIds, bankRuleIssues, bankSchemas, type Bank, type BankChoice, type BankId, type BankItem, type Big5Bank, type EnvironmentBank, type ValuesBank } from './bank-schema.ts';

/** The one mandatory order in which the sets are answered. */
export const assessmentSequence = ['environment', 'big5', 'values'] as const satisfies readonly BankId[];

export interface Banks {
  environment: EnvironmentBank;
  big5: Big5Bank;
  values: ValuesBank;
}

/** A bank file that breaks the schema or the rules; the message names the file and every problem. */
export class BankLoadError extends Error {
  override readonly name = 'BankLoadError';
}

// Imported rather than read from disk, so the bundled server carries them (scripts/build.ts).
const shipped: Record<BankId, unknown> = { environment: shippedEnvironment, big5: shippedBig5, values: shippedValues };

function formatPath(segments: readonly PropertyKey[]): string {
  return segments.reduce<string>((text, segment) => (typeof segment === 'number' ? `${text}[${segment}]` : `${text}${text ? '.' : ''}${String(segment)}`), '');
}

function fail(source: string, problems: { path: readonly PropertyKey[]; message: string }[]): never {
  const lines = problems.map((problem) => `  - ${problem.path.length > 0 ? `${formatPath(problem.path)}: ` : ''}${problem.message}`);
  throw new BankLoadError(`Item bank ${source} is invalid:\n${lines.join('\n')}`);
}

function parseBank<Id extends BankId>(id: Id, raw: unknown, source: string): z.infer<(typeof bankSchemas)[Id]> {
  const parsed = bankSchemas[id].safeParse(raw);
  if (!parsed.success) fail(source, parsed.error.issues);
  const bank = parsed.data as z.infer<(typeof bankSchemas)[Id]>;
  const issues = bankRuleIssues(bank);
  if (issues.length > 0) fail(source, issues);
  return bank;
}

function readOverride(dir: string, id: BankId): { raw: unknown; source: string } | null {
  const file = path.resolve(dir, `${id}.json`);
  if (!existsSync(file)) return null;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new BankLoadError(`Item bank ${file} cannot be read: ${(error as Error).message}`);
  }
  try {
    return { raw: JSON.parse(text) as unknown, source: file };
  } catch (error) {
    throw new BankLoadError(`Item bank ${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * Loads and validates the three banks. Each `<bank>.json` in `overrideDir` (the server's
 * ASSESSMENT_BANKS_DIR) replaces the shipped file of that name; the others stay as shipped.
 * Throws BankLoadError naming the file and the problems, so a bad bank stops the start-up.
 */
export function loadBanks(options: { overrideDir?: string } = {}): Banks {
  const { overrideDir } = options;
  if (overrideDir !== undefined && !existsSync(overrideDir)) {
    throw new BankLoadError(`Item bank directory ${path.resolve(overrideDir)} does not exist`);
  }
  if (overrideDir !== undefined) {
    // A misspelt file name would otherwise keep the shipped bank without a word.
    const expected = bankIds.map((id) => `${id}.json`);
    const unexpected = readdirSync(overrideDir).filter((name) => name.endsWith('.json') && !expected.includes(name));
    if (unexpected.length > 0) {
      throw new BankLoadError(`Item bank directory ${path.resolve(overrideDir)} holds ${unexpected.join(', ')}; only ${expected.join(', ')} are read`);
    }
  }
  const load = <Id extends BankId>(id: Id) => {
    const override = overrideDir === undefined ? null : readOverride(overrideDir, id);
    return override ? parseBank(id, override.raw, override.source) : parseBank(id, shipped[id], `banks/${id}.json (shipped)`);
  };
  const banks: Banks = { environment: load('environment'), big5: load('big5'), values: load('values') };

  // Answers are stored by item id alone, so an id may live in one bank only.
  const owner = new Map<string, BankId>();
  for (const id of bankIds) {
    for (const item of banks[id].items) {
      const other = owner.get(item.id);
      if (other) throw new BankLoadError(`Item id "${item.id}" appears in both the ${other} and the ${id} bank; item ids must be unique across banks`);
      owner.set(item.id, id);
    }
  }
  return banks;
}

/** The items of a bank in the order they are asked (the file's order). */
export function bankItems(bank: Bank): readonly BankItem[] {
  return bank.items;
}

/** The choices of a bank sorted by `order`, ascending (spec section 3). */
export function bankChoices(bank: Bank): readonly BankChoice[] {
  return [...bank.choices].sort((a, b) => a.order - b.order);
}
