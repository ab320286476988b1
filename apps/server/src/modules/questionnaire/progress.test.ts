import { loadBanks } from '@app/assessments/load-banks';
import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessmentResults } from '../../db/schema/assessment-results.ts';
import { currentAnswers } from '../../db/schema/current-answers.ts';
import { questionAnswers } from '../../db/schema/question-answers.ts';
import { questionnaireProgress } from '../../db/schema/questionnaire-progress.ts';
import { questionnaireTotals } from '../../db/schema/questionnaire-totals.ts';
import { users } from '../../db/schema/users.ts';
import { systemClock } from '../../lib/clock.ts';
import { UnauthenticatedError } from '../../lib/domain-errors.ts';
import { repoRootDir } from '../../paths.ts';
import { answerAllQuestions, restartWithBanks, registerRespondent, postAnswer, questionOf, requestQuestion } from '../../../test/questionnaire-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { currentAccount } from '../../../test/user-fixtures.ts';
import { scoringStateOf, storeAnswerWithResult, type AnswerWrite } from './answer-store.ts';
import { syncConfiguredQuestionnaire } from './catalogue-sync.ts';
import { questionnaireStatusFrom, questionnaireStatusOf } from './questionnaire-status.ts';
import { createQuestionnaireService, loadQuestionSequence } from './service.ts';

// The counters behind the account object's questionnaire fields (questionnaire_totals and each
// user's questionnaire_progress): kept by every answer and by the start-up sync, and always equal
// to what counting the answers gives.

const banks = loadBanks();
const sequenceIds = [...banks.environment.items, ...banks.big5.items, ...banks.values.items].map((item) => item.id);
const totalQuestions = sequenceIds.length;
const environmentIds = banks.environment.items.map((item) => item.id);

/** `unanswered_questions` counted from the answers themselves: the definition the counters must match. */
async function countedUnanswered(t: TestApp, userId: string): Promise<number> {
  const result = await t.db.execute<{ unanswered: number }>(sql`
    select count(*)::int as unanswered from questionnaire_items qi
    where qi.retired_at is null
      and not exists (select 1 from current_answers ca where ca.user_id = ${userId} and ca.item_id = qi.id)`);
  return result.rows[0]?.unanswered ?? Number.NaN;
}

async function progressRow(t: TestApp, userId: string) {
  const [row] = await t.db.select().from(questionnaireProgress).where(eq(questionnaireProgress.userId, userId));
  return row;
}

async function resultComputedAt(t: TestApp, userId: string): Promise<Date | undefined> {
  const [row] = await t.db.select({ computedAt: assessmentResults.computedAt }).from(assessmentResults).where(eq(assessmentResults.userId, userId));
  return row?.computedAt;
}

async function historyLength(t: TestApp, userId: string): Promise<number> {
  return (await t.db.select({ id: questionAnswers.id }).from(questionAnswers).where(eq(questionAnswers.userId, userId))).length;
}

async function activeItems(t: TestApp): Promise<number | undefined> {
  const [row] = await t.db.select().from(questionnaireTotals);
  return row?.activeItems;
}

describe('questionnaireStatusFrom', () => {
  it('counts every question as unanswered before the first answer', () => {
    expect(questionnaireStatusFrom(130, null)).toEqual({ unansweredQuestions: 130, envCompleted: false, big5Completed: false, valuesCompleted: false });
  });

  it('reports the answered questions and the sets with a result', () => {
    expect(questionnaireStatusFrom(130, { answeredItems: 100, completed: ['environment', 'big5'] })).toEqual({
      unansweredQuestions: 30,
      envCompleted: true,
      big5Completed: true,
      valuesCompleted: false,
    });
    expect(questionnaireStatusFrom(130, { answeredItems: 130, completed: ['values'] })).toMatchObject({ unansweredQuestions: 0, envCompleted: false, valuesCompleted: true });
  });

  it('never reports a negative count', () => {
    expect(questionnaireStatusFrom(20, { answeredItems: 25, completed: [] }).unansweredQuestions).toBe(0);
  });
});

