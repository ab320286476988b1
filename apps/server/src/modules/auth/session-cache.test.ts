import { account } from '@app/contract/account';
import { accountApiPaths, apiPaths, assessmentApiPaths } from '@app/contract/api-paths';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { users } from '../../db/schema/users.ts';
import { ManualClock } from '../../lib/clock.ts';
import type { AuthenticatedSession } from '../../plugins/auth.ts';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { answerAllQuestions, completeSignupData, postAnswer, questionOf, registerRespondent, requestQuestion } from '../../../test/questionnaire-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { eventually } from '../../../test/eventually.ts';
import { startSecondInstance, waitUntilCachesLive, type SecondInstance } from '../../../test/second-instance.ts';
import { SessionCache } from './session-cache.ts';
import { describeCacheSources } from '../../../test/cache-sources.ts';
import { sessionCacheSources } from './session-changes.ts';

function sessionOf(userId: string, name = 'Ada'): AuthenticatedSession {
  return {
    userId,
    sessionId: `session-of-${userId}`,
    user: {
      id: userId,
      name,
      email: 'ada@example.com',
      emailVerifiedAt: null,
      hasPassword: true,
      locale: 'en',
      birthDate: null,
      birthTime: null,
      tsAccurate: false,
      birthCity: null,
      birthCountry: null,
      countryCode: null,
      latitude: null,
      longitude: null,
      timezone: null,
      privacyPolicyVersion: null,
      termsVersion: null,
      createdAt: new Date(0),
    },
    questionnaire: { unansweredQuestions: 0, envCompleted: false, big5Completed: false, valuesCompleted: false },
  };
}

/** A session read before the user's first answer, with 130 questions in the banks. */
const beforeAnyAnswer = { activeItems: 130, progress: null };

