import { accountApiPaths } from '@app/contract/api-paths';
import { locationSearchResponse } from '@app/contract/locations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// The birth-place search of the signup-data step is for signed-in users only (issue 3), so the
// city index cannot be scraped anonymously.
describe('GET /api/locations in the whole app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: accountApiPaths.locations, query: { q: 'Zurich' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.', code: 'unauthenticated' });
  });

  it('answers 401 with a token that is not one', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: accountApiPaths.locations,
      query: { q: 'Zurich' },
      headers: { authorization: 'Bearer not-a-real-token' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers places to a signed-in user', async () => {
    const user = await registerUser(t);
    const response = await t.app.inject({ method: 'GET', url: accountApiPaths.locations, query: { q: 'Zurich' }, headers: user.authHeaders });
    expect(response.statusCode).toBe(200);
    const body = locationSearchResponse.parse(response.json());
    expect(body.data[0]).toMatchObject({ city: 'Zürich', country: { code: 'CH' }, timezone: 'Europe/Zurich' });
  });
});
