import { account } from '@app/contract/account';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountFixture } from '../../test/account-fixture.ts';
import { createBrowserFetch, type BrowserFetch } from '../../test/browser-fetch.ts';
import { unusedLocalUrl, type RecordedRequest } from '../../test/local-api-server.ts';
import { setUpLocalApiServer } from '../../test/local-api-server-setup.ts';
import { readCookie } from './cookies.ts';
import { createHttpClient, type HttpClient } from './http-client.ts';
import { t } from './i18n.ts';
import { createTokenStorage, tokenStorageKeys, type TokenStorage } from './token-storage.ts';

const sessionExpiredText = 'Session expired. Please log in again.';
const genericErrorText = 'Oops! Something went wrong, please try again later.';
const serverGenericText = 'Something went wrong. Please try again later...';

const server = setUpLocalApiServer();
let browser: BrowserFetch;
let tokens: TokenStorage;
let sessionExpiredCalls: number;
let reportedErrors: unknown[];
let client: HttpClient;

const nowSeconds = () => Math.floor(Date.now() / 1000);

function clientFor(baseUrl: string): HttpClient {
  return createHttpClient({
    baseUrl,
    tokens,
    translate: t,
    readCookie: (name) => readCookie(name, browser.cookieString()),
    fetchImpl: browser.fetch,
    onSessionExpired: () => {
      sessionExpiredCalls += 1;
    },
    reportError: (error) => reportedErrors.push(error),
  });
}

function storeSession(accessToken: string, expiresAt: number | null, refreshToken = `refresh-of-${accessToken}`) {
  localStorage.setItem(tokenStorageKeys.accessToken, accessToken);
  localStorage.setItem(tokenStorageKeys.refreshToken, refreshToken);
  if (expiresAt !== null) localStorage.setItem(tokenStorageKeys.expiresAt, String(expiresAt));
}

function storedKeys() {
  return {
    auth_token: localStorage.getItem('auth_token'),
    refresh_token: localStorage.getItem('refresh_token'),
    expires_at: localStorage.getItem('expires_at'),
  };
}

/** The refresh endpoint of spec 7, rotating `refresh-of-<token>` into `fresh-token`. */
function answerRefreshWith(accessToken: string, options: { delayMs?: number } = {}) {
  server().on('POST', '/api/auth/refresh-token', () => ({
    status: 200,
    delayMs: options.delayMs,
    body: { access_token: accessToken, refresh_token: `refresh-of-${accessToken}`, expires_at: nowSeconds() + 900 },
  }));
}

/** An endpoint that only accepts `Bearer <token>`, as the real auth guard does. */
function requireBearer(method: string, path: string, token: string) {
  server().on(method, path, (request) =>
    request.headers.authorization === `Bearer ${token}`
      ? { status: 200, body: { ok: true } }
      : { status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } },
  );
}

function bearerOf(request: RecordedRequest | undefined): string | undefined {
  return request?.headers.authorization;
}