describe('SessionCache', () => {
  const start = new Date('2026-11-21T12:00:00Z');
  const inAnHour = new Date(start.getTime() + 3_600_000);

  function liveCache(clock: ManualClock): SessionCache {
    const cache = new SessionCache({ ttlMs: 2_000, clock });
    cache.setLive(true);
    return cache;
  }

  it('answers a stored token until its time to live is over', () => {
    const clock = new ManualClock(start);
    const cache = liveCache(clock);
    cache.store('hash-1', sessionOf('u1'), inAnHour, cache.ticket(), beforeAnyAnswer);
    expect(cache.get('hash-1')?.userId).toBe('u1');
    clock.advanceBy(1_999);
    expect(cache.get('hash-1')?.userId).toBe('u1');
    clock.advanceBy(1);
    expect(cache.get('hash-1')).toBeUndefined();
  });

  it("takes up to the expiry spread off a stored token's life, so that tokens stored together do not expire together", () => {
    const clock = new ManualClock(start);
    const draws = [0.999, 0.5, 0];
    const cache = new SessionCache({ ttlMs: 2_000, clock, expirySpread: 0.5, random: () => draws.shift() ?? 0 });
    cache.setLive(true);
    for (const hash of ['hash-1', 'hash-2', 'hash-3']) cache.store(hash, sessionOf(hash), inAnHour, cache.ticket(), beforeAnyAnswer);

    const served = () => ['hash-1', 'hash-2', 'hash-3'].filter((hash) => cache.get(hash) !== undefined);
    clock.advanceBy(1_000);
    expect(served()).toEqual(['hash-1', 'hash-2', 'hash-3']);
    clock.advanceBy(1);
    expect(served()).toEqual(['hash-2', 'hash-3']);
    clock.advanceBy(499);
    expect(served()).toEqual(['hash-3']);
    clock.advanceBy(499);
    expect(served()).toEqual(['hash-3']);
    clock.advanceBy(1);
    expect(served()).toEqual([]);
  });

  it('never answers a token past its expiry', () => {
    const clock = new ManualClock(start);
    const cache = liveCache(clock);
    cache.store('hash-1', sessionOf('u1'), new Date(start.getTime() + 500), cache.ticket(), beforeAnyAnswer);
    clock.advanceBy(500);
    expect(cache.get('hash-1')).toBeUndefined();
  });

  it("forgets every token of a user when that user changes, and only theirs", () => {
    const clock = new ManualClock(start);
    const cache = liveCache(clock);
    cache.store('hash-1', sessionOf('u1'), inAnHour, cache.ticket(), beforeAnyAnswer);
    cache.store('hash-2', sessionOf('u1'), inAnHour, cache.ticket(), beforeAnyAnswer);
    cache.store('hash-3', sessionOf('u2'), inAnHour, cache.ticket(), beforeAnyAnswer);
    cache.evictUser('u1');
    expect(cache.get('hash-1')).toBeUndefined();
    expect(cache.get('hash-2')).toBeUndefined();
    expect(cache.get('hash-3')?.userId).toBe('u2');
  });

  it('does not store a row read before the user changed', () => {
    const clock = new ManualClock(start);
    const cache = liveCache(clock);
    const readBefore = cache.ticket();
    cache.evictUser('u1');
    cache.store('hash-1', sessionOf('u1', 'Old name'), inAnHour, readBefore, beforeAnyAnswer);
    expect(cache.get('hash-1')).toBeUndefined();
    // Another user's change does not hold back this one's row, and a read after the change is kept.
    const readAfter = cache.ticket();
    cache.evictUser('u2');
    cache.store('hash-1', sessionOf('u1', 'New name'), inAnHour, readAfter, beforeAnyAnswer);
    expect(cache.get('hash-1')?.user.name).toBe('New name');
  });

  it('stores nothing while its invalidation is not connected, and drops everything when it is lost', () => {
    const clock = new ManualClock(start);
    const cache = new SessionCache({ ttlMs: 2_000, clock });
    cache.store('hash-1', sessionOf('u1'), inAnHour, cache.ticket(), beforeAnyAnswer);
    expect(cache.get('hash-1')).toBeUndefined();
    cache.setLive(true);
    const ticket = cache.ticket();
    cache.store('hash-1', sessionOf('u1'), inAnHour, ticket, beforeAnyAnswer);
    cache.setLive(false);
    expect(cache.get('hash-1')).toBeUndefined();
    cache.setLive(true);
    expect(cache.get('hash-1')).toBeUndefined();
    // A read that started before the break is not stored after it.
    cache.store('hash-1', sessionOf('u1'), inAnHour, ticket, beforeAnyAnswer);
    expect(cache.get('hash-1')).toBeUndefined();
  });

  it('keeps at most its maximum number of entries, dropping the oldest', () => {
    const clock = new ManualClock(start);
    const cache = new SessionCache({ ttlMs: 2_000, clock, maxEntries: 2 });
    cache.setLive(true);
    for (const n of [1, 2, 3]) cache.store(`hash-${n}`, sessionOf(`u${n}`), inAnHour, cache.ticket(), beforeAnyAnswer);
    expect(cache.size).toBe(2);
    expect(cache.get('hash-1')).toBeUndefined();
    expect(cache.get('hash-3')?.userId).toBe('u3');
  });

  it("brings every entry of a user up to date with their new questionnaire progress, and leaves other users' alone", () => {
    const cache = liveCache(new ManualClock(start));
    cache.store('hash-1', sessionOf('u1'), inAnHour, cache.ticket(), beforeAnyAnswer);
    cache.store('hash-2', sessionOf('u1'), inAnHour, cache.ticket(), beforeAnyAnswer);
    cache.store('hash-3', sessionOf('u2'), inAnHour, cache.ticket(), beforeAnyAnswer);
    cache.applyProgress('u1', { answeredItems: 40, completed: ['environment'] });
    const expected = { unansweredQuestions: 90, envCompleted: true, big5Completed: false, valuesCompleted: false };
    expect(cache.get('hash-1')?.questionnaire).toEqual(expected);
    expect(cache.get('hash-2')?.questionnaire).toEqual(expected);
    expect(cache.get('hash-1')?.user.name).toBe('Ada');
    expect(cache.get('hash-3')).toEqual(sessionOf('u2'));
  });

  it('drops an entry that holds more progress than a change announced late, rather than going back', () => {
    const cache = liveCache(new ManualClock(start));
    cache.store('hash-1', sessionOf('u1'), inAnHour, cache.ticket(), { activeItems: 130, progress: { answeredItems: 10, completed: [] } });
    cache.applyProgress('u1', { answeredItems: 9, completed: [] });
    expect(cache.get('hash-1')).toBeUndefined();
    cache.store('hash-2', sessionOf('u1'), inAnHour, cache.ticket(), { activeItems: 130, progress: { answeredItems: 40, completed: ['environment'] } });
    cache.applyProgress('u1', { answeredItems: 41, completed: [] });
    expect(cache.get('hash-2')).toBeUndefined();
  });

  it('does not store a row read before the progress changed', () => {
    const cache = liveCache(new ManualClock(start));
    const readBefore = cache.ticket();
    cache.applyProgress('u1', { answeredItems: 1, completed: [] });
    cache.store('hash-1', sessionOf('u1'), inAnHour, readBefore, beforeAnyAnswer);
    expect(cache.get('hash-1')).toBeUndefined();
  });

  it('is off with a time to live of 0', () => {
    const cache = new SessionCache({ ttlMs: 0, clock: new ManualClock(start) });
    cache.setLive(true);
    cache.store('hash-1', sessionOf('u1'), inAnHour, cache.ticket(), beforeAnyAnswer);
    expect(cache.enabled).toBe(false);
    expect(cache.get('hash-1')).toBeUndefined();
  });
});

