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

/** Where one assessment's questions sit in the sequence: positions start .. start + size - 1. */
export interface SetRange {
  start: number;
  size: number;
}

export interface QuestionSequence {
  banks: Banks;
  questions: readonly SequenceQuestion[];
  byId: ReadonlyMap<string, SequenceQuestion>;
  /** The item ids of one assessment, in order. */
  itemIdsOf: (assessment: BankId) => readonly string[];
  /** The assessment's questions are consecutive in the sequence (one bank after the other). */
  rangeOf: (assessment: BankId) => SetRange;
  /** The question part of the response, built once per question and locale (see toQuestionResponse). */
  questionBodies: Map<string, QuestionResponse['question'][]>;
  /** Locales some bank is written in: the ones whose question bodies are kept. */
  bankLocales: ReadonlySet<string>;
}

/** The current answers of one user: item id to choice value. */
export type AnswerMap = ReadonlyMap<string, number>;

/**
 * Which questions of the sequence a user has answered: one character per position, '1' answered,
 * '0' not (questionnaire_progress.answered_positions as PostgreSQL writes a bit string). Null
 * before the first answer.
 */
export type AnsweredPositions = string | null;

export function buildQuestionSequence(banks: Banks): QuestionSequence {
  const questions: SequenceQuestion[] = [];
  const idsByAssessment = new Map<BankId, string[]>();
  const ranges = new Map<BankId, SetRange>();
  for (const assessment of assessmentSequence) {
    const bank = banks[assessment];
    const choices = bankChoices(bank);
    const ids: string[] = [];
    const start = questions.length;
    for (const item of bankItems(bank)) {
      questions.push({ item, assessment, position: questions.length, choices });
      ids.push(item.id);
    }
    idsByAssessment.set(assessment, ids);
    ranges.set(assessment, { start, size: ids.length });
  }
  return {
    banks,
    questions,
    byId: new Map(questions.map((question) => [question.item.id, question])),
    itemIdsOf: (assessment) => idsByAssessment.get(assessment) ?? [],
    rangeOf: (assessment) => ranges.get(assessment) ?? { start: 0, size: 0 },
    questionBodies: new Map(),
    bankLocales: new Set(assessmentSequence.flatMap((assessment) => banks[assessment].locales)),
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

function isAnswered(answered: AnsweredPositions, position: number): boolean {
  return answered !== null && answered.charCodeAt(position) === 49; // '1'
}

export function firstUnanswered(sequence: QuestionSequence, answered: AnsweredPositions): SequenceQuestion | undefined {
  return sequence.questions.find((question) => !isAnswered(answered, question.position));
}

/**
 * Where the questionnaire goes after an answer to `after`: the first unanswered question after
 * it in the sequence, else the first unanswered one before it (a revision of an early answer
 * skips the answered questions in between, which stay reachable through `previous`).
 */
export function nextUnansweredAfter(sequence: QuestionSequence, after: SequenceQuestion, answered: AnsweredPositions): SequenceQuestion | undefined {
  const { questions } = sequence;
  for (let offset = 1; offset < questions.length; offset += 1) {
    const candidate = questions[(after.position + offset) % questions.length];
    if (candidate && !isAnswered(answered, candidate.position)) return candidate;
  }
  return undefined;
}

export function unansweredCount(sequence: QuestionSequence, answered: AnsweredPositions): number {
  let count = 0;
  for (const question of sequence.questions) if (!isAnswered(answered, question.position)) count += 1;
  return count;
}

export function isAssessmentComplete(sequence: QuestionSequence, assessment: BankId, answered: AnsweredPositions): boolean {
  const { start, size } = sequence.rangeOf(assessment);
  for (let position = start; position < start + size; position += 1) if (!isAnswered(answered, position)) return false;
  return true;
}

/**
 * The question object of spec sections 3 and 7, in the user's locale (English when missing).
 * `chosen` is the value of the user's current answer to this question, if any. The question part
 * never changes while the app runs, so it is built once per locale and shared by every response.
 */
export function toQuestionResponse(sequence: QuestionSequence, question: SequenceQuestion, answered: AnsweredPositions, chosen: number | undefined, locale: string): QuestionResponse {
  const { item, position } = question;
  return {
    question: questionBody(sequence, question, locale),
    next: sequence.questions[position + 1]?.item.id ?? null,
    previous: position > 0 ? (sequence.questions[position - 1]?.item.id ?? null) : null,
    unanswered_questions: unansweredCount(sequence, answered),
    answer_choice: chosen === undefined ? null : choiceIdOf(item.id, chosen),
  };
}

function questionBody(sequence: QuestionSequence, question: SequenceQuestion, locale: string): QuestionResponse['question'] {
  // Other tags ('de-AT', unknown ones) resolve through the fallbacks of localize, uncached, so a
  // stray locale cannot grow the cache.
  if (!sequence.bankLocales.has(locale)) return buildQuestionBody(question, locale);
  let bodies = sequence.questionBodies.get(locale);
  if (!bodies) {
    bodies = sequence.questions.map((each) => buildQuestionBody(each, locale));
    sequence.questionBodies.set(locale, bodies);
  }
  return bodies[question.position] ?? buildQuestionBody(question, locale);
}

function buildQuestionBody({ item, choices }: SequenceQuestion, locale: string): QuestionResponse['question'] {
  return {
    id: item.id,
    question: itemText(item, locale),
    description: itemDescription(item, locale),
    choices: choices.map((choice) => ({ id: choiceIdOf(item.id, choice.value), answer: choiceLabel(choice, locale), order: choice.order })),
  };
}
