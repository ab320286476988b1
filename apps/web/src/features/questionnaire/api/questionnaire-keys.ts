/** Query keys of the questionnaire: one entry per question id, plus the first unanswered one. */
export const questionnaireKeys = {
  all: ['questionnaire'] as const,
  /** `null` is "the first unanswered question" (GET /me/question without an id). */
  question: (id: string | null) => ['questionnaire', 'question', id ?? 'first-unanswered'] as const,
};
