import { account } from '@app/contract/account';
import { accountApiPaths } from '@app/contract/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { currentAccount, userRow } from '../../../test/user-fixtures.ts';

// Issue 3: one user cannot read or change another's data through any account call. The paths hold
// no ids: the caller is whoever the token says, and ids, e-mails or passwords of someone else in a
// body must change nothing but the caller's own account.
describe('account calls act on the caller only', () => {
  let t: TestApp;
  let a: RegisteredUser;
  let b: RegisteredUser;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerUser(t);
    b = await registerUser(t);
  });
  afterAll(() => t.close());

  const aNewPassword = 'Another-Quiet-Harbour-9';

  /** Everything that identifies B, put into A's bodies as if A tried to aim a call at B. */
  const aimedAtB = () => ({ id: b.account.id, user_id: b.account.id, userId: b.account.id, account_id: b.account.id });

  const calls: Array<[string, () => { method: 'PUT' | 'PATCH' | 'POST' | 'DELETE'; url: string; payload: object }, number]> = [
    [
      'PUT birth-details',
      () => ({
        method: 'PUT',
        url: accountApiPaths.birthDetails,
        payload: {
          ...aimedAtB(),
          birth_date: '1985-01-02',
          birth_time: null,
          birth_city: 'Oslo',
          birth_country: 'Norway',
          country_code: 'NO',
          latitude: 59.91,
          longitude: 10.75,
          timezone: 'Europe/Oslo',
        },
      }),
      200,
    ],
    ['PATCH profile', () => ({ method: 'PATCH', url: accountApiPaths.profile, payload: { ...aimedAtB(), name: 'Only A', email: a.email, locale: 'en' } }), 200],
    [
      'PUT password',
      () => ({
        method: 'PUT',
        url: accountApiPaths.password,
        payload: { ...aimedAtB(), email: b.email, current_password: a.password, password: aNewPassword, password_confirmation: aNewPassword },
      }),
      200,
    ],
    ['POST policies/accept', () => ({ method: 'POST', url: accountApiPaths.acceptPolicies, payload: aimedAtB() }), 200],
    // Last: it ends A. A's password is the one the call above set.
    ['DELETE user', () => ({ method: 'DELETE', url: accountApiPaths.deleteAccount, payload: { ...aimedAtB(), email: b.email, password: aNewPassword } }), 204],
  ];

  it.each(calls)('%s with A’s token changes A and leaves B as it was', async (_label, call, status) => {
    const bRowBefore = await userRow(t, b.account.id);
    const bAccountBefore = await currentAccount(t, b.authHeaders);

    const response = await t.app.inject({ ...call(), headers: a.headersWithCsrf });
    expect(response.statusCode).toBe(status);
    if (status === 200 && response.json().id !== undefined) {
      const answered = account.parse(response.json());
      expect(answered.id).toBe(a.account.id);
      expect(answered.email).toBe(a.email);
    }
    expect(response.body).not.toContain(b.email);
    expect(response.body).not.toContain(b.account.id);

    expect(await userRow(t, b.account.id)).toEqual(bRowBefore);
    expect(await currentAccount(t, b.authHeaders)).toEqual(bAccountBefore);
  });

  it('left B signed in and whole after all of A’s calls', async () => {
    expect(await userRow(t, a.account.id)).toBeUndefined();
    expect((await currentAccount(t, b.authHeaders)).id).toBe(b.account.id);
  });
});