beforeEach(() => {
  localStorage.clear();
  browser = createBrowserFetch();
  browser.setCookie('XSRF-TOKEN', 'xsrf-value');
  tokens = createTokenStorage(localStorage);
  sessionExpiredCalls = 0;
  reportedErrors = [];
  client = clientFor(server().url);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('request format (spec 7)', () => {
  it('sends a JSON body, accepts JSON and includes the cookies', async () => {
    browser.setCookie('laravel_session', 'abc');
    server().on('POST', '/api/things', (request) => ({ status: 201, body: { received: request.body } }));

    const result = await client.post('/api/things', { name: 'Ada', tags: ['x'] });

    const [request] = server().requestsTo('POST', '/api/things');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.headers.cookie).toContain('laravel_session=abc');
    expect(browser.credentialsModes).toEqual(['include']);
    expect(result).toEqual({ data: { received: { name: 'Ada', tags: ['x'] } }, error: null, errors: null, status: 201 });
  });

  it('sends a GET with credentials, without a body, and its query values encoded', async () => {
    browser.setCookie('laravel_session', 'abc');
    server().on('GET', '/api/locations', () => ({ status: 200, body: [] }));

    await client.get('/api/locations', { q: 'zürich & co', limit: 5, country: undefined, region: null });

    const [request] = server().requestsTo('GET', '/api/locations');
    expect(request?.query.get('q')).toBe('zürich & co');
    expect(request?.query.get('limit')).toBe('5');
    expect(request?.query.has('country')).toBe(false);
    expect(request?.query.has('region')).toBe(false);
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.headers.cookie).toContain('laravel_session=abc');
    expect(request?.rawBody).toBe('');
    expect(browser.credentialsModes).toEqual(['include']);
  });

  it('declares no JSON content type for a POST without a body, so the server does not reject an empty JSON body', async () => {
    server().on('POST', '/api/logout', () => ({ status: 204 }));

    await client.post('/api/logout');

    const [request] = server().requestsTo('POST', '/api/logout');
    expect(request?.headers['content-type']).toBeUndefined();
    expect(request?.headers.accept).toBe('application/json');
  });

  it('adds no X-XSRF-TOKEN header to GET requests', async () => {
    server().on('GET', '/api/user', () => ({ status: 200, body: {} }));

    await client.get('/api/user');

    expect(server().requestsTo('GET', '/api/user')[0]?.headers['x-xsrf-token']).toBeUndefined();
  });

  it('echoes the URI-decoded XSRF-TOKEN cookie on POST, PUT, PATCH and DELETE', async () => {
    browser.setCookie('XSRF-TOKEN', 'eyJpdiI6%2Fabc%3D%3D');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) server().on(method, '/api/things/1', () => ({ status: 204 }));

    await client.post('/api/things/1', { a: 1 });
    await client.put('/api/things/1', { a: 1 });
    await client.patch('/api/things/1', { a: 1 });
    await client.delete('/api/things/1');

    const headers = server().requests.map((request) => [request.method, request.headers['x-xsrf-token']]);
    expect(headers).toEqual([
      ['POST', 'eyJpdiI6/abc=='],
      ['PUT', 'eyJpdiI6/abc=='],
      ['PATCH', 'eyJpdiI6/abc=='],
      ['DELETE', 'eyJpdiI6/abc=='],
    ]);
  });

  it('fetches /sanctum/csrf-cookie before the first write when the XSRF cookie is missing', async () => {
    browser = createBrowserFetch();
    client = clientFor(server().url);
    server().on('GET', '/sanctum/csrf-cookie', () => ({
      status: 204,
      headers: { 'Set-Cookie': 'XSRF-TOKEN=t%2B1%3D; Path=/; SameSite=Lax' },
    }));
    server().on('POST', '/api/things', () => ({ status: 204 }));

    const result = await client.post('/api/things', { a: 1 });

    expect(server().requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /api/things',
    ]);
    const write = server().requestsTo('POST', '/api/things')[0];
    expect(write?.headers.cookie).toContain('XSRF-TOKEN=t%2B1%3D');
    expect(write?.headers['x-xsrf-token']).toBe('t+1=');
    expect(result.error).toBeNull();
  });

  it('shares one csrf-cookie fetch between parallel first writes', async () => {
    browser = createBrowserFetch();
    client = clientFor(server().url);
    server().on('GET', '/sanctum/csrf-cookie', () => ({
      status: 204,
      delayMs: 30,
      headers: { 'Set-Cookie': 'XSRF-TOKEN=shared; Path=/' },
    }));
    server().on('POST', '/api/things', () => ({ status: 204 }));

    await Promise.all([client.post('/api/things', {}), client.post('/api/things', {}), client.post('/api/things', {})]);

    expect(server().requestsTo('GET', '/sanctum/csrf-cookie')).toHaveLength(1);
    expect(server().requestsTo('POST', '/api/things').map((request) => request.headers['x-xsrf-token'])).toEqual([
      'shared',
      'shared',
      'shared',
    ]);
  });

  it('takes a fresh XSRF cookie and retries once when the server answers csrf_mismatch', async () => {
    browser.setCookie('XSRF-TOKEN', 'stale');
    server().on('GET', '/sanctum/csrf-cookie', () => ({ status: 204, headers: { 'Set-Cookie': 'XSRF-TOKEN=current; Path=/' } }));
    server().on('POST', '/api/things', (request) =>
      request.headers['x-xsrf-token'] === 'current'
        ? { status: 200, body: { saved: true } }
        : { status: 419, body: { message: 'CSRF token mismatch.', code: 'csrf_mismatch' } },
    );

    const result = await client.post('/api/things', { a: 1 });

    expect(result).toEqual({ data: { saved: true }, error: null, errors: null, status: 200 });
    expect(server().requestsTo('POST', '/api/things')).toHaveLength(2);
  });

  it('reports a csrf_mismatch that survives the retry instead of retrying again', async () => {
    server().on('GET', '/sanctum/csrf-cookie', () => ({ status: 204, headers: { 'Set-Cookie': 'XSRF-TOKEN=other; Path=/' } }));
    server().on('POST', '/api/things', () => ({ status: 419, body: { message: 'CSRF token mismatch.', code: 'csrf_mismatch' } }));

    const result = await client.post('/api/things', { a: 1 });

    expect(result.status).toBe(419);
    expect(result.error).toBe('Your security token has expired. Please reload the page and try again.');
    expect(server().requestsTo('POST', '/api/things')).toHaveLength(2);
  });

  it('renews a stale XSRF cookie for the token refresh too, instead of ending the session', async () => {
    browser.setCookie('XSRF-TOKEN', 'stale');
    storeSession('old-token', nowSeconds() - 5);
    server().on('GET', '/sanctum/csrf-cookie', () => ({ status: 204, headers: { 'Set-Cookie': 'XSRF-TOKEN=current; Path=/' } }));
    server().on('POST', '/api/auth/refresh-token', (request) =>
      request.headers['x-xsrf-token'] === 'current'
        ? { status: 200, body: { access_token: 'fresh-token', refresh_token: 'r2', expires_at: nowSeconds() + 900 } }
        : { status: 419, body: { message: 'CSRF token mismatch.', code: 'csrf_mismatch' } },
    );
    requireBearer('GET', '/api/user', 'fresh-token');

    const result = await client.get('/api/user');

    expect(result.status).toBe(200);
    expect(storedKeys().auth_token).toBe('fresh-token');
    expect(sessionExpiredCalls).toBe(0);
  });

  it('sends a Bearer Authorization header when a token is stored', async () => {
    storeSession('token-1', nowSeconds() + 3600);
    server().on('GET', '/api/user', () => ({ status: 200, body: {} }));

    await client.get('/api/user');

    expect(bearerOf(server().requestsTo('GET', '/api/user')[0])).toBe('Bearer token-1');
  });

  it('sends no Authorization header without a stored token', async () => {
    server().on('GET', '/api/user', () => ({ status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } }));

    const result = await client.get('/api/user');

    expect(bearerOf(server().requestsTo('GET', '/api/user')[0])).toBeUndefined();
    expect(result.status).toBe(401);
    expect(server().requestsTo('POST', '/api/auth/refresh-token')).toHaveLength(0);
  });

  it('sends no token and never refreshes for a request marked auth: false', async () => {
    storeSession('stale-token', nowSeconds() - 10);
    server().on('POST', '/api/login', () => ({ status: 401, body: { message: 'Invalid login credentials', code: 'invalid_credentials' } }));

    const result = await client.post('/api/login', { email: 'a@b.c', password: 'wrong' }, { auth: false });

    expect(result).toEqual({ data: null, error: 'Invalid login credentials', errors: null, status: 401 });
    expect(bearerOf(server().requestsTo('POST', '/api/login')[0])).toBeUndefined();
    expect(server().requestsTo('POST', '/api/auth/refresh-token')).toHaveLength(0);
    expect(storedKeys().auth_token).toBe('stale-token');
  });
});

