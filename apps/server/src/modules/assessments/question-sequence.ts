import type { BankChoice, BankId, BankItem } from '@app/assessments/bank-schema';
import { assessmentSequence, bankChoices, bankItems, type Banks } from '@app/assessments/load-banks';
import { choiceLabel, itemDescription, itemText } from '@app/assessments/localized-text';
import type { QuestionResponse } from '@app/contract/questionnaire';

// The one mandatory questionnaire (DESIGN section 5): every item of the environment bank, then
// BIG5, then values, in the banks' own order. Built once from the banks loaded at start.

export interface SequenceQuestion {
  item: BankItem;
  assessment: BankId;
  /** Place in the whole sequence, from 0. */
  position: number;
  /** The bank's choices, sorted by `order` (spec section 9). */
  choices: readonly BankChoice[];
}

export interface QuestionSequence {
  banks: Banks;
  questions: readonly SequenceQuestion[];
  byId: ReadonlyMap<string, SequenceQuestion>;
  /** The item ids of one assessment, in order. */
  itemIdsOf: (assessment: BankId) => readonly string[];
}

/** The current answers of one user: item id to choice value. */
export type AnswerMap = ReadonlyMap<string, number>;

export function buildQuestionSequence(banks: Banks): QuestionSequence {
  const questions: SequenceQuestion[] = [];
  const idsByAssessment = new Map<BankId, string[]>();
  for (const assessment of assessmentSequence) {
    const bank = banks[assessment];
    const choices = bankChoices(bank);
    const ids: string[] = [];
    for (const item of bankItems(bank)) {
      questions.push({ item, assessment, position: questions.length, choices });
      ids.push(item.id);
    }
    idsByAssessment.set(assessment, ids);
  }
  return {
    banks,
    questions,
    byId: new Map(questions.map((question) => [question.item.id, question])),
    itemIdsOf: (assessment) => idsByAssessment.get(assessment) ?? [],
  };
}

/** Choice ids join the item id and the choice value; item ids never contain ':' (bank schema). */
export function choiceIdOf(itemId: string, value: number): string {
  return `${itemId}:${value}`;
}

/** The choice a choice id names, if it is one of this question's choices. */
export function choiceOfQuestion(question: SequenceQuestion, choiceId: string): BankChoice | undefined {
  const separator = choiceId.lastIndexOf(':');
  if (separator < 0 || choiceId.slice(0, separator) !== question.item.id) return undefined;
  const valueText = choiceId.slice(separator + 1);
  if (!/^-?\d+$/.test(valueText)) return undefined;
  const value = Number(valueText);
  return question.choices.find((choice) => choice.value === value);
}

export function firstUnanswered(sequence: QuestionSequence, answers: AnswerMap): SequenceQuestion | undefined {
  return sequence.questions.find((question) => !answers.has(question.item.id));
}

/**
 * Where the questionnaire goes after an answer to `answered`: the first unanswered question after
 * it in the sequence, else the first unanswered one before it (a revision of an early answer
 * skips the answered questions in between, which stay reachable through `previous`).
 */
export function nextUnansweredAfter(sequence: QuestionSequence, answered: SequenceQuestion, answers: AnswerMap): SequenceQuestion | undefined {
  const { questions } = sequence;
  for (let offset = 1; offset < questions.length; offset += 1) {
    const candidate = questions[(answered.position + offset) % questions.length];
    if (candidate && !answers.has(candidate.item.id)) return candidate;
  }
  return undefined;
}

export function unansweredCount(sequence: QuestionSequence, answers: AnswerMap): number {
  let count = 0;
  for (const question of sequence.questions) if (!answers.has(question.item.id)) count += 1;
  return count;
}

export function isAssessmentComplete(sequence: QuestionSequence, assessment: BankId, answers: AnswerMap): boolean {
  return sequence.itemIdsOf(assessment).every((id) => answers.has(id));
}

/** The question object of spec sections 3 and 7, in the user's locale (English when missing). */
export function toQuestionResponse(sequence: QuestionSequence, question: SequenceQuestion, answers: AnswerMap, locale: string): QuestionResponse {
  const { item } = question;
  const chosen = answers.get(item.id);
  return {
    question: {
      id: item.id,
      question: itemText(item, locale),
      description: itemDescription(item, locale),
      choices: question.choices.map((choice) => ({ id: choiceIdOf(item.id, choice.value), answer: choiceLabel(choice, locale), order: choice.order })),
    },
    next: sequence.questions[question.position + 1]?.item.id ?? null,
    previous: question.position > 0 ? (sequence.questions[question.position - 1]?.item.id ?? null) : null,
    unanswered_questions: unansweredCount(sequence, answers),
    answer_choice: chosen === undefined ? null : choiceIdOf(item.id, chosen),
  };
}
