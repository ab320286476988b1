import { account } from '@app/contract/account';
import { accountApiPaths } from '@app/contract/api-paths';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { currentAccount, userRow } from '../../../test/user-fixtures.ts';
import { users } from '../../db/schema/users.ts';
import { ManualClock } from '../../lib/clock.ts';
import { currentPolicyVersions } from '../accounts/public.ts';

describe('POST /api/policies/accept', () => {
  const clock = new ManualClock(new Date('2031-03-04T10:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  function accept(headers: RegisteredUser['headersWithCsrf'] | Record<string, string>) {
    return t.app.inject({ method: 'POST', url: accountApiPaths.acceptPolicies, headers });
  }

  /** As if the user had accepted versions that have since been replaced. */
  /** As new policy versions would: the accepted ones are old now (the caches hear of it). */
  async function makeAcceptanceOutdated(user: RegisteredUser): Promise<void> {
    await t.db
      .update(users)
      .set({ privacyPolicyVersion: '2020-01-01', termsVersion: '2020-01-01' })
      .where(eq(users.id, user.account.id));
    await t.changesSettled();
  }

  it('answers 401 without a token', async () => {
    const csrf = await t.csrf();
    const response = await accept(csrf.headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('asks for agreement when the accepted versions are old, and stops asking after I Agree', async () => {
    const user = await registerUser(t);
    expect((await currentAccount(t, user.authHeaders)).policy_update_required).toBe(false);

    await makeAcceptanceOutdated(user);
    expect((await currentAccount(t, user.authHeaders)).policy_update_required).toBe(true);

    clock.advanceBy(60_000);
    const response = await accept(user.headersWithCsrf);
    expect(response.statusCode).toBe(200);
    expect(account.strict().parse(response.json())).toMatchObject({ id: user.account.id, policy_update_required: false });
    expect((await currentAccount(t, user.authHeaders)).policy_update_required).toBe(false);
    expect(await userRow(t, user.account.id)).toMatchObject({
      privacyPolicyVersion: currentPolicyVersions.privacyPolicy,
      privacyPolicyAcceptedAt: clock.now(),
      termsVersion: currentPolicyVersions.terms,
      termsAcceptedAt: clock.now(),
    });
  });

  it('asks again when only the terms are outdated', async () => {
    const user = await registerUser(t);
    await t.db.update(users).set({ termsVersion: '2020-01-01' }).where(eq(users.id, user.account.id));
    await t.changesSettled();
    expect((await currentAccount(t, user.authHeaders)).policy_update_required).toBe(true);
    expect(account.parse((await accept(user.headersWithCsrf)).json()).policy_update_required).toBe(false);
  });

  it('asks an account that never recorded an acceptance, and records it', async () => {
    const user = await registerUser(t);
    await t.db.update(users).set({ privacyPolicyVersion: null, privacyPolicyAcceptedAt: null }).where(eq(users.id, user.account.id));
    expect((await currentAccount(t, user.authHeaders)).policy_update_required).toBe(true);
    expect(account.parse((await accept(user.headersWithCsrf)).json()).policy_update_required).toBe(false);
  });

  it('records the acceptance of the caller only', async () => {
    const caller = await registerUser(t);
    const other = await registerUser(t);
    await makeAcceptanceOutdated(caller);
    await makeAcceptanceOutdated(other);
    const otherBefore = await userRow(t, other.account.id);

    const response = await t.app.inject({
      method: 'POST',
      url: accountApiPaths.acceptPolicies,
      headers: caller.headersWithCsrf,
      payload: { id: other.account.id, user_id: other.account.id },
    });
    expect(response.statusCode).toBe(200);
    expect(account.parse(response.json()).id).toBe(caller.account.id);
    expect(await userRow(t, other.account.id)).toEqual(otherBefore);
    expect((await currentAccount(t, other.authHeaders)).policy_update_required).toBe(true);
  });
});
