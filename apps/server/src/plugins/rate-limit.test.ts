import { accountApiPaths, apiPaths } from '@app/contract/api-paths';
import { errorMessages } from '@app/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, registrationBody, uniqueEmail } from '../../test/auth-helpers.ts';
import { uniqueClientAddress } from '../../test/client-address.ts';
import { waitForIdleQueue } from '../../test/mail-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { rateLimitCounters } from '../db/schema/rate-limit-counters.ts';
import { ManualClock } from '../lib/clock.ts';
import { sweepRateLimitsJob } from './rate-limit.ts';

describe('rate limits', () => {
  const clock = new ManualClock(new Date('2031-07-01T09:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  async function attemptLogin(email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) {
    const csrf = await t.csrf();
    return t.app.inject({ method: 'POST', url: apiPaths.login, headers: { ...csrf.headers, ...headers }, payload: { email, password }, remoteAddress });
  }

  describe('login', () => {
    it('answers the 6th failed attempt within a minute for the same e-mail and IP with 429 and Retry-After', async () => {
      const user = await registerUser(t);
      const address = uniqueClientAddress();
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const response = await attemptLogin(user.email, 'Wrong-Password-000', address);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({ message: errorMessages.invalidCredentials });
        clock.advanceBy(1000);
      }
      const throttled = await attemptLogin(user.email, 'Wrong-Password-000', address);
      expect(throttled.statusCode).toBe(429);
      expect(throttled.headers['retry-after']).toBe('55');
      expect(throttled.json()).toEqual({ code: 'too_many_requests', message: 'Too many attempts. Please try again in 55 seconds.' });
      // Even the right password waits: the limit is what stops guessing.
      expect((await attemptLogin(user.email, user.password, address)).statusCode).toBe(429);
    });

    it('counts the e-mail case-insensitively', async () => {
      const user = await registerUser(t);
      const address = uniqueClientAddress();
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const email = attempt % 2 === 0 ? user.email.toUpperCase() : user.email;
        expect((await attemptLogin(email, 'Wrong-Password-000', address)).statusCode).toBe(422);
      }
      expect((await attemptLogin(user.email.toUpperCase(), 'Wrong-Password-000', address)).statusCode).toBe(429);
    });

    it('starts counting afresh once the minute is over', async () => {
      const user = await registerUser(t);
      const address = uniqueClientAddress();
      for (let attempt = 1; attempt <= 5; attempt += 1) await attemptLogin(user.email, 'Wrong-Password-000', address);
      expect((await attemptLogin(user.email, user.password, address)).statusCode).toBe(429);
      clock.advanceBy(60_000);
      expect((await attemptLogin(user.email, user.password, address)).statusCode).toBe(200);
    });

    it('clears the count of failures when a login succeeds', async () => {
      const user = await registerUser(t);
      const address = uniqueClientAddress();
      for (let attempt = 1; attempt <= 4; attempt += 1) await attemptLogin(user.email, 'Wrong-Password-000', address);
      expect((await attemptLogin(user.email, user.password, address)).statusCode).toBe(200);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await attemptLogin(user.email, 'Wrong-Password-000', address)).statusCode).toBe(422);
      }
      expect((await attemptLogin(user.email, 'Wrong-Password-000', address)).statusCode).toBe(429);
    });

    it('does not block other e-mails, nor the same e-mail from another IP', async () => {
      const user = await registerUser(t);
      const colleague = await registerUser(t);
      const address = uniqueClientAddress();
      for (let attempt = 1; attempt <= 6; attempt += 1) await attemptLogin(user.email, 'Wrong-Password-000', address);
      expect((await attemptLogin(user.email, user.password, address)).statusCode).toBe(429);
      expect((await attemptLogin(colleague.email, colleague.password, address)).statusCode).toBe(200);
      expect((await attemptLogin(user.email, user.password, uniqueClientAddress())).statusCode).toBe(200);
    });

    it('limits one IP to 50 attempts a minute across all e-mails', async () => {
      const address = uniqueClientAddress();
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 51; attempt += 1) {
        statuses.push((await attemptLogin(uniqueEmail(), 'Wrong-Password-000', address)).statusCode);
      }
      expect(statuses.slice(0, 50)).toEqual(Array(50).fill(422));
      expect(statuses[50]).toBe(429);
    });

    it('cannot be dodged with a made-up X-Forwarded-For', async () => {
      const user = await registerUser(t);
      const address = uniqueClientAddress();
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        const response = await attemptLogin(user.email, 'Wrong-Password-000', address, { 'x-forwarded-for': `192.0.2.${attempt}`, 'x-real-ip': `192.0.2.${attempt}` });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    });

    it('does not count a body that fails validation', async () => {
      const user = await registerUser(t);
      const address = uniqueClientAddress();
      for (let attempt = 1; attempt <= 6; attempt += 1) expect((await attemptLogin(user.email, '', address)).statusCode).toBe(422);
      expect((await attemptLogin(user.email, user.password, address)).statusCode).toBe(200);
    });
  });

  it('counts by the address the trusted proxy reports when TRUST_PROXY is set', async () => {
    const proxied = await createTestApp({ clock, env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const user = await registerUser(proxied);
      const attempt = async (forwardedFor: string) => {
        const csrf = await proxied.csrf();
        return proxied.app.inject({
          method: 'POST',
          url: apiPaths.login,
          headers: { ...csrf.headers, 'x-forwarded-for': forwardedFor },
          payload: { email: user.email, password: 'Wrong-Password-000' },
          remoteAddress: '127.0.0.1',
        });
      };
      for (let count = 1; count <= 5; count += 1) expect((await attempt('192.0.2.10')).statusCode).toBe(422);
      expect((await attempt('192.0.2.10')).statusCode).toBe(429);
      // Another client behind the same proxy has its own counter.
      expect((await attempt('192.0.2.11')).statusCode).toBe(422);
    } finally {
      await proxied.close();
    }
  });

  it('limits sign-up to 10 an hour per IP', async () => {
    const address = uniqueClientAddress();
    const signUp = async () => {
      const csrf = await t.csrf();
      return t.app.inject({ method: 'POST', url: accountApiPaths.register, headers: csrf.headers, payload: registrationBody(), remoteAddress: address });
    };
    for (let attempt = 1; attempt <= 10; attempt += 1) expect((await signUp()).statusCode).toBe(201);
    const throttled = await signUp();
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('3600');
    clock.advanceBy(60 * 60_000);
    expect((await signUp()).statusCode).toBe(201);
  });

  it('shares its counters between server instances on the same database', async () => {
    const user = await registerUser(t);
    const address = uniqueClientAddress();
    // A second instance: its own app and pool, the same database.
    const other = buildApp(t.config, { db: t.db, pool: t.pool, clock });
    await other.ready();
    try {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const app = attempt % 2 === 0 ? other : t.app;
        const csrf = await t.csrf();
        const response = await app.inject({ method: 'POST', url: apiPaths.login, headers: csrf.headers, payload: { email: user.email, password: 'Wrong-Password-000' }, remoteAddress: address });
        expect(response.statusCode).toBe(422);
      }
      const csrf = await t.csrf();
      const response = await other.inject({ method: 'POST', url: apiPaths.login, headers: csrf.headers, payload: { email: user.email, password: user.password }, remoteAddress: address });
      expect(response.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('sweeps expired counters every ten minutes through the job queue', async () => {
    const { rows } = await t.pool.query<{ cron: string }>(`SELECT cron FROM pgboss.schedule WHERE name = $1`, [sweepRateLimitsJob]);
    expect(rows).toEqual([{ cron: '*/10 * * * *' }]);

    await attemptLogin(uniqueEmail(), 'Wrong-Password-000', uniqueClientAddress());
    const countersNow = await t.db.select().from(rateLimitCounters);
    expect(countersNow.length).toBeGreaterThan(0);
    clock.advanceBy(60 * 60_000 + 1000);
    await t.app.jobs.send(sweepRateLimitsJob, {});
    await waitForIdleQueue(t, sweepRateLimitsJob);
    const left = await t.db.select().from(rateLimitCounters);
    expect(left.every((counter) => counter.windowEndsAt > clock.now())).toBe(true);
    expect(left.length).toBeLessThan(countersNow.length);
  });
});
