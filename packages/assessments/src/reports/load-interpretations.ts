import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import shippedBig5 from '../../interpretations/en/big5.json' with { type: 'json' };
import shippedComplete from '../../interpretations/en/complete.json' with { type: 'json' };
import shippedEnvironment from '../../interpretations/en/environment.json' with { type: 'json' };
import shippedGeneral from '../../interpretations/en/general.json' with { type: 'json' };
import shippedValues from '../../interpretations/en/values.json' with { type: 'json' };
import { loadBanks } from '../load-banks.ts';
import {
  interpretationFiles,
  interpretationRuleIssues,
  interpretationSchemas,
  type InterpretationFile,
  type InterpretationTexts,
  type InterpretedBanks,
} from './interpretation-schema.ts';

/** An interpretation file that cannot be read or breaks the schema or the rules; the message names the file and every problem. */
export class InterpretationLoadError extends Error {
  override readonly name = 'InterpretationLoadError';
}

// English is imported rather than read from disk, so the bundled server always carries it (as the
// banks are); it is the default language and the fallback for files a translation lacks.
const shippedEnglish: Record<InterpretationFile, unknown> = {
  general: shippedGeneral,
  big5: shippedBig5,
  environment: shippedEnvironment,
  values: shippedValues,
  complete: shippedComplete,
};

/** The package's own `interpretations/` folder, holding one folder per language. */
export const shippedInterpretationsDir = fileURLToPath(new URL('../../interpretations', import.meta.url));

const languageTag = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

function formatPath(segments: readonly PropertyKey[]): string {
  return segments.reduce<string>((text, segment) => (typeof segment === 'number' ? `${text}[${segment}]` : `${text}${text ? '.' : ''}${String(segment)}`), '');
}

function fail(source: string, problems: { path: readonly PropertyKey[]; message: string }[]): never {
  const lines = problems.map((problem) => `  - ${problem.path.length > 0 ? `${formatPath(problem.path)}: ` : ''}${problem.message}`);
  throw new InterpretationLoadError(`Interpretation file ${source} is invalid:\n${lines.join('\n')}`);
}

function parseFile<File extends InterpretationFile>(file: File, raw: unknown, source: string, language: string, banks: InterpretedBanks): InterpretationTexts[File] {
  const parsed = interpretationSchemas[file].safeParse(raw);
  if (!parsed.success) fail(source, parsed.error.issues);
  const texts = parsed.data as InterpretationTexts[File];
  const issues = interpretationRuleIssues(file, texts, banks);
  if (texts.language !== language) issues.unshift({ path: ['language'], message: `is "${texts.language}", but the file is read as "${language}"` });
  if (issues.length > 0) fail(source, issues);
  return texts;
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InterpretationLoadError(`Interpretation file ${file} cannot be read: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InterpretationLoadError(`Interpretation file ${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/** The languages a directory offers: its sub-folders named by a language tag. English is always available. */
export function interpretationLanguages(directory: string = shippedInterpretationsDir): string[] {
  const found = existsSync(directory) ? readdirSync(directory).filter((name) => languageTag.test(name) && statSync(path.join(directory, name)).isDirectory()) : [];
  return [...new Set(['en', ...found])].sort();
}

export interface LoadInterpretationsOptions {
  /** BCP 47 tag of a folder in `directory`; 'en' by default. */
  language?: string;
  /** Holds one folder per language (`<directory>/<language>/<file>.json`); the package's own folder by default. */
  directory?: string;
  /** The banks whose scales, facets and values the texts must cover; the shipped banks by default. */
  banks?: InterpretedBanks;
}

/**
 * Loads and validates the report texts of one language. Each file in `<directory>/<language>/`
 * must be complete; a file the folder lacks is taken from the shipped English (listed in
 * `fallbacks`), so a translation can grow one file at a time. English without a directory is the
 * shipped, bundled texts. Throws InterpretationLoadError naming the file and every problem.
 */
export function loadInterpretations(options: LoadInterpretationsOptions = {}): InterpretationTexts {
  const language = options.language ?? 'en';
  const banks = options.banks ?? loadBanks();
  if (!languageTag.test(language)) throw new InterpretationLoadError(`Interpretation language "${language}" is not a language tag such as "en" or "pt-BR"`);

  const folder = options.directory === undefined && language === 'en' ? null : path.resolve(options.directory ?? shippedInterpretationsDir, language);
  if (folder !== null) {
    if (!existsSync(folder)) throw new InterpretationLoadError(`Interpretation folder ${folder} does not exist (no texts for language "${language}")`);
    // A misspelt file name would otherwise fall back to English without a word.
    const expected = interpretationFiles.map((file) => `${file}.json`);
    const unexpected = readdirSync(folder).filter((name) => name.endsWith('.json') && !expected.includes(name));
    if (unexpected.length > 0) throw new InterpretationLoadError(`Interpretation folder ${folder} holds ${unexpected.join(', ')}; only ${expected.join(', ')} are read`);
  }

  const fallbacks: InterpretationFile[] = [];
  const load = <File extends InterpretationFile>(file: File): InterpretationTexts[File] => {
    const source = folder === null ? null : path.join(folder, `${file}.json`);
    if (source !== null && existsSync(source)) return parseFile(file, readJson(source), source, language, banks);
    if (language !== 'en') fallbacks.push(file);
    return parseFile(file, shippedEnglish[file], `interpretations/en/${file}.json (shipped)`, 'en', banks);
  };
  const general = load('general');
  const big5 = load('big5');
  const environment = load('environment');
  const values = load('values');
  const complete = load('complete');
  return { language, fallbacks, general, big5, environment, values, complete };
}

let shipped: InterpretationTexts | undefined;

/** The shipped English texts against the shipped banks, loaded once (the composer's default). */
export function shippedInterpretations(): InterpretationTexts {
  shipped ??= loadInterpretations();
  return shipped;
}
