import { account } from '@app/contract/account';
import { accountApiPaths, apiPaths } from '@app/contract/api-paths';
import { loginResponse } from '@app/contract/auth';
import { validationMessages } from '@app/contract/messages';
import { passwordRuleMessages } from '@app/contract/password-rules';
import { registrationMessages, type RegisterRequest } from '@app/contract/registration';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { ManualClock } from '../../lib/clock.ts';
import { login, registrationBody, uniqueEmail } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { AccountRegisteredEvent } from './account-events.ts';
import { currentPolicyVersions } from './policy-versions.ts';

describe('POST /api/register', () => {
  const clock = new ManualClock(new Date('2027-01-15T12:00:00Z'));
  const registered: AccountRegisteredEvent[] = [];
  let t: TestApp;
  // Sign-up is rate-limited per IP, so each request comes from an address of its own.
  let nextAddress = 1;
  beforeAll(async () => {
    t = await createTestApp({ clock, configure: (app) => app.accountEvents.onRegistered((event) => void registered.push(event)) });
  });
  afterAll(() => t.close());

  async function register(body: Partial<RegisterRequest> | Record<string, unknown>) {
    const { headers } = await t.csrf();
    nextAddress += 1;
    return t.app.inject({
      method: 'POST',
      url: accountApiPaths.register,
      headers,
      payload: body,
      remoteAddress: `10.20.${Math.floor(nextAddress / 250)}.${nextAddress % 250}`,
    });
  }

  const withPassword = (password: string) => registrationBody({ password, password_confirmation: password });

  it('creates the account, signs it in and answers 201 like login', async () => {
    const body = registrationBody({ name: 'Grace Hopper' });
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    const created = loginResponse.parse(response.json());
    expect(account.strict().parse(created.account)).toMatchObject({
      name: 'Grace Hopper',
      email: body.email,
      locale: 'en',
      email_verified: false,
      has_password: true,
      signup_completed: false,
      policy_update_required: false,
    });
    const me = await t.app.inject({ method: 'GET', url: apiPaths.user, headers: { authorization: `Bearer ${created.access_token}` } });
    expect(me.json()).toEqual(created.account);
  });

  it('records which policy versions were accepted, and when', async () => {
    const body = registrationBody();
    await register(body);
    const [stored] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(stored).toMatchObject({
      privacyPolicyVersion: currentPolicyVersions.privacyPolicy,
      termsVersion: currentPolicyVersions.terms,
      privacyPolicyAcceptedAt: clock.now(),
      termsAcceptedAt: clock.now(),
      locale: 'en',
    });
  });

  it('tells the account-registered listeners (the verification e-mail) about the new account', async () => {
    const body = registrationBody();
    const response = await register(body);
    const id = loginResponse.parse(response.json()).account.id;
    expect(registered.find((event) => event.account.id === id)).toMatchObject({ via: 'password', account: { email: body.email } });
  });

  it('refuses an e-mail that differs from a registered one only in case', async () => {
    const email = uniqueEmail('case');
    expect((await register(registrationBody({ email }))).statusCode).toBe(201);
    const response = await register(registrationBody({ email: email.toUpperCase() }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: [registrationMessages.emailTaken] });
  });

  it('lets only one of two simultaneous sign-ups with the same e-mail through', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all([register(registrationBody({ email })), register(registrationBody({ email: email.toUpperCase() }))]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 422]);
  });

  it.each([
    ['an uppercase letter', 'lowercase-only-42!', passwordRuleMessages.uppercase],
    ['a lowercase letter', 'UPPERCASE-ONLY-42!', passwordRuleMessages.lowercase],
    ['a number', 'No-Digits-Here-At-All!', passwordRuleMessages.number],
    ['a special character', 'NoSpecials4Anyone', passwordRuleMessages.special],
  ])('refuses a password without %s with that rule’s own message', async (_rule, password, message) => {
    const response = await register(withPassword(password));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ password: [message] });
  });

  it('lists every broken rule at once', async () => {
    const response = await register(withPassword('abc'));
    expect(response.json().errors.password).toEqual([
      passwordRuleMessages.minLength,
      passwordRuleMessages.uppercase,
      passwordRuleMessages.number,
      passwordRuleMessages.special,
    ]);
  });

  // 'Aa1!' then letters: every class present, so only the length decides.
  const ofLength = (length: number) => `Aa1!${'kestrel'.repeat(20)}`.slice(0, length);

  it.each([
    [11, 422],
    [12, 201],
    [128, 201],
    [129, 422],
  ])('answers a password of %i characters with %i', async (length, status) => {
    const response = await register(withPassword(ofLength(length)));
    expect(response.statusCode).toBe(status);
    if (status === 422) expect(response.json().errors.password).toEqual([length < 12 ? passwordRuleMessages.minLength : passwordRuleMessages.maxLength]);
  });

  it('accepts Unicode and spaces, and logs in with exactly that password', async () => {
    const password = 'Grüße aus Zürich, 2027 ☀';
    const body = withPassword(password);
    expect((await register(body)).statusCode).toBe(201);
    await expect(login(t, body.email, password)).resolves.toMatchObject({ email: body.email });
  });

  it('does not truncate: two passwords sharing their first 72 bytes are different passwords', async () => {
    const prefix = `Aa1!${'x'.repeat(68)}`;
    expect(Buffer.byteLength(prefix)).toBe(72);
    const body = withPassword(`${prefix}-first`);
    expect((await register(body)).statusCode).toBe(201);
    await expect(login(t, body.email, `${prefix}-second`)).rejects.toThrow(/422/);
    await expect(login(t, body.email, `${prefix}-first`)).resolves.toBeDefined();
  });

  it.each(['Password123!', '!!Sunshine2024', 'Qwertyuiop12#', 'P@ssw0rd12345'])('refuses the common password %s', async (password) => {
    const response = await register(withPassword(password));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ password: [passwordRuleMessages.common] });
  });

  it('reports the taken e-mail and the common password together', async () => {
    const email = uniqueEmail('both');
    await register(registrationBody({ email }));
    const response = await register(registrationBody({ email, password: 'Password123!', password_confirmation: 'Password123!' }));
    expect(response.json().errors).toEqual({ email: [registrationMessages.emailTaken], password: [passwordRuleMessages.common] });
  });

  it.each([
    ['name', { name: '  ' }, validationMessages.required],
    ['email', { email: 'nope' }, validationMessages.email],
    ['password_confirmation', { password_confirmation: 'Something-Else-42!' }, validationMessages.passwordMismatch],
    ['password_confirmation', { password_confirmation: '' }, validationMessages.passwordConfirmationRequired],
    ['accept_privacy_policy', { accept_privacy_policy: false }, validationMessages.privacyPolicyRequired],
    ['accept_terms', { accept_terms: false }, validationMessages.termsRequired],
  ])('refuses an invalid %s with the spec’s message', async (field, override, message) => {
    const response = await register({ ...registrationBody(), ...override });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
  });

  it('answers 403 signup_disabled when SIGNUP_ENABLED=false, and the auth config says so', async () => {
    const closed = await createTestApp({ env: { SIGNUP_ENABLED: 'false' } });
    try {
      const { headers } = await closed.csrf();
      const response = await closed.app.inject({ method: 'POST', url: accountApiPaths.register, headers, payload: registrationBody() });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: registrationMessages.signupDisabled, code: 'signup_disabled' });
      const config = await closed.app.inject({ method: 'GET', url: apiPaths.authConfig });
      expect(config.json()).toMatchObject({ signup_enabled: false });
    } finally {
      await closed.close();
    }
  });
});
