import { BankLoadError, loadBanks } from '@app/assessments/load-banks';
import { eq } from 'drizzle-orm';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { repoRootDir } from '../../paths.ts';
import { registerUser } from '../../../test/auth-helpers.ts';
import { answerAllQuestions, restartWithBanks, completeSignupData, questionOf, requestQuestion } from '../../../test/questionnaire-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { currentAccount } from '../../../test/user-fixtures.ts';
import { loadQuestionSequence } from './service.ts';

type Json = Record<string, unknown>;
const shippedEnvironment = JSON.parse(readFileSync(path.join(repoRootDir, 'packages/assessments/banks/environment.json'), 'utf8')) as Json;

/** Adds a German text beside every English one. */
function withGerman(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withGerman);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Json).map(([key, inner]) => [key, withGerman(inner)] as const);
  const object = Object.fromEntries(entries) as Json;
  if (typeof object.en === 'string' && Object.keys(object).length === 1) object.de = `DE ${object.en}`;
  return object;
}

/** The shipped environment bank, in English and German, with two items per scale instead of four. */
function smallerGermanEnvironment(): Json {
  const bank = withGerman(shippedEnvironment) as Json & { items: { scale: string }[] };
  const kept = new Map<string, number>();
  const items = bank.items.filter((item) => {
    const count = kept.get(item.scale) ?? 0;
    kept.set(item.scale, count + 1);
    return count < 2;
  });
  return { ...bank, version: 'test-2', locales: ['en', 'de'], items_per_scale: 2, items };
}

describe('ASSESSMENT_BANKS_DIR', () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'banks-'));
    writeFileSync(path.join(dir, 'environment.json'), JSON.stringify(smallerGermanEnvironment()));
    t = await createTestApp({ jobs: false });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops the start-up on a bank that breaks the rules, naming the file', () => {
    const broken = mkdtempSync(path.join(tmpdir(), 'banks-broken-'));
    try {
      writeFileSync(path.join(broken, 'big5.json'), JSON.stringify({ id: 'big5', items: [] }));
      expect(() => loadQuestionSequence(broken)).toThrow(BankLoadError);
      expect(() => loadQuestionSequence(broken)).toThrow(/big5\.json/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it("replaces a shipped bank: questions in the user's locale, counts from the replacement", async () => {
    const user = await registerUser(t);
    await completeSignupData(t, user);
    // Answered under the shipped banks: five environment questions.
    const answered = await answerAllQuestions(t, user, { limit: 5 });

    // The operator restarts with the replacement bank (same database).
    const restarted = await restartWithBanks(t, dir);
    try {
      const banks = loadBanks({ overrideDir: dir });
      const ids = new Set([...banks.environment.items, ...banks.big5.items, ...banks.values.items].map((item) => item.id));
      const stillAsked = answered.filter((id) => ids.has(id)).length;

      expect(banks.environment.items).toHaveLength(20);
      expect((await currentAccount(restarted, user.authHeaders)).unanswered_questions).toBe(ids.size - stillAsked);

      await t.db.update(users).set({ locale: 'de' }).where(eq(users.id, user.account.id));
      const question = questionOf(await requestQuestion(restarted, user));
      const expected = banks.environment.items.find((item) => !answered.includes(item.id));
      expect(question?.question).toMatchObject({ id: expected?.id, question: `DE ${expected?.text.en}` });
      expect(question?.question.choices[0]?.answer).toMatch(/^DE /);
    } finally {
      await restarted.app.close();
    }
  });
});
