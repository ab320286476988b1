import { accountSettingsMessages, recentSignInSeconds, wrongPasswordMessage } from '@app/contract/account-settings';
import { accountApiPaths, apiPaths } from '@app/contract/api-paths';
import { errorMessages, validationMessages } from '@app/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { answerAllQuestions, registerRespondent } from '../../../test/questionnaire-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { currentAccount, userRow } from '../../../test/user-fixtures.ts';
import { accessTokens, authSessions, refreshTokens } from '../../db/schema/auth-sessions.ts';
import { users } from '../../db/schema/users.ts';
import { ManualClock } from '../../lib/clock.ts';
import { UnauthenticatedError } from '../../lib/domain-errors.ts';
import { deleteAccount } from './account-deletion-service.ts';

const invalidData = errorMessages.invalidData;

describe('DELETE /api/user', () => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  function remove(headers: RegisteredUser['headersWithCsrf'] | Record<string, string>, body: unknown) {
    return t.app.inject({ method: 'DELETE', url: accountApiPaths.deleteAccount, headers, payload: body as object });
  }

  function getUser(accessToken: string) {
    return t.app.inject({ method: 'GET', url: apiPaths.user, headers: { authorization: `Bearer ${accessToken}` } });
  }

  async function refresh(refreshToken: string) {
    const csrf = await t.csrf();
    return t.app.inject({ method: 'POST', url: apiPaths.refreshToken, headers: csrf.headers, payload: { refresh_token: refreshToken } });
  }

  async function sessionsOf(userId: string) {
    return t.db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.userId, userId));
  }

  it('deletes an account that answered the whole questionnaire (its scored sets and team summaries go with it)', async () => {
    const user = await registerRespondent(t);
    await answerAllQuestions(t, user);
    const response = await remove(user.headersWithCsrf, { password: user.password });
    expect(response.statusCode, response.body).toBe(204);
    expect(await userRow(t, user.account.id)).toBeUndefined();
  });

  it('answers 401 without a token', async () => {
    const csrf = await t.csrf();
    const response = await remove(csrf.headers, { password: 'whatever' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthenticated' });
  });

  describe('checklist 41: needs the password', () => {
    it('refuses a wrong password with 422 on password and keeps the account', async () => {
      const user = await registerUser(t);
      const response = await remove(user.headersWithCsrf, { password: 'Not-The-Password-1' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: invalidData, errors: { password: [wrongPasswordMessage] } });
      expect(await userRow(t, user.account.id)).toBeDefined();
      expect((await getUser(user.tokens.access_token)).statusCode).toBe(200);
    });

    it('takes a password of spaces as typed (never trimmed) and refuses it as wrong', async () => {
      const user = await registerUser(t);
      const response = await remove(user.headersWithCsrf, { password: '   ' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: invalidData, errors: { password: [wrongPasswordMessage] } });
      expect(await userRow(t, user.account.id)).toBeDefined();
    });

    it.each([
      ['no password', {}],
      ['an empty password', { password: '' }],
    ])('refuses %s with the required-field message', async (_label, body) => {
      const user = await registerUser(t);
      const response = await remove(user.headersWithCsrf, body);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: invalidData, errors: { password: [validationMessages.required] } });
      expect(await userRow(t, user.account.id)).toBeDefined();
    });

    it('deletes the account with the right password and answers 204 without a body', async () => {
      const user = await registerUser(t);
      const response = await remove(user.headersWithCsrf, { password: user.password });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await userRow(t, user.account.id)).toBeUndefined();
    });

    it('frees the e-mail address for a new sign-up and refuses the old credentials', async () => {
      const user = await registerUser(t);
      expect((await remove(user.headersWithCsrf, { password: user.password })).statusCode).toBe(204);
      await expect(login(t, user.email, user.password)).rejects.toThrow(/login failed/);
    });
  });

  describe('checklist 42: revokes every token', () => {
    it('ends the access and refresh tokens of every login of the user', async () => {
      const user = await registerUser(t);
      const otherDevice = await login(t, user.email, user.password);
      expect((await remove(user.headersWithCsrf, { password: user.password })).statusCode).toBe(204);

      for (const tokens of [user.tokens, otherDevice.tokens]) {
        expect((await getUser(tokens.access_token)).statusCode).toBe(401);
        expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
      }
      expect(await sessionsOf(user.account.id)).toEqual([]);
    });

    it('leaves no token rows of the user behind', async () => {
      const user = await registerUser(t);
      const [session] = await sessionsOf(user.account.id);
      expect(session).toBeDefined();
      expect((await remove(user.headersWithCsrf, { password: user.password })).statusCode).toBe(204);
      const sessionId = session?.id ?? '';
      expect(await t.db.select().from(accessTokens).where(eq(accessTokens.sessionId, sessionId))).toEqual([]);
      expect(await t.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, sessionId))).toEqual([]);
    });
  });

  describe('checklist 43: runs once when sent twice concurrently', () => {
    it('answers one 204 and one 401, never a 500', async () => {
      for (let round = 0; round < 3; round += 1) {
        const user = await registerUser(t);
        const responses = await Promise.all([
          remove(user.headersWithCsrf, { password: user.password }),
          remove(user.headersWithCsrf, { password: user.password }),
        ]);
        expect(responses.map((response) => response.statusCode).sort()).toEqual([204, 401]);
        expect(await userRow(t, user.account.id)).toBeUndefined();
      }
    });

    it('deletes once when both calls are already past the token check', async () => {
      const user = await registerUser(t);
      const caller = { userId: user.account.id, sessionId: (await sessionsOf(user.account.id))[0]?.id ?? '' };
      const outcomes = await Promise.allSettled([
        deleteAccount({ db: t.db, clock, jobs: t.app.jobs, mail: t.app.mail }, caller, { password: user.password, organisations: {} }),
        deleteAccount({ db: t.db, clock, jobs: t.app.jobs, mail: t.app.mail }, caller, { password: user.password, organisations: {} }),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected');
      expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(UnauthenticatedError);
    });

    it('answers 401 to a deletion sent again after the first completed', async () => {
      const user = await registerUser(t);
      expect((await remove(user.headersWithCsrf, { password: user.password })).statusCode).toBe(204);
      expect((await remove(user.headersWithCsrf, { password: user.password })).statusCode).toBe(401);
    });
  });

  describe('an account without a password (created through Google)', () => {
    async function googleOnlyUser(): Promise<RegisteredUser> {
      const user = await registerUser(t);
      await t.db.update(users).set({ passwordHash: null, googleSub: `sub-${user.account.id}` }).where(eq(users.id, user.account.id));
      return user;
    }

    it('is deleted within 10 minutes of signing in, confirmed with its e-mail address', async () => {
      const user = await googleOnlyUser();
      clock.advanceBy((recentSignInSeconds - 30) * 1000);
      const response = await remove(user.headersWithCsrf, { password: user.email.toUpperCase() });
      expect(response.statusCode).toBe(204);
      expect(await userRow(t, user.account.id)).toBeUndefined();
    });

    it('asks for a fresh sign-in once the login is older than 10 minutes', async () => {
      const user = await googleOnlyUser();
      clock.advanceBy((recentSignInSeconds + 60) * 1000);
      const response = await remove(user.headersWithCsrf, { password: user.email });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: invalidData, errors: { password: [accountSettingsMessages.reauthenticateToDelete] } });
      expect(await userRow(t, user.account.id)).toBeDefined();
    });

    it('refuses a confirmation that is not the account’s e-mail address', async () => {
      const user = await googleOnlyUser();
      const response = await remove(user.headersWithCsrf, { password: 'delete me' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: invalidData, errors: { password: [accountSettingsMessages.typeEmailToDelete] } });
      expect(await userRow(t, user.account.id)).toBeDefined();
    });
  });

  describe('one user cannot touch another', () => {
    it('deletes only the caller, whatever the body says', async () => {
      const caller = await registerUser(t);
      const other = await registerUser(t);
      const otherBefore = await userRow(t, other.account.id);
      const response = await remove(caller.headersWithCsrf, { password: caller.password, id: other.account.id, email: other.email });
      expect(response.statusCode).toBe(204);
      expect(await userRow(t, caller.account.id)).toBeUndefined();
      expect(await userRow(t, other.account.id)).toEqual(otherBefore);
      expect((await currentAccount(t, other.authHeaders)).id).toBe(other.account.id);
    });
  });
});
