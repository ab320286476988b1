import { accountSettingsMessages, passwordChangedMessage, wrongPasswordMessage } from '@app/contract/account-settings';
import { accountApiPaths, apiPaths } from '@app/contract/api-paths';
import { errorMessages, validationMessages } from '@app/contract/messages';
import { passwordRuleMessages } from '@app/contract/password-rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerUser, strongPassword, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { userRow } from '../../../test/user-fixtures.ts';
import { users } from '../../db/schema/users.ts';
import { passwordConfirmationRule } from './routes.ts';

const newPassword = 'Quiet-Meadow-Compass-77';
const invalidData = errorMessages.invalidData;

describe('PUT /api/user/password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function put(headers: RegisteredUser['headersWithCsrf'] | Record<string, string>, body: unknown) {
    return t.app.inject({ method: 'PUT', url: accountApiPaths.password, headers, payload: body as object });
  }

  function change(user: RegisteredUser, overrides: Record<string, unknown> = {}) {
    return put(user.headersWithCsrf, { current_password: user.password, password: newPassword, password_confirmation: newPassword, ...overrides });
  }

  function getUser(accessToken: string) {
    return t.app.inject({ method: 'GET', url: apiPaths.user, headers: { authorization: `Bearer ${accessToken}` } });
  }

  async function refresh(refreshToken: string) {
    const csrf = await t.csrf();
    return t.app.inject({ method: 'POST', url: apiPaths.refreshToken, headers: csrf.headers, payload: { refresh_token: refreshToken } });
  }

  it('answers 401 without a token', async () => {
    const csrf = await t.csrf();
    const response = await put(csrf.headers, { current_password: strongPassword, password: newPassword, password_confirmation: newPassword });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('changes the password: the new one logs in, the old one no longer does', async () => {
    const user = await registerUser(t);
    const response = await change(user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: passwordChangedMessage });
    await expect(login(t, user.email, newPassword)).resolves.toMatchObject({ account: { id: user.account.id } });
    await expect(login(t, user.email, user.password)).rejects.toThrow(/401|422/);
  });

  it('keeps the session that made the change and ends every other one, refresh tokens included', async () => {
    const user = await registerUser(t);
    const otherDevice = await login(t, user.email, user.password);
    expect((await change(user)).statusCode).toBe(200);

    expect((await getUser(user.tokens.access_token)).statusCode).toBe(200);
    expect((await refresh(user.tokens.refresh_token)).statusCode).toBe(200);
    expect((await getUser(otherDevice.tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(otherDevice.tokens.refresh_token)).statusCode).toBe(401);
  });

  it('refuses a wrong current password with 422 on current_password and keeps the old password', async () => {
    const user = await registerUser(t);
    const before = await userRow(t, user.account.id);
    const response = await change(user, { current_password: 'Not-The-Password-1' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: invalidData, errors: { current_password: [wrongPasswordMessage] } });
    expect((await userRow(t, user.account.id))?.passwordHash).toBe(before?.passwordHash);
  });

  it('refuses a very common new password with 422 on password', async () => {
    const user = await registerUser(t);
    const response = await change(user, { password: 'Password123!', password_confirmation: 'Password123!' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: invalidData, errors: { password: [passwordRuleMessages.common] } });
  });

  it('reports a wrong current password and a common new one together', async () => {
    const user = await registerUser(t);
    const response = await change(user, { current_password: 'Not-The-Password-1', password: 'Password123!', password_confirmation: 'Password123!' });
    expect(response.json()).toEqual({
      message: invalidData,
      errors: { current_password: [wrongPasswordMessage], password: [passwordRuleMessages.common] },
    });
  });

  describe('applies the contract’s rules with their messages', () => {
    let user: RegisteredUser;
    beforeAll(async () => {
      user = await registerUser(t);
    });

    it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
      ['a missing current password', { current_password: undefined }, { current_password: [validationMessages.required] }],
      ['an empty current password', { current_password: '' }, { current_password: [validationMessages.required] }],
      ['a missing new password', { password: '', password_confirmation: '' }, { password: [validationMessages.required], password_confirmation: [validationMessages.passwordConfirmationRequired] }],
      ['a short new password', { password: 'Sh0rt-pass!', password_confirmation: 'Sh0rt-pass!' }, { password: [passwordRuleMessages.minLength] }],
      ['no uppercase letter', { password: 'quiet-meadow-77', password_confirmation: 'quiet-meadow-77' }, { password: [passwordRuleMessages.uppercase] }],
      ['no lowercase letter', { password: 'QUIET-MEADOW-77', password_confirmation: 'QUIET-MEADOW-77' }, { password: [passwordRuleMessages.lowercase] }],
      ['no number', { password: 'Quiet-Meadow-Compass', password_confirmation: 'Quiet-Meadow-Compass' }, { password: [passwordRuleMessages.number] }],
      ['no special character', { password: 'QuietMeadowCompass77', password_confirmation: 'QuietMeadowCompass77' }, { password: [passwordRuleMessages.special] }],
      ['a missing confirmation', { password_confirmation: '' }, { password_confirmation: [validationMessages.passwordConfirmationRequired] }],
      ['a confirmation that does not match', { password_confirmation: `${newPassword}x` }, { password_confirmation: [validationMessages.passwordMismatch] }],
    ])('%s', async (_label, overrides, errors) => {
      const response = await change(user, overrides);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: invalidData, errors });
    });
  });

  it('tells an account without a password (Google) to set one through the reset e-mail', async () => {
    const user = await registerUser(t);
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.account.id));
    const response = await change(user);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: invalidData, errors: { current_password: [accountSettingsMessages.noPasswordYet] } });
    expect((await userRow(t, user.account.id))?.passwordHash).toBeNull();
  });

  it('lets only one of two concurrent changes with the same current password through', async () => {
    const user = await registerUser(t);
    const responses = await Promise.all([change(user), change(user, { password: `${newPassword}!`, password_confirmation: `${newPassword}!` })]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
  });

  it(`answers 429 after ${passwordConfirmationRule.limit} wrong current passwords, counted per user`, async () => {
    const user = await registerUser(t);
    const bystander = await registerUser(t);
    for (let attempt = 1; attempt <= passwordConfirmationRule.limit; attempt += 1) {
      expect((await change(user, { current_password: `Wrong-Guess-${attempt}` })).statusCode).toBe(422);
    }
    const limited = await change(user);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await change(bystander)).statusCode).toBe(200);
  });

  it('changes only the caller’s password', async () => {
    const caller = await registerUser(t);
    const other = await registerUser(t);
    const otherBefore = await userRow(t, other.account.id);
    const response = await change(caller, { id: other.account.id, email: other.email });
    expect(response.statusCode).toBe(200);
    expect(await userRow(t, other.account.id)).toEqual(otherBefore);
    expect((await getUser(other.tokens.access_token)).statusCode).toBe(200);
  });
});