describe('questionnaire progress kept by the answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false });
  });
  afterAll(async () => {
    await t.close();
  });


  it('mirrors the shipped banks in the totals row', async () => {
    expect(await activeItems(t)).toBe(totalQuestions);
  });

  it('has no progress row before the first answer, and creates it with the first answer', async () => {
    const user = await registerRespondent(t);
    expect(await progressRow(t, user.account.id)).toBeUndefined();
    expect(await questionnaireStatusOf(t.db, user.account.id)).toMatchObject({ unansweredQuestions: totalQuestions });

    await postAnswer(t, user, environmentIds[0] ?? '', { choice_id: `${environmentIds[0]}:3` });

    expect(await progressRow(t, user.account.id)).toMatchObject({ answeredItems: 1, completed: [] });
    expect((await currentAccount(t, user.authHeaders)).unanswered_questions).toBe(totalQuestions - 1);
  });

  it('counts a revised or repeated answer once', async () => {
    const user = await registerRespondent(t);
    const [first, second, third] = environmentIds as [string, string, string];
    await postAnswer(t, user, first, { choice_id: `${first}:2` });
    await postAnswer(t, user, second, { choice_id: `${second}:2` });
    await postAnswer(t, user, third, { choice_id: `${third}:2` });

    const revised = questionOf(await postAnswer(t, user, first, { choice_id: `${first}:5` }));
    await postAnswer(t, user, second, { choice_id: `${second}:2` });

    expect(await progressRow(t, user.account.id)).toMatchObject({ answeredItems: 3 });
    expect(revised?.unanswered_questions).toBe(totalQuestions - 3);
    expect((await currentAccount(t, user.authHeaders)).unanswered_questions).toBe(totalQuestions - 3);
    expect(await countedUnanswered(t, user.account.id)).toBe(totalQuestions - 3);
  });

  it('lists a set as completed in the transaction that stores its result', async () => {
    const user = await registerRespondent(t);

    await answerAllQuestions(t, user, { limit: environmentIds.length - 1 });
    expect(await progressRow(t, user.account.id)).toMatchObject({ answeredItems: environmentIds.length - 1, completed: [] });

    await answerAllQuestions(t, user, { limit: 1 });
    const results = await t.db.select({ assessment: assessmentResults.assessment }).from(assessmentResults).where(eq(assessmentResults.userId, user.account.id));
    expect(results).toEqual([{ assessment: 'environment' }]);
    expect(await progressRow(t, user.account.id)).toMatchObject({ answeredItems: environmentIds.length, completed: ['environment'] });

    // A revision rescores the set; it stays listed once.
    const last = environmentIds.at(-1) ?? '';
    await postAnswer(t, user, last, { choice_id: `${last}:1` });
    await postAnswer(t, user, last, { choice_id: `${last}:4` });
    expect(await progressRow(t, user.account.id)).toMatchObject({ answeredItems: environmentIds.length, completed: ['environment'] });

    // The same choice again changes nothing: no history row, no rescoring.
    const scoredAt = await resultComputedAt(t, user.account.id);
    const historyBefore = await historyLength(t, user.account.id);
    const repeated = questionOf(await postAnswer(t, user, last, { choice_id: `${last}:4` }));
    expect(repeated?.question.id).toBe(sequenceIds[environmentIds.length]);
    expect(await resultComputedAt(t, user.account.id)).toEqual(scoredAt);
    expect(await historyLength(t, user.account.id)).toBe(historyBefore);
  });

  it('marks the answered questions in sequence order in the progress row', async () => {
    const user = await registerRespondent(t);
    const picked = [0, 1, 5, environmentIds.length, totalQuestions - 1];

    for (const position of picked) {
      const id = sequenceIds[position] ?? '';
      await postAnswer(t, user, id, { choice_id: `${id}:2` });
    }

    const expected = sequenceIds.map((_, position) => (picked.includes(position) ? '1' : '0')).join('');
    expect(await progressRow(t, user.account.id)).toMatchObject({ answeredItems: picked.length, answeredPositions: expected });
    // The first unanswered question, and the next one after an answer, come from those bits.
    expect(questionOf(await requestQuestion(t, user))?.question.id).toBe(sequenceIds[2]);
    expect(questionOf(await postAnswer(t, user, sequenceIds[4] ?? '', { choice_id: `${sequenceIds[4]}:1` }))?.question.id).toBe(sequenceIds[6]);
  });

  it('counts answers of one user posted at the same moment exactly', async () => {
    const user = await registerRespondent(t);
    const firstTen = sequenceIds.slice(0, 10);

    const responses = await Promise.all([...firstTen, ...firstTen.slice(0, 3)].map((id, index) => postAnswer(t, user, id, { choice_id: `${id}:${(index % 4) + 1}` })));

    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    expect(await progressRow(t, user.account.id)).toMatchObject({ answeredItems: 10 });
    expect(await countedUnanswered(t, user.account.id)).toBe(totalQuestions - 10);
  });

  it("stores a set's last answer with its result only if no other answer of the same user came in between", async () => {
    const user = await registerRespondent(t);
    await answerAllQuestions(t, user, { limit: environmentIds.length - 1 });
    const sequence = loadQuestionSequence(undefined);
    const lastId = environmentIds.at(-1) ?? '';
    const last = sequence.byId.get(lastId);
    if (!last) throw new Error('no last environment question');
    const { start, size } = sequence.rangeOf('environment');
    const write: AnswerWrite = {
      userId: user.account.id,
      itemId: lastId,
      assessment: 'environment',
      itemVersion: last.item.version,
      value: 3,
      answeredAt: new Date(),
      position: last.position,
      sequenceLength: sequence.questions.length,
      setStart: start,
      setSize: size,
    };
    const result = { scores: { scoring_version: 'test' }, flags: [], scoringVersion: 'test' };
    const seen = await scoringStateOf(t.pool, user.account.id, 'environment');
    expect(seen.answers.size).toBe(environmentIds.length - 1);

    // A revision from another tab lands between the read and the write.
    const firstId = environmentIds[0] ?? '';
    expect((await postAnswer(t, user, firstId, { choice_id: `${firstId}:5` })).statusCode).toBe(200);
    expect(await storeAnswerWithResult(t.pool, write, seen.version, result)).toBeUndefined();
    expect(await progressRow(t, user.account.id)).toMatchObject({ answeredItems: environmentIds.length - 1, completed: [] });
    expect(await resultComputedAt(t, user.account.id)).toBeUndefined();

    const fresh = await scoringStateOf(t.pool, user.account.id, 'environment');
    const stored = await storeAnswerWithResult(t.pool, write, fresh.version, result);
    expect(stored?.progress).toEqual({ answeredItems: environmentIds.length, completed: ['environment'] });
    expect(await resultComputedAt(t, user.account.id)).toEqual(write.answeredAt);
  });

  it('treats an answer of an account deleted meanwhile as signed out, writing nothing', async () => {
    const service = createQuestionnaireService(loadQuestionSequence(undefined), { db: t.db, pool: t.pool, clock: systemClock });
    const gone = { id: randomUUID(), locale: 'en', signupCompleted: true };
    const [first] = environmentIds as [string];

    await expect(service.answer(gone, first, `${first}:3`)).rejects.toBeInstanceOf(UnauthenticatedError);
    expect(await progressRow(t, gone.id)).toBeUndefined();
    expect(await historyLength(t, gone.id)).toBe(0);
  });

  it('deletes the progress row, the current answers and their history with the user, and no one else’s', async () => {
    const user = await registerRespondent(t);
    const other = await registerRespondent(t);
    await answerAllQuestions(t, user, { limit: 2 });
    await answerAllQuestions(t, other, { limit: 1 });
    const firstId = environmentIds[0] ?? '';
    expect((await postAnswer(t, user, firstId, { choice_id: `${firstId}:5` })).statusCode).toBe(200);
    expect(await progressRow(t, user.account.id)).toBeDefined();
    expect(await historyLength(t, user.account.id)).toBe(3);

    await t.db.delete(users).where(eq(users.id, user.account.id));

    expect(await progressRow(t, user.account.id)).toBeUndefined();
    expect(await historyLength(t, user.account.id)).toBe(0);
    expect(await t.db.select().from(currentAnswers).where(eq(currentAnswers.userId, user.account.id))).toEqual([]);
    expect(await historyLength(t, other.account.id)).toBe(1);
  });

  it('refuses an answer of an account deleted while it was being written, leaving no answer behind', async () => {
    const user = await registerRespondent(t);
    await answerAllQuestions(t, user, { limit: 1 });
    const secondId = environmentIds[1] ?? '';
    const [answered] = await Promise.all([
      postAnswer(t, user, secondId, { choice_id: `${secondId}:2` }),
      t.db.delete(users).where(eq(users.id, user.account.id)),
    ]);
    expect([200, 401]).toContain(answered.statusCode);
    expect(await historyLength(t, user.account.id)).toBe(0);
    expect(await t.db.select().from(currentAnswers).where(eq(currentAnswers.userId, user.account.id))).toEqual([]);
  });
});