describe('token expiry (spec 4: expired 60 s before expiry)', () => {
  const expiresAt = 1_900_000_000;

  it('uses the stored token without refreshing at 61 s before its expiry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((expiresAt - 61) * 1000);
    storeSession('current-token', expiresAt);
    answerRefreshWith('fresh-token');
    requireBearer('GET', '/api/user', 'current-token');

    const result = await client.get('/api/user');

    expect(result.status).toBe(200);
    expect(server().requestsTo('POST', '/api/auth/refresh-token')).toHaveLength(0);
  });

  it('refreshes before sending at 60 s before its expiry and sends the new token', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((expiresAt - 60) * 1000);
    storeSession('old-token', expiresAt);
    answerRefreshWith('fresh-token');
    requireBearer('GET', '/api/user', 'fresh-token');

    const result = await client.get('/api/user');

    expect(server().requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/auth/refresh-token',
      'GET /api/user',
    ]);
    expect(server().requestsTo('POST', '/api/auth/refresh-token')[0]?.body).toEqual({ refresh_token: 'refresh-of-old-token' });
    expect(result).toEqual({ data: { ok: true }, error: null, errors: null, status: 200 });
    expect(storedKeys()).toEqual({
      auth_token: 'fresh-token',
      refresh_token: 'refresh-of-fresh-token',
      expires_at: String(expiresAt - 60 + 900),
    });
  });

  it('refreshes before sending when no expiry is known', async () => {
    storeSession('old-token', null);
    answerRefreshWith('fresh-token');
    requireBearer('GET', '/api/user', 'fresh-token');

    const result = await client.get('/api/user');

    expect(server().requestsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);
    expect(result.status).toBe(200);
  });

  it('sends the refresh call with the XSRF header and without the expired token', async () => {
    browser.setCookie('XSRF-TOKEN', 'xsrf%2Fvalue');
    storeSession('old-token', nowSeconds() - 5);
    answerRefreshWith('fresh-token');
    requireBearer('GET', '/api/user', 'fresh-token');

    await client.get('/api/user');

    const [refresh] = server().requestsTo('POST', '/api/auth/refresh-token');
    expect(refresh?.headers['x-xsrf-token']).toBe('xsrf/value');
    expect(refresh?.headers['content-type']).toBe('application/json');
    expect(refresh?.headers.authorization).toBeUndefined();
  });
});