describe('the session cache in the app (a long time to live, so that only invalidation can refresh it)', () => {
  const cachedEnv = { SESSION_CACHE_TTL_MS: '60000' };
  let t: TestApp;
  /** A second instance on the same database, as behind a load balancer. */
  let other: SecondInstance;

  beforeAll(async () => {
    t = await createTestApp({ env: cachedEnv, jobs: false });
    other = await startSecondInstance(t);
    await Promise.all([waitUntilCachesLive(t.app), waitUntilCachesLive(other.app)]);
  });

  afterAll(async () => {
    await other.close();
    await t.close();
  });

  async function currentName(app: App, user: RegisteredUser): Promise<string> {
    const response = await app.inject({ method: 'GET', url: apiPaths.user, headers: user.authHeaders });
    expect(response.statusCode).toBe(200);
    return account.parse(response.json()).name;
  }

  it("shows the caller's own change on their very next request", async () => {
    const user = await registerUser(t);
    expect(await currentName(t.app, user)).toBe('Ada Lovelace');
    expect(t.app.sessionCache.size).toBeGreaterThan(0);
    const patched = await t.app.inject({ method: 'PATCH', url: accountApiPaths.profile, headers: user.headersWithCsrf, payload: { name: 'Ada King', email: user.email, locale: 'en' } });
    expect(patched.statusCode).toBe(200);
    expect(await currentName(t.app, user)).toBe('Ada King');
  });

  it('shows a change made elsewhere (another instance, the admin tool, SQL) within moments', async () => {
    const user = await registerUser(t);
    expect(await currentName(t.app, user)).toBe('Ada Lovelace');
    expect(await currentName(other.app, user)).toBe('Ada Lovelace');
    await t.db.update(users).set({ name: 'Countess of Lovelace' }).where(eq(users.id, user.account.id));
    await eventually(async () => {
      expect(await currentName(t.app, user)).toBe('Countess of Lovelace');
      expect(await currentName(other.app, user)).toBe('Countess of Lovelace');
    });
  });

  async function questionnaireOf(app: App, user: RegisteredUser) {
    const response = await app.inject({ method: 'GET', url: apiPaths.user, headers: user.authHeaders });
    expect(response.statusCode).toBe(200);
    const { unanswered_questions: unanswered, env_completed: envCompleted } = account.parse(response.json());
    return { unanswered, envCompleted };
  }

  it("keeps an answering user's session in memory with the new unanswered count, on this instance at once and on the other within moments", async () => {
    const user = await registerRespondent(t);
    // The notifications of signing up (birth details) are in: none of them evicts what follows.
    await Promise.all([t.changesSettled(), other.changesSettled()]);
    const before = await questionnaireOf(t.app, user);
    expect(before.unanswered).toBeGreaterThan(40);
    await questionnaireOf(other.app, user);
    const first = questionOf(await requestQuestion(t, user));
    const cachedSessions = t.app.sessionCache.size;
    const answered = await postAnswer(t, user, first!.question.id, { choice_id: first!.question.choices[0]!.id });
    expect(answered.statusCode).toBe(200);
    // Not forgotten: the next answer is checked from memory.
    expect(t.app.sessionCache.size).toBe(cachedSessions);
    expect(await questionnaireOf(t.app, user)).toEqual({ unanswered: before.unanswered - 1, envCompleted: false });
    await eventually(async () => {
      expect(await questionnaireOf(other.app, user)).toEqual({ unanswered: before.unanswered - 1, envCompleted: false });
    });
  });

  it('shows a set completed by the last answer (scored in its own transaction) on every instance', async () => {
    const user = await registerRespondent(t);
    const before = await questionnaireOf(t.app, user);
    await questionnaireOf(other.app, user);
    // The environment set comes first in the sequence: 40 questions.
    await answerAllQuestions(t, user, { limit: 40 });
    expect(await questionnaireOf(t.app, user)).toEqual({ unanswered: before.unanswered - 40, envCompleted: true });
    await eventually(async () => {
      expect(await questionnaireOf(other.app, user)).toEqual({ unanswered: before.unanswered - 40, envCompleted: true });
    });
  });

  it('refuses a logged-out token on every instance', async () => {
    const user = await registerUser(t);
    expect(await currentName(other.app, user)).toBe('Ada Lovelace');
    const loggedOut = await t.app.inject({ method: 'POST', url: apiPaths.logout, headers: user.headersWithCsrf });
    expect(loggedOut.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: apiPaths.user, headers: user.authHeaders })).statusCode).toBe(401);
    await eventually(async () => {
      expect((await other.app.inject({ method: 'GET', url: apiPaths.user, headers: user.authHeaders })).statusCode).toBe(401);
    });
  });

  it('stops answering from memory when the notifications are lost, and resumes once they are back', async () => {
    const user = await registerUser(t);
    expect(await currentName(t.app, user)).toBe('Ada Lovelace');
    await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'compass-change-listener' and datname = current_database()`);
    await eventually(async () => {
      expect(t.app.sessionCache.live).toBe(false);
    });
    expect(t.app.sessionCache.size).toBe(0);
    await waitUntilCachesLive(t.app);
    await waitUntilCachesLive(other.app);
    expect(await currentName(t.app, user)).toBe('Ada Lovelace');
  });
});

describe('an instance whose caches learn of changes late', () => {
  let t: TestApp;
  let lagging: SecondInstance;

  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_CACHE_TTL_MS: '60000' }, jobs: false });
    lagging = await startSecondInstance(t, { changeDelayMs: 60_000 });
    await waitUntilCachesLive(lagging.app);
  });

  afterAll(async () => {
    await lagging.close();
    await t.close();
  });

  it('serves the questionnaire at once to a user who saved their birth details through the other instance', async () => {
    const user = await registerUser(t);
    const before = await lagging.app.inject({ method: 'GET', url: assessmentApiPaths.question, headers: user.authHeaders });
    expect(before.statusCode).toBe(403);

    await completeSignupData(t, user);

    // Its memory still holds the session without a birth date (the notification is a minute away)...
    const cachedAccount = await lagging.app.inject({ method: 'GET', url: apiPaths.user, headers: user.authHeaders });
    expect(account.parse(cachedAccount.json()).signup_completed).toBe(false);
    // ...and the questionnaire's refusal is checked with the database before it is given.
    const after = await lagging.app.inject({ method: 'GET', url: assessmentApiPaths.question, headers: user.authHeaders });
    expect(after.statusCode, after.body).toBe(200);
    expect(questionOf(after)?.question.id).toBeDefined();
  });
});

describe('the session cache and token expiry', () => {
  const clock = new ManualClock();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_CACHE_TTL_MS: '60000', ACCESS_TOKEN_TTL: '60' }, clock, jobs: false });
    await waitUntilCachesLive(t.app);
  });

  afterAll(async () => {
    await t.close();
  });

  it('never accepts an access token past its expiry, even one it holds', async () => {
    const user = await registerUser(t);
    expect((await t.app.inject({ method: 'GET', url: apiPaths.user, headers: user.authHeaders })).statusCode).toBe(200);
    clock.advanceBy(60_000);
    expect((await t.app.inject({ method: 'GET', url: apiPaths.user, headers: user.authHeaders })).statusCode).toBe(401);
  });
});

describeCacheSources("the auth guard's look-up (GET /api/user, on its own connection)", sessionCacheSources, async (t) => {
  const user = await registerUser(t);
  return { pool: t.sessionLookupPool, request: () => t.app.inject({ method: 'GET', url: apiPaths.user, headers: user.authHeaders }) };
});
