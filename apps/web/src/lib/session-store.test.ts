import type { Account } from '@app/contract/account';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountFixture } from '../../test/account-fixture.ts';
import { createBrowserFetch } from '../../test/browser-fetch.ts';
import { setUpLocalApiServer } from '../../test/local-api-server-setup.ts';
import { readCookie } from './cookies.ts';
import { createHttpClient, type HttpClient } from './http-client.ts';
import { i18n, setLanguage, t } from './i18n.ts';
import { createSessionStore, isLoggedIn, type SessionStore } from './session-store.ts';
import { createTokenStorage, type TokenStorage } from './token-storage.ts';

/** Signed up, still answering the questionnaires, reading the app in German. */
const ada: Account = accountFixture({ locale: 'de', big5_completed: false, env_completed: false });

const server = setUpLocalApiServer();
let tokens: TokenStorage;
let store: SessionStore;
let reportedErrors: unknown[];
let httpFor: () => HttpClient;

const nowSeconds = () => Math.floor(Date.now() / 1000);

function storedKeys() {
  return {
    auth_token: localStorage.getItem('auth_token'),
    refresh_token: localStorage.getItem('refresh_token'),
    expires_at: localStorage.getItem('expires_at'),
  };
}

function storeSession(accessToken: string) {
  localStorage.setItem('auth_token', accessToken);
  localStorage.setItem('refresh_token', `refresh-of-${accessToken}`);
  localStorage.setItem('expires_at', String(nowSeconds() + 3600));
}

function loginAnswer(accessToken: string, user: Account = ada) {
  return { access_token: accessToken, refresh_token: `refresh-of-${accessToken}`, expires_at: 1_900_000_000, account: user };
}

function answerUserFor(token: string, user: Account = ada) {
  server().on('GET', '/api/user', (request) =>
    request.headers.authorization === `Bearer ${token}`
      ? { status: 200, body: user }
      : { status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } },
  );
}

beforeEach(() => {
  localStorage.clear();
  const browser = createBrowserFetch();
  browser.setCookie('XSRF-TOKEN', 'xsrf');
  tokens = createTokenStorage(localStorage);
  reportedErrors = [];
  httpFor = () =>
    createHttpClient({
      baseUrl: server().url,
      tokens,
      translate: t,
      readCookie: (name) => readCookie(name, browser.cookieString()),
      fetchImpl: browser.fetch,
    });
  store = createSessionStore({ http: httpFor(), tokens, reportError: (error) => reportedErrors.push(error), takeEarlyAccount: () => null });
});

afterEach(async () => {
  await setLanguage('en');
});

describe('restoring the session (spec 4)', () => {
  it('starts as restoring and becomes a ready guest when nothing is stored, without asking the server', async () => {
    expect(store.getSnapshot()).toEqual({ status: 'restoring', token: null, user: null });

    await store.restore();

    expect(store.getSnapshot()).toEqual({ status: 'ready', token: null, user: null });
    expect(store.isLoggedIn()).toBe(false);
    expect(server().requests).toHaveLength(0);
  });

  it('reads the stored token, then reloads the user with it', async () => {
    storeSession('stored-token');
    answerUserFor('stored-token');

    await store.restore();

    expect(store.getSnapshot()).toEqual({ status: 'ready', token: 'stored-token', user: ada });
    expect(store.isLoggedIn()).toBe(true);
    expect(i18n.language).toBe('de');
  });

  it('takes the user from the answer public/session-start.js asked for with the stored token, without asking again', async () => {
    storeSession('stored-token');
    answerUserFor('stored-token');
    const asked: string[] = [];
    const early = createSessionStore({
      http: httpFor(),
      tokens,
      takeEarlyAccount: (token) => {
        asked.push(token);
        return Promise.resolve(new Response(JSON.stringify(ada), { status: 200, headers: { 'Content-Type': 'application/json' } }));
      },
    });

    await early.restore();

    expect(asked).toEqual(['stored-token']);
    expect(early.getSnapshot()).toEqual({ status: 'ready', token: 'stored-token', user: ada });
    expect(server().requestsTo('GET', '/api/user')).toHaveLength(0);
  });

  it('does not ask the server again on the next navigation when the user is already loaded', async () => {
    storeSession('stored-token');
    answerUserFor('stored-token');

    await store.restore();
    await store.restore();

    expect(server().requestsTo('GET', '/api/user')).toHaveLength(1);
  });

  it('shares one user request between restores that run at the same time', async () => {
    storeSession('stored-token');
    answerUserFor('stored-token');

    await Promise.all([store.restore(), store.restore(), store.restore()]);

    expect(server().requestsTo('GET', '/api/user')).toHaveLength(1);
  });

  it('reloads the user when another tab stored a different token', async () => {
    storeSession('first-token');
    answerUserFor('first-token');
    await store.restore();
    storeSession('second-token');
    answerUserFor('second-token', { ...ada, name: 'Grace' });

    await store.restore();

    expect(store.getSnapshot().user?.name).toBe('Grace');
    expect(store.getSnapshot().token).toBe('second-token');
  });

  it('clears tokens and user when the user cannot be reloaded', async () => {
    storeSession('stored-token');
    server().on('GET', '/api/user', () => ({ status: 500, body: { message: 'Boom', code: 'generic' } }));

    await store.restore();

    expect(store.getSnapshot()).toEqual({ status: 'ready', token: null, user: null });
    expect(storedKeys()).toEqual({ auth_token: null, refresh_token: null, expires_at: null });
  });

  it('clears everything when the stored token is refused and cannot be refreshed', async () => {
    storeSession('revoked-token');
    answerUserFor('other-token');
    server().on('POST', '/api/auth/refresh-token', () => ({ status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } }));

    await store.restore();

    expect(store.isLoggedIn()).toBe(false);
    expect(store.getSnapshot().status).toBe('ready');
    expect(storedKeys().auth_token).toBeNull();
  });
});

