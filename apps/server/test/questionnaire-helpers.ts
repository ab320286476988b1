import { accountApiPaths, assessmentApiPaths } from '@app/contract/api-paths';
import type { BirthDetailsRequest } from '@app/contract/birth-details';
import { questionResponse, type QuestionResponse } from '@app/contract/questionnaire';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { ManualClock } from '../src/lib/clock.ts';
import { syncConfiguredQuestionnaire } from '../src/modules/questionnaire/public.ts';
import { registerUser, type RegisteredUser } from './auth-helpers.ts';
import { fixtureWebDistDir, type TestApp } from './test-app.ts';

// The questionnaire through its HTTP calls (spec section 7), for any test that needs a user with
// some or all questions answered.

export const sampleBirthDetails: BirthDetailsRequest = {
  birth_date: '1988-03-09',
  birth_time: '07:45:00',
  birth_city: 'Porto',
  birth_country: 'Portugal',
  country_code: 'PT',
  latitude: 41.14961,
  longitude: -8.61099,
  timezone: 'Europe/Lisbon',
};

/** Saves birth details (the signup-data step), after which questions are served. */
export async function completeSignupData(t: TestApp, user: RegisteredUser): Promise<void> {
  const response = await t.app.inject({ method: 'PUT', url: accountApiPaths.birthDetails, headers: user.headersWithCsrf, payload: sampleBirthDetails });
  if (response.statusCode !== 200) throw new Error(`saving birth details answered ${response.statusCode}: ${response.body}`);
}

/** A new account with birth details saved: the questionnaire is served to it. */
export async function registerRespondent(t: TestApp): Promise<RegisteredUser> {
  const user = await registerUser(t);
  await completeSignupData(t, user);
  return user;
}

/** GET /me/question (optionally ?id=); the raw response, for status checks. */
export function requestQuestion(t: TestApp, user: RegisteredUser, id?: string) {
  return t.app.inject({ method: 'GET', url: assessmentApiPaths.question, query: id === undefined ? {} : { id }, headers: user.authHeaders });
}

/** POST /me/question/{id}/answer; the raw response. */
export function postAnswer(t: TestApp, user: RegisteredUser, questionId: string, body: unknown) {
  return t.app.inject({ method: 'POST', url: assessmentApiPaths.answer(questionId), headers: user.headersWithCsrf, payload: body as object });
}

/** The question object of a 200 response, or null for a 204; throws on anything else. */
export function questionOf(response: { statusCode: number; body: string; json: () => unknown }): QuestionResponse | null {
  if (response.statusCode === 204) return null;
  if (response.statusCode !== 200) throw new Error(`questionnaire call answered ${response.statusCode}: ${response.body}`);
  return questionResponse.parse(response.json());
}

/** Chooses a choice id for a question; `index` counts the answers given by this run, from 0. */
export type ChoicePicker = (question: QuestionResponse, index: number) => string;

/** Walks round the choices, so no long identical runs (straight-lining) appear by accident. */
export const rotatingPick: ChoicePicker = (question, index) => {
  const choices = question.question.choices;
  const choice = choices[index % choices.length];
  if (!choice) throw new Error(`question ${question.question.id} has no choices`);
  return choice.id;
};

/** Picks the choice whose `order` is given (1 = first listed). */
export function pickOrder(order: number): ChoicePicker {
  return (question) => {
    const choice = question.question.choices.find((candidate) => candidate.order === order);
    if (!choice) throw new Error(`question ${question.question.id} has no choice of order ${order}`);
    return choice.id;
  };
}

export interface AnswerRunOptions {
  pick?: ChoicePicker;
  /** Stop after this many answers (default: until the server answers 204). */
  limit?: number;
  /** Moved forward by `secondsPerAnswer` before each answer, so answer times look human. */
  clock?: ManualClock;
  secondsPerAnswer?: number;
}

/**
 * Answers questions the way the overlay does: the first unanswered question, then whatever each
 * answer returns as the next one, until 204 (or `limit`). Returns the ids answered, in order.
 */
export async function answerAllQuestions(t: TestApp, user: RegisteredUser, options: AnswerRunOptions = {}): Promise<string[]> {
  const pick = options.pick ?? rotatingPick;
  const answered: string[] = [];
  let question = questionOf(await requestQuestion(t, user));
  while (question && (options.limit === undefined || answered.length < options.limit)) {
    options.clock?.advanceBy((options.secondsPerAnswer ?? 6) * 1000);
    const response = await postAnswer(t, user, question.question.id, { choice_id: pick(question, answered.length) });
    answered.push(question.question.id);
    question = questionOf(response);
  }
  return answered;
}

/**
 * What an operator's restart with replacement banks (ASSESSMENT_BANKS_DIR) does on the same
 * database: the start-up sync, then an app loading those banks. Close `restarted.app` afterwards.
 */
export async function restartWithBanks(t: TestApp, banksDir: string): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: fixtureWebDistDir, ASSESSMENT_BANKS_DIR: banksDir });
  await syncConfiguredQuestionnaire(t.db, config.assessmentBanksDir, new Date());
  const app = buildApp(config, { db: t.db, pool: t.pool });
  await app.ready();
  return { ...t, config, app };
}
