import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rateLimitCounters } from '../db/schema/rate-limit-counters.ts';
import { hitRateLimits, rateLimitKey, resetRateLimits, sweepRateLimits, type RateLimitRule } from './rate-limiter.ts';

describe('the rate limiter (fixed windows in PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false });
  });
  afterAll(() => t.close());

  const rule: RateLimitRule = { name: 'test.three-a-minute', limit: 3, windowSeconds: 60 };
  const start = new Date('2031-03-01T10:00:00Z');
  const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

  it('counts hits within the window and refuses past the limit, telling how long to wait', async () => {
    const hit = async (seconds: number) => (await hitRateLimits(t.db, [{ rule, parts: ['count'] }], at(seconds)))[0];
    expect(await hit(0)).toMatchObject({ hits: 1, allowed: true, retryAfterSeconds: 60 });
    expect(await hit(10)).toMatchObject({ hits: 2, allowed: true });
    expect(await hit(20)).toMatchObject({ hits: 3, allowed: true });
    expect(await hit(30)).toMatchObject({ hits: 4, allowed: false, retryAfterSeconds: 30 });
    expect(await hit(59.5)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    // The window ends 60 s after its first hit; the next hit opens a new one.
    expect(await hit(60)).toMatchObject({ hits: 1, allowed: true, retryAfterSeconds: 60 });
  });

  it('counts concurrent hits exactly once each', async () => {
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => hitRateLimits(t.db, [{ rule, parts: ['burst'] }], start)));
    expect(outcomes.map(([outcome]) => outcome?.hits).sort((a = 0, b = 0) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('counts several counters in one statement, each on its own', async () => {
    const other: RateLimitRule = { name: 'test.one-an-hour', limit: 1, windowSeconds: 3600 };
    const hits = [{ rule, parts: ['several'] }, { rule: other, parts: ['several'] }];
    await hitRateLimits(t.db, hits, start);
    const [first, second] = await hitRateLimits(t.db, hits, at(1));
    expect(first).toMatchObject({ hits: 2, allowed: true });
    expect(second).toMatchObject({ hits: 2, allowed: false, retryAfterSeconds: 3599 });
  });

  it('forgets a counter when reset', async () => {
    const hit = { rule, parts: ['reset'] };
    for (let count = 0; count < 4; count += 1) await hitRateLimits(t.db, [hit], start);
    await resetRateLimits(t.db, [hit]);
    expect((await hitRateLimits(t.db, [hit], start))[0]).toMatchObject({ hits: 1, allowed: true });
  });

  it('stores no e-mail or address in the key', () => {
    const key = rateLimitKey(rule, ['someone@example.com', '203.0.113.9']);
    expect(key).toMatch(/^test\.three-a-minute:[A-Za-z0-9_-]{43}$/);
    expect(key).not.toContain('someone');
  });

  it('sweeps only the counters whose window has ended', async () => {
    await t.db.delete(rateLimitCounters);
    await hitRateLimits(t.db, [{ rule, parts: ['old'] }], start);
    await hitRateLimits(t.db, [{ rule, parts: ['new'] }], at(50));
    expect(await sweepRateLimits(t.db, at(60))).toBe(1);
    const left = await t.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
    expect(left).toEqual([{ key: rateLimitKey(rule, ['new']) }]);
  });
});
