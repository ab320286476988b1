import { account } from '@app/contract/account';
import { accountApiPaths } from '@app/contract/api-paths';
import { birthDetailsMessages, birthYearMax, type BirthDetailsRequest } from '@app/contract/birth-details';
import { validationMessages } from '@app/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { currentAccount, userRow } from '../../../test/user-fixtures.ts';

const zurich: BirthDetailsRequest = {
  birth_date: '1990-05-17',
  birth_time: '14:30:00',
  birth_city: 'Zürich',
  birth_country: 'Switzerland',
  country_code: 'CH',
  latitude: 47.36667,
  longitude: 8.55,
  timezone: 'Europe/Zurich',
};

function tomorrow(): string {
  return new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

describe('PUT /api/user/birth-details', () => {
  let t: TestApp;
  let user: RegisteredUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await registerUser(t);
  });
  afterAll(() => t.close());

  function put(body: unknown, headers = user.headersWithCsrf) {
    return t.app.inject({ method: 'PUT', url: accountApiPaths.birthDetails, headers, payload: body as object });
  }

  it('answers 401 without a token', async () => {
    const csrf = await t.csrf();
    const response = await put(zurich, { ...csrf.headers, authorization: '' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.', code: 'unauthenticated' });
  });

  it('saves the birth details, completes the signup step and answers the account', async () => {
    const response = await put(zurich);
    expect(response.statusCode).toBe(200);
    const body = account.strict().parse(response.json());
    expect(body.signup_completed).toBe(true);
    expect(body.birth_details).toEqual({ ...zurich, ts_accurate: true });
    expect(await currentAccount(t, user.authHeaders)).toEqual(body);
  });

  it('stores an unknown birth time as null with ts_accurate false', async () => {
    const response = await put({ ...zurich, birth_time: null });
    expect(response.statusCode).toBe(200);
    expect(account.parse(response.json()).birth_details).toMatchObject({ birth_time: null, ts_accurate: false });
    expect((await userRow(t, user.account.id))?.tsAccurate).toBe(false);
  });

  it('replaces earlier details when saved again', async () => {
    await put(zurich);
    const lima = { ...zurich, birth_city: 'Lima', birth_country: 'Peru', country_code: 'PE', latitude: -12.04, longitude: -77.03, timezone: 'America/Lima' };
    const response = await put(lima);
    expect(account.parse(response.json()).birth_details).toEqual({ ...lima, ts_accurate: true });
  });

  it('accepts a zone the tz database keeps as an alias', async () => {
    const response = await put({ ...zurich, timezone: 'Europe/Kyiv' });
    expect(response.statusCode).toBe(200);
    expect(account.parse(response.json()).birth_details?.timezone).toBe('Europe/Kyiv');
  });

  describe('refuses with 422 and the field’s message', () => {
    it.each<[string, Partial<Record<keyof BirthDetailsRequest, unknown>>, string, string]>([
      ['a birth date in the future', { birth_date: tomorrow() }, 'birth_date', birthDetailsMessages.future],
      ['a birth date before 1900', { birth_date: '1899-12-31' }, 'birth_date', `Year must be between 1900 and ${birthYearMax()}`],
      ['an impossible birth date', { birth_date: '1990-02-30' }, 'birth_date', 'Must be a date as yyyy-MM-dd'],
      ['a birth date in another format', { birth_date: '17.05.1990' }, 'birth_date', 'Must be a date as yyyy-MM-dd'],
      ['a birth time without seconds', { birth_time: '14:30' }, 'birth_time', 'Must be a time as HH:mm:ss'],
      ['a birth time past 23:59:59', { birth_time: '24:00:00' }, 'birth_time', 'Must be a time as HH:mm:ss'],
      ['a missing city', { birth_city: undefined }, 'birth_city', validationMessages.required],
      ['a blank city', { birth_city: '   ' }, 'birth_city', validationMessages.required],
      ['a blank country', { birth_country: '' }, 'birth_country', validationMessages.required],
      ['a lower-case country code', { country_code: 'ch' }, 'country_code', birthDetailsMessages.countryCode],
      ['a three-letter country code', { country_code: 'CHE' }, 'country_code', birthDetailsMessages.countryCode],
      ['a missing country code', { country_code: undefined }, 'country_code', validationMessages.required],
      ['a latitude above 90', { latitude: 90.5 }, 'latitude', birthDetailsMessages.latitude],
      ['a latitude below -90', { latitude: -91 }, 'latitude', birthDetailsMessages.latitude],
      ['a latitude as text', { latitude: '47.3' }, 'latitude', validationMessages.required],
      ['a longitude above 180', { longitude: 181 }, 'longitude', birthDetailsMessages.longitude],
      ['a longitude below -180', { longitude: -180.01 }, 'longitude', birthDetailsMessages.longitude],
      ['a time zone that does not exist', { timezone: 'Mars/Olympus_Mons' }, 'timezone', birthDetailsMessages.timeZone],
      ['an offset instead of a time zone', { timezone: '+01:00' }, 'timezone', birthDetailsMessages.timeZone],
      ['a missing time zone', { timezone: undefined }, 'timezone', validationMessages.required],
    ])('%s', async (_label, change, field, message) => {
      const before = await userRow(t, user.account.id);
      const response = await put({ ...zurich, ...change });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: 'The provided data is invalid. Please check your input and try again.', errors: { [field]: [message] } });
      expect(await userRow(t, user.account.id)).toEqual(before);
    });
  });

  it('changes only the caller’s account, whatever ids the body carries', async () => {
    const other = await registerUser(t);
    const otherBefore = await userRow(t, other.account.id);
    const response = await put({ ...zurich, id: other.account.id, user_id: other.account.id, email: other.email });
    expect(response.statusCode).toBe(200);
    expect(account.parse(response.json()).id).toBe(user.account.id);
    expect(await userRow(t, other.account.id)).toEqual(otherBefore);
    expect((await currentAccount(t, other.authHeaders)).birth_details).toBeNull();
  });
});