describe('login (spec 4)', () => {
  it('stores the three keys and the user, sets the locale from the account and runs the login callbacks', async () => {
    server().on('POST', '/api/login', () => ({ status: 200, body: loginAnswer('new-token') }));
    const loggedInUsers: Account[] = [];
    store.onLogin((user) => {
      loggedInUsers.push(user);
    });

    const outcome = await store.login({ email: 'ada@example.com', password: 'Correct-horse-1!' });

    expect(outcome).toEqual({ ok: true, user: ada });
    expect(server().requestsTo('POST', '/api/login')[0]?.body).toEqual({ email: 'ada@example.com', password: 'Correct-horse-1!' });
    expect(storedKeys()).toEqual({ auth_token: 'new-token', refresh_token: 'refresh-of-new-token', expires_at: '1900000000' });
    expect(store.getSnapshot()).toEqual({ status: 'ready', token: 'new-token', user: ada });
    expect(store.isLoggedIn()).toBe(true);
    expect(i18n.language).toBe('de');
    expect(loggedInUsers).toEqual([ada]);
  });

  it('sets the interface to English when the account has no locale', async () => {
    await setLanguage('fr');
    const { locale: _locale, ...withoutLocale } = ada;
    server().on('POST', '/api/login', () => ({ status: 200, body: { ...loginAnswer('new-token'), account: withoutLocale } }));

    await store.login({ email: 'ada@example.com', password: 'x' });

    expect(i18n.language).toBe('en');
  });

  it('no longer runs a callback that unsubscribed, and a failing callback does not undo the login', async () => {
    server().on('POST', '/api/login', () => ({ status: 200, body: loginAnswer('new-token') }));
    let unsubscribedCalls = 0;
    const unsubscribe = store.onLogin(() => {
      unsubscribedCalls += 1;
    });
    unsubscribe();
    store.onLogin(() => {
      throw new Error('basket down');
    });
    store.onLogin(() => Promise.reject(new Error('basket slow and down')));

    const outcome = await store.login({ email: 'ada@example.com', password: 'x' });
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(outcome.ok).toBe(true);
    expect(store.isLoggedIn()).toBe(true);
    expect(unsubscribedCalls).toBe(0);
    expect(reportedErrors.map((error) => (error instanceof Error ? error.message : error))).toEqual([
      'basket down',
      'basket slow and down',
    ]);
  });

  it('returns the field errors and the message of a refused login, and stores nothing', async () => {
    server().on('POST', '/api/login', () => ({
      status: 422,
      body: { message: 'The provided data is invalid. Please check your input and try again.', errors: { email: ['Must be a valid email'] } },
    }));
    let callbacks = 0;
    store.onLogin(() => {
      callbacks += 1;
    });

    const outcome = await store.login({ email: 'nope', password: 'x' });

    expect(outcome).toEqual({
      ok: false,
      error: 'The provided data is invalid. Please check your input and try again.',
      errors: { email: ['Must be a valid email'] },
      status: 422,
    });
    expect(storedKeys().auth_token).toBeNull();
    expect(store.isLoggedIn()).toBe(false);
    expect(callbacks).toBe(0);
  });

  it('says "Invalid login credentials" for wrong credentials, even with a stale token stored', async () => {
    storeSession('stale-token');
    server().on('POST', '/api/login', () => ({ status: 401, body: { message: 'Invalid login credentials', code: 'invalid_credentials' } }));

    const outcome = await store.login({ email: 'ada@example.com', password: 'wrong' });

    expect(outcome).toEqual({ ok: false, error: 'Invalid login credentials', errors: null, status: 401 });
    expect(server().requestsTo('POST', '/api/auth/refresh-token')).toHaveLength(0);
  });

  it('falls back to errors.requestFailed when the login answer carries no session', async () => {
    server().on('POST', '/api/login', () => ({ status: 204 }));

    const outcome = await store.login({ email: 'ada@example.com', password: 'x' });

    expect(outcome).toEqual({ ok: false, error: 'An error occurred', errors: null, status: 204 });
  });
});

