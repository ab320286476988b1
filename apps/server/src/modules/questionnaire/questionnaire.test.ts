import { bankChoices, loadBanks } from '@app/assessments/load-banks';
import { assessmentApiPaths } from '@app/contract/api-paths';
import { errorBody, validationErrorBody } from '@app/contract/errors';
import { validationMessages } from '@app/contract/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentAnswers } from '../../db/schema/current-answers.ts';
import { questionAnswers } from '../../db/schema/question-answers.ts';
import { users } from '../../db/schema/users.ts';
import { registerUser } from '../../../test/auth-helpers.ts';
import { answerAllQuestions, registerRespondent, pickOrder, postAnswer, questionOf, requestQuestion } from '../../../test/questionnaire-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { currentAccount } from '../../../test/user-fixtures.ts';
import { questionnaireMessages } from './service.ts';

// The shipped banks, read the way the server reads them: the expected texts and counts.
const banks = loadBanks();
const sequenceIds = [...banks.environment.items, ...banks.big5.items, ...banks.values.items].map((item) => item.id);
const totalQuestions = sequenceIds.length;
const [firstId, secondId, thirdId] = sequenceIds as [string, string, string];

describe('the questionnaire (GET /me/question, POST /me/question/{id}/answer)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false });
  });
  afterAll(async () => {
    await t.close();
  });


  it('requires a login for every call', async () => {
    const csrf = await t.csrf();
    const calls = [
      t.app.inject({ method: 'GET', url: assessmentApiPaths.question }),
      t.app.inject({ method: 'POST', url: assessmentApiPaths.answer(firstId), headers: csrf.headers, payload: { choice_id: `${firstId}:1` } }),
      t.app.inject({ method: 'GET', url: assessmentApiPaths.results }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(errorBody.parse(response.json()).code).toBe('unauthenticated');
    }
  });

  it('serves no question before the birth-data step, and counts none as waiting', async () => {
    const user = await registerUser(t);

    const question = await requestQuestion(t, user);
    const answer = await postAnswer(t, user, firstId, { choice_id: `${firstId}:3` });

    for (const response of [question, answer]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'forbidden', message: questionnaireMessages.birthDetailsRequired });
    }
    expect(await currentAccount(t, user.authHeaders)).toMatchObject({ signup_completed: false, unanswered_questions: 0, env_completed: false, big5_completed: false });
  });

  it('counts every question as unanswered once the birth details are saved', async () => {
    const user = await registerRespondent(t);

    expect(await currentAccount(t, user.authHeaders)).toMatchObject({ signup_completed: true, unanswered_questions: totalQuestions, env_completed: false, big5_completed: false });
    expect(totalQuestions).toBe(130);
  });

  it('starts with the first environment question, its choices sorted by order', async () => {
    const user = await registerRespondent(t);

    const question = questionOf(await requestQuestion(t, user));

    const item = banks.environment.items[0];
    expect(question).toEqual({
      question: {
        id: firstId,
        question: item?.text.en,
        description: item?.description?.en ?? null,
        choices: bankChoices(banks.environment).map((choice) => ({ id: `${firstId}:${choice.value}`, answer: choice.label.en, order: choice.order })),
      },
      next: secondId,
      previous: null,
      unanswered_questions: totalQuestions,
      answer_choice: null,
    });
    const orders = question?.question.choices.map((choice) => choice.order) ?? [];
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('returns the question asked for by id, with next and previous across the sets', async () => {
    const user = await registerRespondent(t);
    const lastEnvironment = banks.environment.items.at(-1)?.id;
    const firstBig5 = banks.big5.items[0]?.id;

    const question = questionOf(await requestQuestion(t, user, firstBig5));

    expect(question).toMatchObject({ question: { id: firstBig5, question: banks.big5.items[0]?.text.en }, previous: lastEnvironment, next: banks.big5.items[1]?.id });
    expect(question?.question.choices.map((choice) => choice.answer)).toEqual(bankChoices(banks.big5).map((choice) => choice.label.en));
    const last = questionOf(await requestQuestion(t, user, sequenceIds.at(-1)));
    expect(last?.next).toBeNull();
  });

  it('answers 404 for a question that does not exist, on GET and POST', async () => {
    const user = await registerRespondent(t);

    const read = await requestQuestion(t, user, 'no-such-item');
    const answer = await postAnswer(t, user, 'no-such-item', { choice_id: 'no-such-item:1' });

    for (const response of [read, answer]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', message: questionnaireMessages.unknownQuestion });
    }
  });

  it('stores an answer and moves on to the next question, one fewer left', async () => {
    const user = await registerRespondent(t);

    const next = questionOf(await postAnswer(t, user, firstId, { choice_id: `${firstId}:4` }));

    expect(next).toMatchObject({ question: { id: secondId }, previous: firstId, unanswered_questions: totalQuestions - 1, answer_choice: null });
    expect((await currentAccount(t, user.authHeaders)).unanswered_questions).toBe(totalQuestions - 1);
    expect(questionOf(await requestQuestion(t, user, firstId))?.answer_choice).toBe(`${firstId}:4`);
    // Without an id, the first unanswered question.
    expect(questionOf(await requestQuestion(t, user))?.question.id).toBe(secondId);
  });

  it("refuses a missing or empty choice with the spec's message", async () => {
    const user = await registerRespondent(t);

    for (const body of [{}, { choice_id: '' }]) {
      const response = await postAnswer(t, user, firstId, body);
      expect(response.statusCode).toBe(422);
      expect(validationErrorBody.parse(response.json()).errors).toEqual({ choice_id: [validationMessages.selectAnswer] });
    }
    expect(validationMessages.selectAnswer).toBe('Please select an answer.');
  });

  it('refuses a choice of another question, or no choice of this one, on choice_id', async () => {
    const user = await registerRespondent(t);

    for (const choiceId of [`${secondId}:3`, `${firstId}:99`, `${firstId}:`, 'three']) {
      const response = await postAnswer(t, user, firstId, { choice_id: choiceId });
      expect(response.statusCode).toBe(422);
      expect(validationErrorBody.parse(response.json()).errors).toEqual({ choice_id: [questionnaireMessages.choiceOfAnotherQuestion] });
    }
    expect((await currentAccount(t, user.authHeaders)).unanswered_questions).toBe(totalQuestions);
  });

  it('keeps every change of an answer in the history, and only the latest as the current answer', async () => {
    const user = await registerRespondent(t);
    await postAnswer(t, user, firstId, { choice_id: `${firstId}:2` });
    await postAnswer(t, user, secondId, { choice_id: `${secondId}:2` });

    // Revising the first answer goes on to the first unanswered question after it.
    const afterRevision = questionOf(await postAnswer(t, user, firstId, { choice_id: `${firstId}:5` }));
    // Giving the same choice again is not a change.
    await postAnswer(t, user, firstId, { choice_id: `${firstId}:5` });

    expect(afterRevision).toMatchObject({ question: { id: thirdId }, unanswered_questions: totalQuestions - 2 });
    expect(questionOf(await requestQuestion(t, user, firstId))?.answer_choice).toBe(`${firstId}:5`);
    const history = await t.db
      .select({ value: questionAnswers.choiceValue })
      .from(questionAnswers)
      .where(and(eq(questionAnswers.userId, user.account.id), eq(questionAnswers.itemId, firstId)))
      .orderBy(questionAnswers.id);
    expect(history.map((row) => row.value)).toEqual([2, 5]);
    const current = await t.db.select().from(currentAnswers).where(eq(currentAnswers.userId, user.account.id));
    expect(current).toHaveLength(2);
    expect((await currentAccount(t, user.authHeaders)).unanswered_questions).toBe(totalQuestions - 2);
  });

  it('goes back to an earlier unanswered question when none is left after the one answered', async () => {
    const user = await registerRespondent(t);
    const lastId = sequenceIds.at(-1) ?? '';

    const next = questionOf(await postAnswer(t, user, lastId, { choice_id: `${lastId}:1` }));

    expect(next?.question.id).toBe(firstId);
  });

  it('runs through all three sets, setting each flag exactly when its set completes, then answers 204', async () => {
    const user = await registerRespondent(t);
    const envCount = banks.environment.items.length;
    const big5Count = banks.big5.items.length;

    await answerAllQuestions(t, user, { limit: envCount - 1 });
    expect(await currentAccount(t, user.authHeaders)).toMatchObject({ env_completed: false, big5_completed: false, unanswered_questions: totalQuestions - envCount + 1 });

    await answerAllQuestions(t, user, { limit: 1 });
    expect(await currentAccount(t, user.authHeaders)).toMatchObject({ env_completed: true, big5_completed: false, unanswered_questions: totalQuestions - envCount });

    await answerAllQuestions(t, user, { limit: big5Count - 1 });
    expect(await currentAccount(t, user.authHeaders)).toMatchObject({ env_completed: true, big5_completed: false, unanswered_questions: totalQuestions - envCount - big5Count + 1 });

    await answerAllQuestions(t, user, { limit: 1 });
    expect(await currentAccount(t, user.authHeaders)).toMatchObject({ env_completed: true, big5_completed: true, unanswered_questions: banks.values.items.length });

    const lastOfValues = await answerAllQuestions(t, user);
    expect(lastOfValues).toHaveLength(banks.values.items.length);
    expect(await currentAccount(t, user.authHeaders)).toMatchObject({ env_completed: true, big5_completed: true, unanswered_questions: 0 });

    const end = await requestQuestion(t, user);
    expect(end.statusCode).toBe(204);
    expect(end.body).toBe('');
    // Every question stays readable, with the answer given.
    const first = questionOf(await requestQuestion(t, user, firstId));
    expect(first).toMatchObject({ unanswered_questions: 0, answer_choice: expect.stringMatching(new RegExp(`^${firstId}:\\d$`)) });
    // Changing an answer when nothing is left answers 204 as well.
    const revision = await postAnswer(t, user, firstId, { choice_id: `${firstId}:1` });
    expect(revision.statusCode).toBe(204);
    expect(revision.body).toBe('');
  });

  it("keeps each user's answers to themselves", async () => {
    const ada = await registerRespondent(t);
    const bob = await registerRespondent(t);
    await answerAllQuestions(t, ada, { limit: 3, pick: pickOrder(5) });

    // Bob's view is his own: nothing answered, the first question first.
    expect(questionOf(await requestQuestion(t, bob))).toMatchObject({ question: { id: firstId }, unanswered_questions: totalQuestions, answer_choice: null });
    expect(questionOf(await requestQuestion(t, bob, firstId))?.answer_choice).toBeNull();
    // His answer lands on his account, whoever else answered that question.
    await postAnswer(t, bob, firstId, { choice_id: `${firstId}:1` });
    expect(questionOf(await requestQuestion(t, ada, firstId))?.answer_choice).toBe(`${firstId}:5`);
    expect((await currentAccount(t, ada.authHeaders)).unanswered_questions).toBe(totalQuestions - 3);
    expect((await currentAccount(t, bob.authHeaders)).unanswered_questions).toBe(totalQuestions - 1);
  });

  it('asks in the user’s locale, falling back to English for a locale the banks lack', async () => {
    const user = await registerRespondent(t);
    await t.db.update(users).set({ locale: 'fr' }).where(eq(users.id, user.account.id));

    const question = questionOf(await requestQuestion(t, user));

    expect(question?.question.question).toBe(banks.environment.items[0]?.text.en);
  });

  it('counts answers posted at the same moment exactly, and completes the set once', async () => {
    const user = await registerRespondent(t);
    const envIds = banks.environment.items.map((item) => item.id);
    await answerAllQuestions(t, user, { limit: envIds.length - 6 });

    // The last six environment answers at once, two of them twice (a double click).
    const lastSix = envIds.slice(-6);
    const responses = await Promise.all([...lastSix, lastSix[0] ?? '', lastSix[1] ?? ''].map((id) => postAnswer(t, user, id, { choice_id: `${id}:2` })));

    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    expect(await currentAccount(t, user.authHeaders)).toMatchObject({ env_completed: true, unanswered_questions: totalQuestions - envIds.length });
    const history = await t.db.select().from(questionAnswers).where(eq(questionAnswers.userId, user.account.id));
    expect(history).toHaveLength(envIds.length);
  });
});
