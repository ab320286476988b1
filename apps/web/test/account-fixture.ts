import type { Account, BirthDetails } from '@app/contract/account';

// The account object of spec section 3 as the web tests use it: one signed-up user with every
// step finished, changed per test by overriding only what the test is about.

/** Ada, fully registered, e-mail verified, current policies, with a password. */
export function accountFixture(overrides: Partial<Account> = {}): Account {
  return {
    id: 'user-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    email_verified: true,
    locale: 'en',
    unanswered_questions: 0,
    signup_completed: true,
    big5_completed: true,
    env_completed: true,
    values_completed: true,
    birth_details: null,
    policy_update_required: false,
    has_password: true,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const completeUser: Account = accountFixture();

/** Signed up, but BIG5 and environment not finished: confined to the dashboard and settings. */
export const incompleteUser: Account = accountFixture({ id: 'user-2', big5_completed: false, env_completed: false, values_completed: false });

/** Saved birth details: Zürich, 7 March 1990, a known birth time. */
export function birthDetailsFixture(overrides: Partial<BirthDetails> = {}): BirthDetails {
  return {
    birth_date: '1990-03-07',
    birth_time: '12:05:00',
    birth_city: 'Zürich',
    birth_country: 'Switzerland',
    country_code: 'CH',
    latitude: 47.36667,
    longitude: 8.55,
    timezone: 'Europe/Zurich',
    ts_accurate: true,
    ...overrides,
  };
}
