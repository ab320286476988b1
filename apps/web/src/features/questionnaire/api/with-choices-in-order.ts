import type { QuestionResponse } from '@app/contract/questionnaire';

/** Spec 9: choices are ordered by their `order` field, ascending, whatever order they came in. */
export function withChoicesInOrder(response: QuestionResponse): QuestionResponse {
  const choices = [...response.question.choices].sort((a, b) => a.order - b.order);
  return { ...response, question: { ...response.question, choices } };
}
