import type { Big5Result, EnvironmentResult, ResultFlag, ValuesResult } from '@app/contract/assessment-results';
import type { Banks } from '../src/load-banks.ts';
import { toResultsResponse } from '../src/results-response.ts';
import { scoreBig5 } from '../src/scoring/big5.ts';
import { scoreEnvironment } from '../src/scoring/environment.ts';
import { scoreValues } from '../src/scoring/values.ts';
import { answersFor } from './answers.ts';

// Results as the server hands them to the report composer, scored from answers by the package's
// own scoring functions (tests only).

export type Level = 'high' | 'average' | 'low';

/** BIG5 answers that put each named trait high (every item keyed to 5), low (keyed to 1) or in the middle (3). */
export function big5Result(banks: Banks, levels: Partial<Record<string, Level>>, options: { completedAt?: string; flags?: ResultFlag[] } = {}): Big5Result {
  const keyed = { high: 5, average: 3, low: 1 } as const;
  const answers = answersFor(banks.big5, (item) => {
    const target = keyed[levels[item.scale] ?? 'average'];
    return item.key === 1 ? target : 6 - target;
  });
  const response = toResultsResponse({
    big5: { scores: scoreBig5(banks.big5, answers), completedAt: options.completedAt ?? '2026-11-01T10:00:00.000Z', flags: options.flags ?? [] },
    environment: null,
    values: null,
  });
  if (!response.big5) throw new Error('no BIG5 result');
  return response.big5;
}

/** Environment answers: every item of a scale gets that scale's answer (1-5; 3 when not named). */
export function environmentResult(banks: Banks, answers: Partial<Record<string, number>>, options: { completedAt?: string; flags?: ResultFlag[] } = {}): EnvironmentResult {
  const response = toResultsResponse({
    environment: {
      scores: scoreEnvironment(
        banks.environment,
        answersFor(banks.environment, (item) => answers[item.scale] ?? 3),
      ),
      completedAt: options.completedAt ?? '2026-10-20T09:00:00.000Z',
      flags: options.flags ?? [],
    },
    big5: null,
    values: null,
  });
  if (!response.environment) throw new Error('no environment result');
  return response.environment;
}

/** Values answers: every portrait of a value gets that value's answer (1-6; 3 when not named). */
export function valuesResult(banks: Banks, answers: Partial<Record<string, number>>, options: { completedAt?: string; flags?: ResultFlag[] } = {}): ValuesResult {
  const response = toResultsResponse({
    values: {
      scores: scoreValues(
        banks.values,
        answersFor(banks.values, (item) => answers[item.scale] ?? 3),
      ),
      completedAt: options.completedAt ?? '2026-11-02T18:30:00.000Z',
      flags: options.flags ?? [],
    },
    big5: null,
    environment: null,
  });
  if (!response.values) throw new Error('no values result');
  return response.values;
}
