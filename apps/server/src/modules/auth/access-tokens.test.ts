import { accountApiPaths, apiPaths } from '@app/contract/api-paths';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { ManualClock } from '../../lib/clock.ts';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const unauthenticated = { message: 'Unauthenticated.', code: 'unauthenticated' };

describe('access tokens on private routes', () => {
  const clock = new ManualClock(new Date('2027-03-01T10:00:00Z'));
  let t: TestApp;
  let user: RegisteredUser;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    user = await registerUser(t);
  });
  afterAll(() => t.close());

  const getUser = (headers: Record<string, string> = {}, url: string = apiPaths.user) => t.app.inject({ method: 'GET', url, headers });

  it('answers 401 unauthenticated without a token', async () => {
    const response = await getUser();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthenticated);
  });

  it('accepts the Bearer scheme in any case', async () => {
    expect((await getUser({ authorization: `bearer ${user.tokens.access_token}` })).statusCode).toBe(200);
    expect((await getUser({ authorization: `BEARER ${user.tokens.access_token}` })).statusCode).toBe(200);
  });

  it.each([
    ['one changed character', (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`],
    ['a truncated token', (token: string) => token.slice(0, 20)],
    ['an appended character', (token: string) => `${token}A`],
    ['junk', () => 'not-a-token'],
  ])('answers 401 to a tampered token: %s', async (_case, tamper) => {
    const response = await getUser({ authorization: `Bearer ${tamper(user.tokens.access_token)}` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthenticated);
  });

  it('checks tokens on connections of their own: a request is admitted while every pooled connection is busy', async () => {
    const held = await Promise.all(Array.from({ length: t.pool.options.max }, () => t.pool.connect()));
    try {
      // GET /api/user needs nothing but the token look-up, which includes the account.
      const response = await getUser({ authorization: `Bearer ${user.tokens.access_token}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ email: user.email });
    } finally {
      for (const client of held) client.release();
    }
  });

  it('answers 401 to another scheme or a bare token', async () => {
    expect((await getUser({ authorization: `Basic ${user.tokens.access_token}` })).statusCode).toBe(401);
    expect((await getUser({ authorization: user.tokens.access_token })).statusCode).toBe(401);
  });

  it('ignores a token in the query string or a cookie', async () => {
    const token = user.tokens.access_token;
    for (const url of [`${apiPaths.user}?access_token=${token}`, `${apiPaths.user}?token=${token}`, `${apiPaths.user}?authorization=Bearer%20${token}`]) {
      expect((await getUser({}, url)).statusCode, url).toBe(401);
    }
    expect((await getUser({ cookie: `auth_token=${token}; access_token=${token}` })).statusCode).toBe(401);
  });

  it('refuses a refresh token used as a Bearer token', async () => {
    const response = await getUser({ authorization: `Bearer ${user.tokens.refresh_token}` });
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 once the access token has expired (15 minutes by default)', async () => {
    const session = await registerUser(t);
    clock.advanceBy(899_000);
    expect((await getUser(session.authHeaders)).statusCode).toBe(200);
    clock.advanceBy(1_000);
    expect((await getUser(session.authHeaders)).statusCode).toBe(401);
  });

  it('answers 401 after the account was deleted', async () => {
    const doomed = await registerUser(t);
    expect((await getUser(doomed.authHeaders)).statusCode).toBe(200);
    // Deleted by another hand (the admin tool): the app hears of it through the notification.
    await t.db.delete(users).where(eq(users.id, doomed.account.id));
    await t.changesSettled();
    const response = await getUser(doomed.authHeaders);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthenticated);
  });

  it('shows each user their own account only, whoever’s token is swapped in', async () => {
    const alice = await registerUser(t, { name: 'Alice' });
    const bob = await registerUser(t, { name: 'Bob' });
    const asAlice = (await getUser(alice.authHeaders)).json<{ id: string; email: string }>();
    const asBob = (await getUser(bob.authHeaders)).json<{ id: string; email: string }>();
    expect(asAlice).toMatchObject({ id: alice.account.id, email: alice.email });
    expect(asBob).toMatchObject({ id: bob.account.id, email: bob.email });
    // Bob's token with Alice's CSRF cookies is still Bob.
    const swapped = await getUser({ ...alice.headersWithCsrf, authorization: bob.authHeaders.authorization });
    expect(swapped.json()).toMatchObject({ id: bob.account.id });
  });

  describe('POST /api/logout', () => {
    it('answers 204 and the same access token then gets 401', async () => {
      const session = await registerUser(t);
      const response = await t.app.inject({ method: 'POST', url: apiPaths.logout, headers: session.headersWithCsrf });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await getUser(session.authHeaders)).statusCode).toBe(401);
      // Logging out twice is a 401, not a crash.
      expect((await t.app.inject({ method: 'POST', url: apiPaths.logout, headers: session.headersWithCsrf })).statusCode).toBe(401);
    });

    it('ends only the current login, not the user’s other devices', async () => {
      const phone = await registerUser(t);
      const { headers } = await t.csrf();
      const laptopLogin = await t.app.inject({ method: 'POST', url: apiPaths.login, headers, payload: { email: phone.email, password: phone.password } });
      const laptopToken = laptopLogin.json<{ access_token: string }>().access_token;
      await t.app.inject({ method: 'POST', url: apiPaths.logout, headers: phone.headersWithCsrf });
      expect((await getUser({ authorization: `Bearer ${laptopToken}` })).statusCode).toBe(200);
    });

    it('needs a token', async () => {
      const { headers } = await t.csrf();
      expect((await t.app.inject({ method: 'POST', url: apiPaths.logout, headers })).statusCode).toBe(401);
    });
  });

  describe('which routes are public', () => {
    it.each([
      ['/health'],
      ['/sanctum/csrf-cookie'],
      ['/api/docs/json'],
      ['/metrics'],
      ['/api/auth/config'],
      ['/dashboard'],
      ['/assets/index-abc123.js'],
    ])('serves GET %s without a token', async (url) => {
      const response = await getUser({}, url);
      expect(response.statusCode).toBeLessThan(300);
    });

    it('keeps the birth-place search private', async () => {
      const url = `${accountApiPaths.locations}?q=zurich`;
      const searcher = await registerUser(t);
      expect((await getUser({}, url)).statusCode).toBe(401);
      expect((await getUser(searcher.authHeaders, url)).statusCode).toBe(200);
    });

    it('answers an unknown API path with 404, token or not', async () => {
      expect((await getUser({}, '/api/no-such-thing')).statusCode).toBe(404);
    });
  });

  it('sends no CORS headers to a foreign origin, on private or public routes', async () => {
    const responses = [
      await getUser({ ...user.authHeaders, origin: 'https://evil.example' }),
      await t.app.inject({ method: 'OPTIONS', url: apiPaths.login, headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } }),
      await t.app.inject({
        method: 'OPTIONS',
        url: apiPaths.user,
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      }),
    ];
    for (const response of responses) {
      expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });
});
