import type { BankId } from '@app/assessments/bank-schema';
import { qualityFlags } from '@app/assessments/quality-flags';
import { scoreBig5 } from '@app/assessments/scoring/big5';
import { scoreEnvironment } from '@app/assessments/scoring/environment';
import { scoreValues } from '@app/assessments/scoring/values';
import type { ResultFlag } from '@app/contract/assessment-results';
import type { AnswerMap, QuestionSequence } from './question-sequence.ts';

export interface ScoredAssessment {
  /** The assessment's result without completed_at and flags (stored as they are). */
  scores: { scoring_version: string } & Record<string, unknown>;
  flags: ResultFlag[];
}

/**
 * Scores a fully answered set and judges its response quality. `firstAnsweredAt` is when each item
 * was first answered: reading time is what the too-fast flag judges, and a later change of an
 * answer is not reading time.
 */
export function scoreAssessment(
  sequence: QuestionSequence,
  assessment: BankId,
  answers: AnswerMap,
  firstAnsweredAt: ReadonlyMap<string, Date>,
): ScoredAssessment {
  const { banks } = sequence;
  const scores =
    assessment === 'environment' ? scoreEnvironment(banks.environment, answers) : assessment === 'big5' ? scoreBig5(banks.big5, answers) : scoreValues(banks.values, answers);
  const flags = qualityFlags({ bank: banks[assessment], answers, answeredAt: itemsOfTheSet(sequence, assessment, firstAnsweredAt) });
  return { scores, flags };
}

/** The times of the set's current items only: answers to items of a retired bank are left out. */
function itemsOfTheSet(sequence: QuestionSequence, assessment: BankId, times: ReadonlyMap<string, Date>): Map<string, Date> {
  const inSet = new Map<string, Date>();
  for (const itemId of sequence.itemIdsOf(assessment)) {
    const time = times.get(itemId);
    if (time !== undefined) inSet.set(itemId, time);
  }
  return inSet;
}