describe('401 with a token (spec 7: refresh and retry once)', () => {
  it('refreshes and retries the request once with the new token', async () => {
    storeSession('old-token', nowSeconds() + 3600);
    answerRefreshWith('fresh-token');
    requireBearer('GET', '/api/reports', 'fresh-token');

    const result = await client.get('/api/reports');

    expect(server().requestsTo('GET', '/api/reports').map(bearerOf)).toEqual(['Bearer old-token', 'Bearer fresh-token']);
    expect(server().requestsTo('POST', '/api/auth/refresh-token')[0]?.body).toEqual({ refresh_token: 'refresh-of-old-token' });
    expect(result).toEqual({ data: { ok: true }, error: null, errors: null, status: 200 });
    expect(storedKeys().auth_token).toBe('fresh-token');
  });

  it('returns the retry answer when the refreshed token is refused too, without refreshing again', async () => {
    storeSession('old-token', nowSeconds() + 3600);
    answerRefreshWith('fresh-token');
    requireBearer('GET', '/api/reports', 'some-other-token');

    const result = await client.get('/api/reports');

    expect(result).toEqual({ data: null, error: 'Please log in to continue.', errors: null, status: 401 });
    expect(server().requestsTo('GET', '/api/reports')).toHaveLength(2);
    expect(server().requestsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);
  });

  it('makes exactly one refresh for three parallel 401s and retries each request once', async () => {
    storeSession('old-token', nowSeconds() + 3600);
    answerRefreshWith('fresh-token', { delayMs: 50 });
    requireBearer('GET', '/api/reports', 'fresh-token');
    requireBearer('GET', '/api/payments', 'fresh-token');
    requireBearer('GET', '/api/cart', 'fresh-token');

    const results = await Promise.all([client.get('/api/reports'), client.get('/api/payments'), client.get('/api/cart')]);

    expect(server().requestsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);
    expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
    for (const path of ['/api/reports', '/api/payments', '/api/cart']) {
      expect(server().requestsTo('GET', path).map(bearerOf)).toEqual(['Bearer old-token', 'Bearer fresh-token']);
    }
  });

  it('retries without a second refresh when another request has already refreshed the token', async () => {
    storeSession('old-token', nowSeconds() + 3600);
    answerRefreshWith('fresh-token');
    requireBearer('GET', '/api/reports', 'fresh-token');
    // The slow request was sent with the old token before the first one refreshed it.
    server().on('GET', '/api/slow', (request) =>
      request.headers.authorization === 'Bearer fresh-token'
        ? { status: 200, body: { ok: true } }
        : { status: 401, delayMs: 100, body: { message: 'Unauthenticated.', code: 'unauthenticated' } },
    );

    const [slow, fast] = await Promise.all([client.get('/api/slow'), client.get('/api/reports')]);

    expect([slow.status, fast.status]).toEqual([200, 200]);
    expect(server().requestsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);
  });

  it('clears the stored session and answers "Session expired" with 401 when the refresh fails', async () => {
    storeSession('old-token', nowSeconds() + 3600);
    server().on('POST', '/api/auth/refresh-token', () => ({ status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } }));
    requireBearer('GET', '/api/reports', 'fresh-token');

    const result = await client.get('/api/reports');

    expect(result).toEqual({ data: null, error: sessionExpiredText, errors: null, status: 401 });
    expect(storedKeys()).toEqual({ auth_token: null, refresh_token: null, expires_at: null });
    expect(sessionExpiredCalls).toBe(1);
    expect(server().requestsTo('GET', '/api/reports')).toHaveLength(1);
  });

  it('does not loop after a failed refresh: the next request goes out without a token and is not refreshed', async () => {
    storeSession('old-token', nowSeconds() + 3600);
    server().on('POST', '/api/auth/refresh-token', () => ({ status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } }));
    requireBearer('GET', '/api/reports', 'fresh-token');

    await client.get('/api/reports');
    const next = await client.get('/api/reports');

    expect(server().requestsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);
    expect(bearerOf(server().requestsTo('GET', '/api/reports')[1])).toBeUndefined();
    expect(next).toEqual({ data: null, error: 'Please log in to continue.', errors: null, status: 401 });
    expect(sessionExpiredCalls).toBe(1);
  });

  it('answers "Session expired" when the token expired and the refresh fails, without sending the request', async () => {
    storeSession('old-token', nowSeconds() - 1);
    server().on('POST', '/api/auth/refresh-token', () => ({ status: 500, body: { message: 'Boom', code: 'generic' } }));
    requireBearer('GET', '/api/reports', 'fresh-token');

    const result = await client.get('/api/reports');

    expect(result).toEqual({ data: null, error: sessionExpiredText, errors: null, status: 401 });
    expect(server().requestsTo('GET', '/api/reports')).toHaveLength(0);
    expect(storedKeys().auth_token).toBeNull();
  });

  it('treats a session without a refresh token as expired once the server refuses its token', async () => {
    localStorage.setItem('auth_token', 'lonely-token');
    localStorage.setItem('expires_at', String(nowSeconds() + 3600));
    requireBearer('GET', '/api/reports', 'fresh-token');

    const result = await client.get('/api/reports');

    expect(result).toEqual({ data: null, error: sessionExpiredText, errors: null, status: 401 });
    expect(server().requestsTo('POST', '/api/auth/refresh-token')).toHaveLength(0);
    expect(storedKeys().auth_token).toBeNull();
  });

  it('reports one expiry when the refresh shared by three parallel 401s fails', async () => {
    storeSession('old-token', nowSeconds() + 3600);
    server().on('POST', '/api/auth/refresh-token', () => ({
      status: 401,
      delayMs: 50,
      body: { message: 'Unauthenticated.', code: 'unauthenticated' },
    }));
    requireBearer('GET', '/api/reports', 'fresh-token');

    const results = await Promise.all([client.get('/api/reports'), client.get('/api/reports'), client.get('/api/reports')]);

    expect(results.map((result) => [result.status, result.error])).toEqual([
      [401, sessionExpiredText],
      [401, sessionExpiredText],
      [401, sessionExpiredText],
    ]);
    expect(server().requestsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);
    expect(sessionExpiredCalls).toBe(1);
  });
});

