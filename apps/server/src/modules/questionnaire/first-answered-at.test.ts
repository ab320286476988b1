import { and, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentAnswers } from '../../db/schema/current-answers.ts';
import { ManualClock } from '../../lib/clock.ts';
import { repoRootDir } from '../../paths.ts';
import { answerAllQuestions, registerRespondent, postAnswer } from '../../../test/questionnaire-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// current_answers.first_answered_at: when the user first answered an item, kept when they change
// the answer (the too-fast flag judges reading time from it), and filled from the history for
// answers given before the column came (migration current_answers_first_answered_at).

const backfillStatement = (() => {
  const file = path.join(repoRootDir, 'apps/server/drizzle/0015_current_answers_first_answered_at.sql');
  const statements = readFileSync(file, 'utf8').split('--> statement-breakpoint');
  const update = statements.find((statement) => /^\s*(--.*\n\s*)*UPDATE/.test(statement));
  if (!update) throw new Error('the migration has no UPDATE statement');
  return update;
})();

describe('when each answer was first given', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-11-22T09:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp({ jobs: false, clock });
  });
  afterAll(async () => {
    await t.close();
  });

  async function answerTimes(userId: string, itemId: string) {
    const [row] = await t.db
      .select({ answeredAt: currentAnswers.answeredAt, firstAnsweredAt: currentAnswers.firstAnsweredAt })
      .from(currentAnswers)
      .where(and(eq(currentAnswers.userId, userId), eq(currentAnswers.itemId, itemId)));
    return row;
  }

  it('keeps the time of the first answer when the answer is changed', async () => {
    const user = await registerRespondent(t);
    const [itemId = ''] = await answerAllQuestions(t, user, { clock, limit: 1 });
    const firstTime = clock.now();

    clock.advanceBy(90_000);
    expect((await postAnswer(t, user, itemId, { choice_id: `${itemId}:5` })).statusCode).toBe(200);

    expect(await answerTimes(user.account.id, itemId)).toEqual({ answeredAt: clock.now(), firstAnsweredAt: firstTime });
  });

  it('fills answers given before the column came with their first history row', async () => {
    const user = await registerRespondent(t);
    const [changed = '', unchanged = ''] = await answerAllQuestions(t, user, { clock, limit: 2 });
    const unchangedTime = clock.now();
    const changedTime = new Date(unchangedTime.getTime() - 6_000);
    clock.advanceBy(60_000);
    await postAnswer(t, user, changed, { choice_id: `${changed}:5` });

    // The database as the migration found it: the column without values. Rolled back afterwards.
    let backfilled: { itemId: string; firstAnsweredAt: Date }[] = [];
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`alter table current_answers alter column first_answered_at drop not null`);
        await tx.execute(sql`update current_answers set first_answered_at = null where user_id = ${user.account.id}`);
        await tx.execute(sql.raw(backfillStatement));
        backfilled = await tx
          .select({ itemId: currentAnswers.itemId, firstAnsweredAt: currentAnswers.firstAnsweredAt })
          .from(currentAnswers)
          .where(eq(currentAnswers.userId, user.account.id));
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });

    expect(new Map(backfilled.map((row) => [row.itemId, row.firstAnsweredAt]))).toEqual(
      new Map([
        [changed, changedTime],
        [unchanged, unchangedTime],
      ]),
    );
  });
});
