import type { BankId } from '@app/assessments/bank-schema';
import { qualityFlags } from '@app/assessments/quality-flags';
import { scoreBig5 } from '@app/assessments/scoring/big5';
import { scoreEnvironment } from '@app/assessments/scoring/environment';
import { scoreValues } from '@app/assessments/scoring/values';
import type { ResultFlag } from '@app/contract/assessment-results';
import type { HistoryEntry } from './answer-store.ts';
import type { AnswerMap, QuestionSequence } from './question-sequence.ts';

export interface ScoredAssessment {
  /** The assessment's result without completed_at and flags (stored as they are). */
  scores: { scoring_version: string } & Record<string, unknown>;
  flags: ResultFlag[];
}

/** Scores a fully answered set and judges its response quality from the answer history. */
export function scoreAssessment(sequence: QuestionSequence, assessment: BankId, answers: AnswerMap, history: readonly HistoryEntry[]): ScoredAssessment {
  const { banks } = sequence;
  const scores =
    assessment === 'environment' ? scoreEnvironment(banks.environment, answers) : assessment === 'big5' ? scoreBig5(banks.big5, answers) : scoreValues(banks.values, answers);
  const flags = qualityFlags({ bank: banks[assessment], answers, answeredAt: firstAnswerTimes(sequence, assessment, history) });
  return { scores, flags };
}

/**
 * When each item of the set was first answered: reading time is what the too-fast flag judges, and
 * a later revision is not reading time. Items of a retired bank are left out.
 */
function firstAnswerTimes(sequence: QuestionSequence, assessment: BankId, history: readonly HistoryEntry[]): Map<string, Date> {
  const inSet = new Set(sequence.itemIdsOf(assessment));
  const first = new Map<string, Date>();
  for (const entry of history) {
    if (inSet.has(entry.itemId) && !first.has(entry.itemId)) first.set(entry.itemId, entry.answeredAt);
  }
  return first;
}