describe('questionnaire progress kept by the start-up sync', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false });
    dir = mkdtempSync(path.join(tmpdir(), 'banks-progress-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });


  it('backfills every user on the first start after the counters came (no totals row yet)', async () => {
    const partly = await registerRespondent(t);
    const finished = await registerRespondent(t);
    await answerAllQuestions(t, partly, { limit: 7 });
    await answerAllQuestions(t, finished, { limit: environmentIds.length + 3 });
    const before = [await progressRow(t, partly.account.id), await progressRow(t, finished.account.id)];
    // A database migrated to the counters already holds answers, and no counter yet (deleted
    // here with the table's triggers off, since deleting a progress row deletes its answers; as
    // the table's owner, not a superuser, as on CI's external PostgreSQL).
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table questionnaire_progress disable trigger user`);
      await tx.delete(questionnaireProgress);
      await tx.execute(sql`alter table questionnaire_progress enable trigger user`);
    });
    await t.db.delete(questionnaireTotals);

    await syncConfiguredQuestionnaire(t.db, undefined, new Date());

    expect(await activeItems(t)).toBe(totalQuestions);
    expect(await progressRow(t, partly.account.id)).toMatchObject({ answeredItems: 7, completed: [] });
    expect(await progressRow(t, finished.account.id)).toMatchObject({ answeredItems: environmentIds.length + 3, completed: ['environment'] });
    expect([await progressRow(t, partly.account.id), await progressRow(t, finished.account.id)].map((row) => row?.answeredItems)).toEqual(before.map((row) => row?.answeredItems));
    expect((await currentAccount(t, finished.authHeaders)).unanswered_questions).toBe(totalQuestions - environmentIds.length - 3);
  });

  it('writes nothing when a start finds the same banks mirrored', async () => {
    const user = await registerRespondent(t);
    await answerAllQuestions(t, user, { limit: 4 });
    // A counter off by one would survive a start that did not recount: proof that none happened.
    await t.db.update(questionnaireProgress).set({ answeredItems: 5 }).where(eq(questionnaireProgress.userId, user.account.id));

    await syncConfiguredQuestionnaire(t.db, undefined, new Date());

    expect(await progressRow(t, user.account.id)).toMatchObject({ answeredItems: 5 });
    await t.db.update(questionnaireProgress).set({ answeredItems: 4 }).where(eq(questionnaireProgress.userId, user.account.id));
  });

  it('recounts everyone when the banks change: a retired question stops counting, a new one waits for an answer', async () => {
    const [retiredId, keptId] = environmentIds as [string, string];
    const addedId = `${retiredId}-revised`;
    type BankFile = { items: { id: string }[] } & Record<string, unknown>;
    const shipped = JSON.parse(readFileSync(path.join(repoRootDir, 'packages/assessments/banks/environment.json'), 'utf8')) as BankFile;
    const replacement = { ...shipped, version: 'test-revised', items: shipped.items.map((item) => (item.id === retiredId ? { ...item, id: addedId } : item)) };
    writeFileSync(path.join(dir, 'environment.json'), JSON.stringify(replacement));
    const user = await registerRespondent(t);
    const other = await registerRespondent(t);
    await postAnswer(t, user, retiredId, { choice_id: `${retiredId}:4` });
    await postAnswer(t, user, keptId, { choice_id: `${keptId}:4` });
    await postAnswer(t, other, keptId, { choice_id: `${keptId}:1` });

    // The operator restarts with the replacement bank (same database, same question count).
    const restarted = await restartWithBanks(t, dir);
    try {
      expect(await activeItems(t)).toBe(totalQuestions);
      expect(await progressRow(t, user.account.id)).toMatchObject({ answeredItems: 1 });
      expect((await currentAccount(restarted, user.authHeaders)).unanswered_questions).toBe(totalQuestions - 1);
      expect(await countedUnanswered(t, user.account.id)).toBe(totalQuestions - 1);
      expect(await progressRow(t, other.account.id)).toMatchObject({ answeredItems: 1 });
      // Same places, new first question: only the kept answer's bit is set, and the new question comes first.
      expect((await progressRow(t, user.account.id))?.answeredPositions).toBe(`01${'0'.repeat(totalQuestions - 2)}`);
      expect(questionOf(await requestQuestion(restarted, user))?.question.id).toBe(addedId);

      // The new question counts once answered.
      const next = questionOf(await postAnswer(restarted, user, addedId, { choice_id: `${addedId}:2` }));
      expect(next?.unanswered_questions).toBe(totalQuestions - 2);
      expect(await progressRow(t, user.account.id)).toMatchObject({ answeredItems: 2 });
    } finally {
      await restarted.app.close();
    }

    // Back to the shipped banks: the old question counts again (its answer was kept), the new one no longer.
    await syncConfiguredQuestionnaire(t.db, undefined, new Date());
    expect(await progressRow(t, user.account.id)).toMatchObject({ answeredItems: 2 });
    expect(await countedUnanswered(t, user.account.id)).toBe(totalQuestions - 2);
    expect((await currentAccount(t, user.authHeaders)).unanswered_questions).toBe(totalQuestions - 2);
  });

  it('recounts with a smaller bank, keeping results in completed', async () => {
    const [first] = environmentIds as [string];
    type BankFile = { items: { id: string; scale: string }[] } & Record<string, unknown>;
    const shipped = JSON.parse(readFileSync(path.join(repoRootDir, 'packages/assessments/banks/environment.json'), 'utf8')) as BankFile;
    const kept = new Map<string, number>();
    const items = shipped.items.filter((item) => {
      const count = kept.get(item.scale) ?? 0;
      kept.set(item.scale, count + 1);
      return count < 2;
    });
    writeFileSync(path.join(dir, 'environment.json'), JSON.stringify({ ...shipped, version: 'test-small', items_per_scale: 2, items }));
    const user = await registerRespondent(t);
    await answerAllQuestions(t, user, { limit: environmentIds.length });
    const keptIds = new Set(items.map((item) => item.id));
    expect(keptIds.has(first)).toBe(true);

    await syncConfiguredQuestionnaire(t.db, dir, new Date());

    const smallerTotal = totalQuestions - environmentIds.length + items.length;
    expect(await activeItems(t)).toBe(smallerTotal);
    expect(await progressRow(t, user.account.id)).toMatchObject({ answeredItems: items.length, completed: ['environment'] });
    expect(await countedUnanswered(t, user.account.id)).toBe(smallerTotal - items.length);

    await syncConfiguredQuestionnaire(t.db, undefined, new Date());
    expect(await activeItems(t)).toBe(totalQuestions);
    expect(await progressRow(t, user.account.id)).toMatchObject({ answeredItems: environmentIds.length });
  });
});