describe('Google login (spec 4, spec 8)', () => {
  it('sends the ID token and logs in like a password login', async () => {
    server().on('POST', '/api/login/google', () => ({ status: 200, body: loginAnswer('google-token') }));
    const loggedInUsers: Account[] = [];
    store.onLogin((user) => {
      loggedInUsers.push(user);
    });

    const outcome = await store.loginWithGoogle('google-id-token');

    expect(server().requestsTo('POST', '/api/login/google')[0]?.body).toEqual({ token: 'google-id-token' });
    expect(outcome).toEqual({ ok: true, user: ada });
    expect(storedKeys().auth_token).toBe('google-token');
    expect(i18n.language).toBe('de');
    expect(loggedInUsers).toEqual([ada]);
  });

  it('returns errors.requestFailed whatever the server said', async () => {
    server().on('POST', '/api/login/google', () => ({ status: 401, body: { message: 'Token expired', code: 'invalid_credentials' } }));

    const outcome = await store.loginWithGoogle('expired-id-token');

    expect(outcome).toEqual({ ok: false, error: 'An error occurred', errors: null, status: 401 });
    expect(store.isLoggedIn()).toBe(false);
  });
});

describe('logout (spec 4)', () => {
  it('calls the server with the token, then clears tokens and user', async () => {
    server().on('POST', '/api/login', () => ({ status: 200, body: loginAnswer('new-token') }));
    server().on('POST', '/api/logout', () => ({ status: 204 }));
    await store.login({ email: 'ada@example.com', password: 'x' });

    const result = await store.logout();

    expect(server().requestsTo('POST', '/api/logout')[0]?.headers.authorization).toBe('Bearer new-token');
    expect(result.error).toBeNull();
    expect(store.getSnapshot()).toEqual({ status: 'ready', token: null, user: null });
    expect(storedKeys()).toEqual({ auth_token: null, refresh_token: null, expires_at: null });
  });

  it('clears tokens and user even when the server fails, and returns the failure', async () => {
    server().on('POST', '/api/login', () => ({ status: 200, body: loginAnswer('new-token') }));
    server().on('POST', '/api/logout', () => ({ status: 500, body: { message: 'Boom', code: 'generic' } }));
    await store.login({ email: 'ada@example.com', password: 'x' });

    const result = await store.logout();

    expect(result).toEqual({ data: null, error: 'Something went wrong. Please try again later...', errors: null, status: 500 });
    expect(store.isLoggedIn()).toBe(false);
    expect(storedKeys().auth_token).toBeNull();
  });
});

describe('keeping the session current', () => {
  it('logs the user out when a request elsewhere finds the session expired', async () => {
    storeSession('stored-token');
    answerUserFor('stored-token');
    await store.restore();
    server().on('GET', '/api/reports', () => ({ status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } }));
    server().on('POST', '/api/auth/refresh-token', () => ({ status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } }));
    const http = createHttpClient({ baseUrl: server().url, tokens, translate: t, readCookie: () => 'xsrf' });

    await http.get('/api/reports');

    expect(store.getSnapshot()).toEqual({ status: 'ready', token: null, user: null });
  });

  it('follows a refreshed token without reloading the user', async () => {
    storeSession('stored-token');
    answerUserFor('stored-token');
    await store.restore();

    tokens.write({ access_token: 'refreshed-token', refresh_token: 'r2', expires_at: nowSeconds() + 900 });
    await store.restore();

    expect(store.getSnapshot()).toEqual({ status: 'ready', token: 'refreshed-token', user: ada });
    expect(server().requestsTo('GET', '/api/user')).toHaveLength(1);
  });

  it('reloadUser replaces the user with the server copy', async () => {
    storeSession('stored-token');
    answerUserFor('stored-token');
    await store.restore();
    const finished = { ...ada, big5_completed: true, env_completed: true };
    answerUserFor('stored-token', finished);

    const result = await store.reloadUser();

    expect(result.data).toEqual(finished);
    expect(store.getSnapshot().user).toEqual(finished);
  });

  it('setUser replaces the user and applies its locale', async () => {
    storeSession('stored-token');
    answerUserFor('stored-token');
    await store.restore();

    store.setUser({ ...ada, locale: 'fr', name: 'Ada L.' });

    expect(store.getSnapshot().user?.name).toBe('Ada L.');
    expect(i18n.language).toBe('fr');
  });

  it('tells subscribers about each change until they unsubscribe', async () => {
    server().on('POST', '/api/login', () => ({ status: 200, body: loginAnswer('new-token') }));
    server().on('POST', '/api/logout', () => ({ status: 204 }));
    const seen: boolean[] = [];
    const unsubscribe = store.subscribe(() => seen.push(isLoggedIn(store.getSnapshot())));

    await store.login({ email: 'ada@example.com', password: 'x' });
    await store.logout();
    unsubscribe();
    await store.login({ email: 'ada@example.com', password: 'x' });

    expect(seen).toEqual([true, false]);
  });

  it('does not count a token without a user as logged in (spec 6)', () => {
    expect(isLoggedIn({ status: 'ready', token: 'token', user: null })).toBe(false);
    expect(isLoggedIn({ status: 'ready', token: null, user: ada })).toBe(false);
    expect(isLoggedIn({ status: 'ready', token: 'token', user: ada })).toBe(true);
  });
});
