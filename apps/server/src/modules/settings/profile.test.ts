import { account } from '@app/contract/account';
import { accountApiPaths } from '@app/contract/api-paths';
import { errorMessages, validationMessages } from '@app/contract/messages';
import { registrationMessages } from '@app/contract/registration';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerUser, uniqueEmail, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { outboxFor, verificationLinkParts, waitForIdleQueue, waitForMail } from '../../../test/mail-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { currentAccount, userRow } from '../../../test/user-fixtures.ts';
import { users } from '../../db/schema/users.ts';
import { sendMailJob } from '../mail/public.ts';

const invalidData = errorMessages.invalidData;

describe('PATCH /api/user/profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function patch(headers: RegisteredUser['headersWithCsrf'] | Record<string, string>, body: unknown) {
    return t.app.inject({ method: 'PATCH', url: accountApiPaths.profile, headers, payload: body as object });
  }

  function profileOf(user: RegisteredUser, overrides: Record<string, unknown> = {}) {
    return { name: user.account.name, email: user.email, locale: 'en', ...overrides };
  }

  /** A user whose address is verified (and whose sign-up e-mail has been delivered). */
  async function verifiedUser(): Promise<RegisteredUser> {
    const user = await registerUser(t);
    await waitForMail(t, user.email);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.account.id));
    return user;
  }

  it('answers 401 without a token', async () => {
    const csrf = await t.csrf();
    const response = await patch(csrf.headers, { name: 'Ada', email: uniqueEmail(), locale: 'en' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('updates the name and answers the account, keeping a verified address verified', async () => {
    const user = await verifiedUser();
    const response = await patch(user.headersWithCsrf, profileOf(user, { name: '  Ada King  ' }));
    expect(response.statusCode).toBe(200);
    const body = account.strict().parse(response.json());
    expect(body).toMatchObject({ id: user.account.id, name: 'Ada King', email: user.email, locale: 'en', email_verified: true });
    expect(await currentAccount(t, user.authHeaders)).toEqual(body);
  });

  it('keeps the address verified and sends nothing when only its letter case changes', async () => {
    const user = await verifiedUser();
    const response = await patch(user.headersWithCsrf, profileOf(user, { email: user.email.toUpperCase() }));
    expect(response.statusCode).toBe(200);
    expect(account.parse(response.json())).toMatchObject({ email: user.email.toUpperCase(), email_verified: true });
    await waitForIdleQueue(t, sendMailJob);
    expect(await outboxFor(t, user.email)).toHaveLength(1);
  });

  it('unverifies a new address and sends a verification link for it, which then verifies it', async () => {
    const user = await verifiedUser();
    const newEmail = uniqueEmail('moved');
    const response = await patch(user.headersWithCsrf, profileOf(user, { email: newEmail }));
    expect(response.statusCode).toBe(200);
    expect(account.parse(response.json())).toMatchObject({ email: newEmail, email_verified: false });

    const mail = await waitForMail(t, newEmail);
    const parts = verificationLinkParts(mail.links[0] ?? '');
    expect(parts).toMatchObject({ id: user.account.id, hash: createHash('sha1').update(newEmail).digest('hex') });
    const verified = await t.app.inject({ method: 'POST', url: accountApiPaths.verifyEmail, headers: user.headersWithCsrf, payload: parts });
    expect(verified.statusCode).toBe(200);
    expect((await currentAccount(t, user.authHeaders)).email_verified).toBe(true);
  });

  it('makes the new address the login, the old one no longer', async () => {
    const user = await registerUser(t);
    const newEmail = uniqueEmail('moved');
    expect((await patch(user.headersWithCsrf, profileOf(user, { email: newEmail }))).statusCode).toBe(200);
    await expect(login(t, newEmail, user.password)).resolves.toMatchObject({ account: { id: user.account.id } });
    await expect(login(t, user.email, user.password)).rejects.toThrow(/login failed/);
  });

  it('refuses an address another account uses, in any letter case, with 422 on email', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    const before = await userRow(t, user.account.id);
    const response = await patch(user.headersWithCsrf, profileOf(user, { email: other.email.toUpperCase() }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: invalidData, errors: { email: [registrationMessages.emailTaken] } });
    expect(await userRow(t, user.account.id)).toEqual(before);
  });

  it('gives one of two accounts racing for the same new address a 422, never a 500', async () => {
    const first = await registerUser(t);
    const second = await registerUser(t);
    const contested = uniqueEmail('contested');
    const responses = await Promise.all([
      patch(first.headersWithCsrf, profileOf(first, { email: contested })),
      patch(second.headersWithCsrf, profileOf(second, { email: contested })),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
  });

  describe('applies the contract’s rules with their messages', () => {
    let user: RegisteredUser;
    beforeAll(async () => {
      user = await registerUser(t);
    });

    it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
      ['a missing name', { name: undefined }, { name: [validationMessages.required] }],
      ['a blank name', { name: '   ' }, { name: [validationMessages.required] }],
      ['a name over 255 characters', { name: 'a'.repeat(256) }, { name: ['Name may not be longer than 255 characters'] }],
      ['a missing e-mail', { email: '' }, { email: [validationMessages.required] }],
      ['an invalid e-mail', { email: 'not-an-address' }, { email: [validationMessages.email] }],
      ['an unsupported locale', { locale: 'xx' }, { locale: ['Choose a supported language'] }],
      ['a missing locale', { locale: undefined }, { locale: ['Choose a supported language'] }],
    ])('%s', async (_label, overrides, errors) => {
      const before = await userRow(t, user.account.id);
      const response = await patch(user.headersWithCsrf, profileOf(user, overrides));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: invalidData, errors });
      expect(await userRow(t, user.account.id)).toEqual(before);
    });
  });

  it('changes only the caller’s profile, whatever ids the body carries', async () => {
    const caller = await registerUser(t);
    const other = await registerUser(t);
    const otherBefore = await userRow(t, other.account.id);
    const response = await patch(caller.headersWithCsrf, { ...profileOf(caller, { name: 'Renamed' }), id: other.account.id, user_id: other.account.id });
    expect(response.statusCode).toBe(200);
    expect(account.parse(response.json())).toMatchObject({ id: caller.account.id, name: 'Renamed' });
    expect(await userRow(t, other.account.id)).toEqual(otherBefore);
  });
});