describe('a request already sent before the app started (lib/early-account.ts)', () => {
  const answer = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

  it('takes its answer instead of sending the request again', async () => {
    storeSession('stored-token', nowSeconds() + 3600);

    const result = await client.get('/api/user', undefined, { sentEarly: { token: 'stored-token', response: answer(200, { id: 'early' }) } });

    expect(result).toEqual({ data: { id: 'early' }, error: null, errors: null, status: 200 });
    expect(server().requestsTo('GET', '/api/user')).toHaveLength(0);
  });

  it('refreshes and retries once when the early answer is a 401, as for its own request', async () => {
    storeSession('old-token', nowSeconds() + 3600);
    answerRefreshWith('fresh-token');
    requireBearer('GET', '/api/user', 'fresh-token');

    const result = await client.get('/api/user', undefined, { sentEarly: { token: 'old-token', response: answer(401, { message: 'Unauthenticated.' }) } });

    expect(server().requestsTo('GET', '/api/user').map(bearerOf)).toEqual(['Bearer fresh-token']);
    expect(result.status).toBe(200);
    expect(storedKeys().auth_token).toBe('fresh-token');
  });

  it('sends the request itself when the early one went with another token or failed', async () => {
    storeSession('stored-token', nowSeconds() + 3600);
    requireBearer('GET', '/api/user', 'stored-token');

    const otherToken = await client.get('/api/user', undefined, { sentEarly: { token: 'older-token', response: answer(200, { id: 'early' }) } });
    const failed = await client.get('/api/user', undefined, { sentEarly: { token: 'stored-token', response: Promise.reject(new TypeError('Failed to fetch')) } });

    expect(otherToken.data).toEqual({ ok: true });
    expect(failed.data).toEqual({ ok: true });
    expect(server().requestsTo('GET', '/api/user').map(bearerOf)).toEqual(['Bearer stored-token', 'Bearer stored-token']);
  });
});

