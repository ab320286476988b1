import type { QuestionResponse } from '@app/contract/questionnaire';

// The questionnaire's responses are written without zod's check on the way out (as the shop's
// are): the handlers build them from typed values, the route schemas still document them, and the
// check cost about 6 % of the Node time of an answer (bench/answering). The question part is the
// same object for every user of a locale (question-sequence's cache), so its JSON is kept with it.

const questionJson = new WeakMap<QuestionResponse['question'], string>();

function jsonOfQuestion(question: QuestionResponse['question']): string {
  let json = questionJson.get(question);
  if (json === undefined) {
    json = JSON.stringify(question);
    questionJson.set(question, json);
  }
  return json;
}

/** The question object as JSON, keys in the contract's order: what JSON.stringify would write. */
export function serializeQuestionResponse(response: QuestionResponse | null): string {
  if (response === null) return 'null';
  return (
    `{"question":${jsonOfQuestion(response.question)},"next":${JSON.stringify(response.next)},"previous":${JSON.stringify(response.previous)},` +
    `"unanswered_questions":${JSON.stringify(response.unanswered_questions)},"answer_choice":${JSON.stringify(response.answer_choice)}}`
  );
}

/** A route's serializerCompiler for the question responses (200 and the 204's empty body). */
export const questionResponseSerializer = () => (data: unknown) => serializeQuestionResponse(data as QuestionResponse | null);
