import type { Account } from '@app/contract/account';
import type { Choice, QuestionResponse } from '@app/contract/questionnaire';
import type { LocalApiServer, Reply } from '../../../../test/local-api-server.ts';

// A questionnaire served by the tests' local HTTP server, following the contract of spec 7 and
// issue 4: GET /me/question (first unanswered, or ?id=), POST /me/question/{id}/answer, 204 when
// none is left, and GET /api/user whose unanswered_questions follows the stored answers.

export type ScriptedQuestion = { id: string; question: string; description: string | null; choices: Choice[] };

/** A five-point question, its choices sent out of order (the overlay sorts them by `order`). */
export function fivePointQuestion(id: string, question: string, description: string | null = null): ScriptedQuestion {
  const labels = ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree'];
  const choices = labels.map((answer, index) => ({ id: `${id}-c${index + 1}`, answer, order: index + 1 }));
  const shuffled = [2, 0, 4, 1, 3].map((index) => choices[index]).filter((choice) => choice !== undefined);
  return { id, question, description, choices: shuffled };
}

export type ScriptedQuestionnaire = {
  answers: Map<string, string>;
  unanswered(): number;
  responseFor(questionId: string): QuestionResponse;
};

export type ScriptOptions = {
  /** Answers stored before the test starts, by question id. */
  answers?: Record<string, string>;
  /** Overrides the answer to `POST .../answer` (a failure, a delay); undefined keeps the default. */
  answerReply?: (questionId: string, choiceId: string) => Reply | undefined;
  /** Overrides the answer to `GET /me/question` (a failure, a delay); undefined keeps the default. */
  questionReply?: (id: string | null) => Reply | undefined;
};

export function scriptQuestionnaire(
  server: LocalApiServer,
  user: Account,
  questions: ScriptedQuestion[],
  options: ScriptOptions = {},
): ScriptedQuestionnaire {
  const answers = new Map(Object.entries(options.answers ?? {}));
  const unanswered = () => questions.filter((question) => !answers.has(question.id)).length;
  const indexOf = (id: string) => questions.findIndex((question) => question.id === id);
  const responseFor = (questionId: string): QuestionResponse => {
    const index = indexOf(questionId);
    const question = questions[index];
    if (question === undefined) throw new Error(`scriptQuestionnaire: no question ${questionId}`);
    return {
      question,
      next: questions[index + 1]?.id ?? null,
      previous: questions[index - 1]?.id ?? null,
      unanswered_questions: unanswered(),
      answer_choice: answers.get(questionId) ?? null,
    };
  };
  const firstUnanswered = (): ScriptedQuestion | null => questions.find((question) => !answers.has(question.id)) ?? null;

  server.on('GET', '/me/question', (request) => {
    const id = request.query.get('id');
    const scripted = options.questionReply?.(id);
    if (scripted) return scripted;
    if (id !== null) {
      return indexOf(id) === -1 ? { status: 404, body: { message: 'Not found', code: 'not_found' } } : { status: 200, body: responseFor(id) };
    }
    const first = firstUnanswered();
    return first === null ? { status: 204 } : { status: 200, body: responseFor(first.id) };
  });

  for (const question of questions) {
    server.on('POST', `/me/question/${question.id}/answer`, (request) => {
      const body = request.body;
      const choiceId = typeof body === 'object' && body !== null && 'choice_id' in body && typeof body.choice_id === 'string' ? body.choice_id : '';
      const scripted = options.answerReply?.(question.id, choiceId);
      if (scripted) return scripted;
      if (!question.choices.some((choice) => choice.id === choiceId)) {
        return { status: 422, body: { message: 'The provided data is invalid.', errors: { choice_id: ['This answer does not belong to the question.'] } } };
      }
      answers.set(question.id, choiceId);
      if (unanswered() === 0) return { status: 204 };
      // As the real server: the next unanswered question after this one, wrapping round.
      const index = indexOf(question.id);
      const after = [...questions.slice(index + 1), ...questions.slice(0, index)];
      const next = after.find((candidate) => !answers.has(candidate.id));
      return next === undefined ? { status: 204 } : { status: 200, body: responseFor(next.id) };
    });
  }

  // The account follows the answers, as the real server's exact count does.
  const token = `token-of-${user.id}`;
  server.on('GET', '/api/user', (request) => {
    if (request.headers.authorization !== `Bearer ${token}`) return { status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } };
    const left = unanswered();
    return { status: 200, body: { ...user, unanswered_questions: left, env_completed: left === 0, big5_completed: left === 0, values_completed: left === 0 } };
  });

  return { answers, unanswered, responseFor };
}