describe('result mapping (spec 8)', () => {
  it('gives no data and no error for a 204', async () => {
    server().on('DELETE', '/api/cart', () => ({ status: 204 }));

    expect(await client.delete('/api/cart')).toEqual({ data: null, error: null, errors: null, status: 204 });
  });

  it('gives no data and no error for a 200 with an empty body', async () => {
    server().on('GET', '/me/question', () => ({ status: 200, rawBody: '' }));

    expect(await client.get('/me/question')).toEqual({ data: null, error: null, errors: null, status: 200 });
  });

  it('returns the data parsed by the given schema', async () => {
    const { locale: _locale, ...user } = accountFixture();
    server().on('GET', '/api/user', () => ({ status: 200, body: user }));

    const result = await client.get('/api/user', undefined, { schema: account });

    // The schema's default fills the locale the server left out.
    expect(result.data).toEqual({ ...user, locale: 'en' });
    expect(result.error).toBeNull();
  });

  it('treats a body that does not match the schema as an exception: 500 with the generic message, reported for developers', async () => {
    server().on('GET', '/api/user', () => ({ status: 200, body: { id: 42 } }));

    const result = await client.get('/api/user', undefined, { schema: account });

    expect(result).toEqual({ data: null, error: genericErrorText, errors: null, status: 500 });
    expect(String(reportedErrors[0])).toContain('GET /api/user: the response does not match its schema');
  });

  it('parses with a schema that loads with the request (start-up code keeps zod out of its bundle)', async () => {
    server().on('POST', '/api/items', () => ({ status: 200, body: { message: 'Saved' } }));
    const { messageResponse } = await import('@app/contract/password-reset');

    const result = await client.post('/api/items', { name: 'x' }, { schema: () => Promise.resolve(messageResponse) });

    expect(result).toEqual({ data: { message: 'Saved' }, error: null, errors: null, status: 200 });
  });

  it('treats a schema that fails to load as an exception: 500 with the generic message', async () => {
    server().on('GET', '/api/user', () => ({ status: 200, body: { id: 42 } }));

    const result = await client.get('/api/user', undefined, { schema: () => Promise.reject(new Error('chunk failed')) });

    expect(result).toEqual({ data: null, error: genericErrorText, errors: null, status: 500 });
  });

  it('treats a success body that is not JSON as an exception: 500 with the generic message', async () => {
    server().on('GET', '/api/user', () => ({ status: 200, rawBody: '<!doctype html><p>SPA</p>' }));

    expect(await client.get('/api/user')).toEqual({ data: null, error: genericErrorText, errors: null, status: 500 });
  });

  it('returns the field errors and the message of a 422', async () => {
    server().on('POST', '/api/register', () => ({
      status: 422,
      body: {
        message: 'The provided data is invalid. Please check your input and try again.',
        code: 'validation_failed',
        errors: { email: ['Must be a valid email'], password: ['Password does not meet the required conditions'] },
      },
    }));

    const result = await client.post('/api/register', { email: 'nope' });

    expect(result).toEqual({
      data: null,
      error: 'The provided data is invalid. Please check your input and try again.',
      errors: { email: ['Must be a valid email'], password: ['Password does not meet the required conditions'] },
      status: 422,
    });
  });

  it('returns the message of a 400', async () => {
    server().on('POST', '/api/cart/coupon', () => ({ status: 400, body: { message: 'This discount code has expired.', code: 'bad_request' } }));

    const result = await client.post('/api/cart/coupon', { coupon_code: 'OLD' });

    expect(result).toEqual({ data: null, error: 'This discount code has expired.', errors: null, status: 400 });
  });

  it('translates the error code of any other failure as serverErrors.<code>', async () => {
    server().on('GET', '/api/reports/9', () => ({ status: 404, body: { message: 'No query results', code: 'not_found' } }));
    server().on('POST', '/api/login', () => ({ status: 429, body: { message: 'Slow down', code: 'too_many_requests' } }));
    server().on('POST', '/api/ai', () => ({ status: 503, body: { message: 'upstream', code: 'ai_unavailable' } }));

    const notFound = await client.get('/api/reports/9');
    const tooMany = await client.post('/api/login', {});
    const aiDown = await client.post('/api/ai', {});

    expect(notFound).toEqual({ data: null, error: 'We could not find what you were looking for.', errors: null, status: 404, serverMessage: 'No query results' });
    expect(tooMany.error).toBe('Too many attempts. Please wait a moment and try again.');
    expect(aiDown.error).toBe('AI Servers currently unavailable, please try another model or wait and try again.');
  });

  it("keeps a refusal's own message beside the translated code, never a server failure's", async () => {
    server().on('DELETE', '/api/organisations/1/members/2', () => ({ status: 409, body: { message: 'You are the last owner.', code: 'organisation_rule' } }));
    server().on('GET', '/api/broken', () => ({ status: 503, body: { message: 'database down', code: 'service_unavailable' } }));

    const refused = await client.delete('/api/organisations/1/members/2');
    const broken = await client.get('/api/broken');

    expect(refused.serverMessage).toBe('You are the last owner.');
    expect(refused.error).toBe('An organisation always keeps an owner: transfer the ownership first.');
    expect(broken.serverMessage).toBeUndefined();
  });

  it('falls back to serverErrors.generic for an unknown code, a missing code or a code that is not an identifier', async () => {
    server().on('GET', '/unknown-code', () => ({ status: 409, body: { message: 'x', code: 'no_such_code' } }));
    server().on('GET', '/no-code', () => ({ status: 500, body: { message: 'Internal Server Error' } }));
    server().on('GET', '/empty-failure', () => ({ status: 502, rawBody: '' }));
    server().on('GET', '/html-failure', () => ({ status: 503, rawBody: '<html>Bad gateway</html>' }));
    server().on('GET', '/key-path-code', () => ({ status: 418, body: { message: 'x', code: 'global.genericError' } }));

    const results = await Promise.all(
      ['/unknown-code', '/no-code', '/empty-failure', '/html-failure', '/key-path-code'].map((path) => client.get(path)),
    );

    expect(results.map((result) => [result.status, result.error, result.data])).toEqual([
      [409, serverGenericText, null],
      [500, serverGenericText, null],
      [502, serverGenericText, null],
      [503, serverGenericText, null],
      [418, serverGenericText, null],
    ]);
  });

  it('falls back to the translated code when a 422 or 400 carries no message', async () => {
    server().on('POST', '/bare-422', () => ({ status: 422, body: { code: 'validation_failed', errors: { name: ['Field is required'] } } }));
    server().on('POST', '/bare-400', () => ({ status: 400, body: {} }));

    const validation = await client.post('/bare-422', {});
    const badRequest = await client.post('/bare-400', {});

    expect(validation.error).toBe('The provided data is invalid. Please check your input and try again.');
    expect(validation.errors).toEqual({ name: ['Field is required'] });
    expect(badRequest.error).toBe(serverGenericText);
  });

  it('answers a network failure with status 500 and the translated generic message', async () => {
    const offline = clientFor(await unusedLocalUrl());

    const result = await offline.get('/api/user');

    expect(result).toEqual({ data: null, error: genericErrorText, errors: null, status: 500 });
  });

  it('answers a network failure on a write with status 500 too', async () => {
    browser = createBrowserFetch();
    const offline = clientFor(await unusedLocalUrl());

    expect(await offline.post('/api/things', { a: 1 })).toEqual({ data: null, error: genericErrorText, errors: null, status: 500 });
  });
});
