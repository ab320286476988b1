import { apiPaths } from '@app/contract/api-paths';
import { loginResponse } from '@app/contract/auth';
import { errorMessages } from '@app/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { sha256Hex } from '../../lib/token-hash.ts';
import { registerUser, strongPassword, uniqueEmail, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const invalidCredentials = { message: errorMessages.invalidCredentials, errors: { email: [errorMessages.invalidCredentials] } };

describe('POST /api/login', () => {
  let t: TestApp;
  let user: RegisteredUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await registerUser(t, { email: uniqueEmail('Mixed.Case') });
  });
  afterAll(() => t.close());

  // Failed attempts count against the login rate limit per e-mail and IP, so the tests that fail
  // on purpose come from addresses of their own.
  async function postLogin(payload: unknown, extraHeaders: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
    const { headers } = await t.csrf();
    return t.app.inject({ method: 'POST', url: apiPaths.login, headers: { ...headers, ...extraHeaders }, payload: payload as object, remoteAddress });
  }

  it('answers access_token, expires_at, refresh_token and the account (spec section 7)', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await postLogin({ email: user.email, password: strongPassword });
    expect(response.statusCode).toBe(200);
    const body = loginResponse.parse(response.json());
    expect(Object.keys(response.json()).sort()).toEqual(['access_token', 'account', 'expires_at', 'refresh_token']);
    expect(body.account.id).toBe(user.account.id);
    expect(body.access_token).not.toBe(body.refresh_token);
    // 15 minutes by default, in Unix seconds.
    expect(body.expires_at).toBeGreaterThanOrEqual(before + 900);
    expect(body.expires_at).toBeLessThanOrEqual(before + 901);
  });

  it('keeps only SHA-256 hashes of the tokens in the database', async () => {
    const body = loginResponse.parse((await postLogin({ email: user.email, password: strongPassword })).json());
    const dump = JSON.stringify(
      await Promise.all(
        ['access_tokens', 'refresh_tokens', 'auth_sessions', 'users'].map((table) => t.db.execute(sql.raw(`SELECT * FROM ${table}`)).then((result) => result.rows)),
      ),
    );
    expect(dump).not.toContain(body.access_token);
    expect(dump).not.toContain(body.refresh_token);
    expect(dump).toContain(sha256Hex(body.access_token));
    expect(dump).toContain(sha256Hex(body.refresh_token));
    expect(dump).not.toContain(strongPassword);
    expect(dump).toMatch(/\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('finds the account whatever the case of the e-mail', async () => {
    for (const email of [user.email.toUpperCase(), user.email.toLowerCase(), `  ${user.email}  `]) {
      const response = await postLogin({ email, password: strongPassword });
      expect(response.statusCode, email).toBe(200);
    }
  });

  it('answers a wrong password and an unknown e-mail with the same status and body', async () => {
    const wrongPassword = await postLogin({ email: user.email, password: `${strongPassword}x` }, {}, '10.0.2.1');
    const unknownEmail = await postLogin({ email: uniqueEmail('nobody'), password: strongPassword }, {}, '10.0.2.1');
    expect(wrongPassword.statusCode).toBe(422);
    expect(unknownEmail.statusCode).toBe(422);
    expect(wrongPassword.json()).toEqual(invalidCredentials);
    expect(unknownEmail.body).toBe(wrongPassword.body);
  });

  it('takes about as long for an unknown e-mail as for a wrong password', async () => {
    const timingUser = await registerUser(t);
    const time = async (email: string, round: number): Promise<number> => {
      const started = performance.now();
      const response = await postLogin({ email, password: 'Wrong-Password-123' }, {}, `10.0.1.${round}`);
      expect(response.statusCode).toBe(422);
      return performance.now() - started;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      wrong.push(await time(timingUser.email, round));
      unknown.push(await time(uniqueEmail('ghost'), round));
    }
    // Both run one argon2id verification (tens of ms); skipping it would make unknown e-mails ~1 ms.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
    expect(median(unknown)).toBeLessThan(median(wrong) * 2);
  });

  it('answers an account that has no password (Google only) like a wrong password', async () => {
    const email = uniqueEmail('google-only');
    await t.db.insert(users).values({ name: 'Only Google', email, googleSub: `sub-${email}`, emailVerifiedAt: new Date() });
    const response = await postLogin({ email, password: strongPassword }, {}, '10.0.3.1');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(invalidCredentials);
  });

  it('answers a body that breaks the schema with 422 and field errors', async () => {
    const response = await postLogin({ email: 'not-an-email' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: errorMessages.invalidData,
      errors: { email: ['Must be a valid email'], password: ['Field is required'] },
    });
  });

  it('answers a body that is not JSON with 415', async () => {
    const { headers } = await t.csrf();
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.login,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(user.email)}&password=${encodeURIComponent(strongPassword)}`,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('is refused without the CSRF header (419)', async () => {
    const response = await t.app.inject({ method: 'POST', url: apiPaths.login, payload: { email: user.email, password: strongPassword } });
    expect(response.statusCode).toBe(419);
  });

  it('records the client of each login', async () => {
    const response = await postLogin({ email: user.email, password: strongPassword }, { 'user-agent': 'LoginTest/1.0' });
    expect(response.statusCode).toBe(200);
    const rows = await t.db.execute<{ user_agent: string | null }>(
      sql`SELECT user_agent FROM auth_sessions WHERE user_id = ${user.account.id} AND user_agent = 'LoginTest/1.0'`,
    );
    expect(rows.rows).toHaveLength(1);
    const [stored] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, user.account.id));
    expect(stored?.email).toBe(user.email);
  });
});
