import { apiPaths } from '@app/contract/api-paths';
import { tokenPair, type TokenPair } from '@app/contract/auth';
import { errorMessages } from '@app/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/token-hash.ts';
import { login, registerUser } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { refreshGraceSeconds, revokeUserSessions } from './session-service.ts';

describe('POST /api/auth/refresh-token', () => {
  const clock = new ManualClock(new Date('2027-05-01T08:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  async function refresh(refreshToken: string) {
    const { headers } = await t.csrf();
    return t.app.inject({ method: 'POST', url: apiPaths.refreshToken, headers, payload: { refresh_token: refreshToken } });
  }

  async function refreshed(refreshToken: string): Promise<TokenPair> {
    const response = await refresh(refreshToken);
    expect(response.statusCode, response.body).toBe(200);
    return tokenPair.strict().parse(response.json());
  }

  const userStatus = async (accessToken: string) =>
    (await t.app.inject({ method: 'GET', url: apiPaths.user, headers: { authorization: `Bearer ${accessToken}` } })).statusCode;

  it('rotates the pair: a new access and refresh token, and the old refresh token stops working', async () => {
    const { tokens } = await registerUser(t);
    const next = await refreshed(tokens.refresh_token);
    expect(next.access_token).not.toBe(tokens.access_token);
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(next.expires_at).toBe(Math.floor(clock.now().getTime() / 1000) + 900);
    expect(await userStatus(next.access_token)).toBe(200);

    clock.advanceBy((refreshGraceSeconds + 1) * 1000);
    const replay = await refresh(tokens.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: errorMessages.sessionExpired, code: 'unauthenticated' });
  });

  it('revokes the whole family, newest tokens included, when a rotated token is replayed', async () => {
    const { tokens } = await registerUser(t);
    const second = await refreshed(tokens.refresh_token);
    clock.advanceBy(60_000);
    const third = await refreshed(second.refresh_token);
    expect(await userStatus(third.access_token)).toBe(200);

    // An attacker (or a replay) presents the first token long after it was exchanged.
    clock.advanceBy(60_000);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);

    expect(await userStatus(third.access_token)).toBe(401);
    expect((await refresh(third.refresh_token)).statusCode).toBe(401);
  });

  it('gives two concurrent refreshes with the same token (two tabs) the same successor pair', async () => {
    const { tokens } = await registerUser(t);
    const [first, second] = await Promise.all([refresh(tokens.refresh_token), refresh(tokens.refresh_token)]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const successor = tokenPair.parse(first.json());
    expect(await userStatus(successor.access_token)).toBe(200);
    // The shared successor keeps rotating normally.
    const next = await refreshed(successor.refresh_token);
    expect(await userStatus(next.access_token)).toBe(200);
  });

  it('answers the same successor again within the grace window, and treats it as reuse after', async () => {
    const { tokens } = await registerUser(t);
    const first = await refreshed(tokens.refresh_token);
    clock.advanceBy(refreshGraceSeconds * 1000);
    expect(await refreshed(tokens.refresh_token)).toEqual(first);
    clock.advanceBy(1_000);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
    expect(await userStatus(first.access_token)).toBe(401);
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
  });

  it('stores the successor only in encrypted form, never as a plain token', async () => {
    const { tokens } = await registerUser(t);
    const next = await refreshed(tokens.refresh_token);
    const rows = JSON.stringify((await t.db.execute(sql`SELECT * FROM refresh_tokens`)).rows);
    for (const plain of [tokens.refresh_token, next.refresh_token, next.access_token]) expect(rows).not.toContain(plain);
    expect(rows).toContain(sha256Hex(next.refresh_token));
  });

  it('refuses every refresh token once the login’s absolute lifetime (30 days) has passed', async () => {
    const { tokens } = await registerUser(t);
    let current = tokens;
    // Rotating every two weeks does not extend the login.
    for (let week = 0; week < 4; week += 2) {
      clock.advanceBy(14 * 24 * 3600 * 1000);
      current = await refreshed(current.refresh_token);
    }
    clock.advanceBy(2 * 24 * 3600 * 1000);
    expect((await refresh(current.refresh_token)).statusCode).toBe(401);
  });

  it('caps the last access token of a login at the login’s end', async () => {
    const { tokens } = await registerUser(t);
    clock.advanceBy(30 * 24 * 3600 * 1000 - 60_000);
    const last = await refreshed(tokens.refresh_token);
    expect(last.expires_at).toBe(Math.floor(clock.now().getTime() / 1000) + 60);
  });

  it('refuses the refresh token after logout', async () => {
    const user = await registerUser(t);
    expect((await t.app.inject({ method: 'POST', url: apiPaths.logout, headers: user.headersWithCsrf })).statusCode).toBe(204);
    expect((await refresh(user.tokens.refresh_token)).statusCode).toBe(401);
  });

  it('refuses the other logins’ refresh tokens after a password change, keeping the current one', async () => {
    // What the password change (keeps the caller's login) and reset (exceptSessionId unset) call.
    const user = await registerUser(t);
    const otherDevice = await login(t, user.email, user.password);
    const current = await t.app.inject({ method: 'GET', url: apiPaths.user, headers: user.authHeaders });
    expect(current.statusCode).toBe(200);
    const [session] = (await t.db.execute<{ session_id: string }>(sql`SELECT session_id FROM access_tokens WHERE token_hash = ${sha256Hex(user.tokens.access_token)}`)).rows;
    await revokeUserSessions(t.db, user.account.id, { exceptSessionId: session?.session_id });
    expect((await refresh(otherDevice.tokens.refresh_token)).statusCode).toBe(401);
    expect(await userStatus(otherDevice.tokens.access_token)).toBe(401);
    expect((await refresh(user.tokens.refresh_token)).statusCode).toBe(200);
  });

  it('refuses every login’s refresh token after a password reset', async () => {
    const user = await registerUser(t);
    const otherDevice = await login(t, user.email, user.password);
    await revokeUserSessions(t.db, user.account.id);
    expect((await refresh(user.tokens.refresh_token)).statusCode).toBe(401);
    expect((await refresh(otherDevice.tokens.refresh_token)).statusCode).toBe(401);
  });

  it('refuses an access token presented as a refresh token', async () => {
    const { tokens } = await registerUser(t);
    expect((await refresh(tokens.access_token)).statusCode).toBe(401);
    // ... and that attempt did not harm the real login.
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(200);
  });

  it.each([['junk', 'junk'], ['an unknown token of the right shape', 'A'.repeat(43)]])('refuses %s with 401', async (_case, value) => {
    expect((await refresh(value)).statusCode).toBe(401);
  });

  it('answers 422 when refresh_token is missing', async () => {
    const { headers } = await t.csrf();
    const response = await t.app.inject({ method: 'POST', url: apiPaths.refreshToken, headers, payload: {} });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { refresh_token: ['Field is required'] } });
  });
});
