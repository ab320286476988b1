import { account } from '@app/contract/account';
import { apiPaths } from '@app/contract/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('GET /api/user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the caller’s account object in the contract’s shape', async () => {
    const user = await registerUser(t);
    const response = await t.app.inject({ method: 'GET', url: apiPaths.user, headers: user.authHeaders });
    expect(response.statusCode).toBe(200);
    const body = account.strict().parse(response.json());
    expect(body).toEqual(user.account);
    expect(body).toMatchObject({
      email: user.email,
      email_verified: false,
      locale: 'en',
      unanswered_questions: 0,
      signup_completed: false,
      big5_completed: false,
      env_completed: false,
      values_completed: false,
      birth_details: null,
      policy_update_required: false,
      has_password: true,
    });
  });

  it('answers 401 unauthenticated without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiPaths.user });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.', code: 'unauthenticated' });
  });
});
