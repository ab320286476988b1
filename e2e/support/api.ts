import { loginResponse, type LoginResponse, type TokenPair } from '@app/contract/auth';
import type { BirthDetailsRequest } from '@app/contract/birth-details';
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { verificationLinkPattern, waitForMailLink } from './outbox.ts';

// Set-up through the product's own HTTP API, for tests that are not about the form that would
// otherwise do it. Every call goes through the real CSRF double-submit, like the SPA's.

/** Starts the CSRF pair on this request context (once) and returns the header that proves it. */
export async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const readToken = async () => (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  let token = await readToken();
  if (token === undefined) {
    const response = await request.get('/sanctum/csrf-cookie');
    expect(response.status(), 'GET /sanctum/csrf-cookie').toBe(204);
    token = await readToken();
  }
  if (token === undefined) throw new Error('GET /sanctum/csrf-cookie set no XSRF-TOKEN cookie');
  return { 'X-XSRF-TOKEN': decodeURIComponent(token) };
}

async function expectStatus(response: APIResponse, status: number, what: string): Promise<void> {
  if (response.status() !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.status()}: ${await response.text()}`);
  }
}

export interface Credentials {
  name: string;
  email: string;
  password: string;
}

/** POST /api/register: the account, signed in (the answer is login's). Counts against the per-IP sign-up limit. */
export async function registerThroughApi(request: APIRequestContext, credentials: Credentials): Promise<LoginResponse> {
  const response = await request.post('/api/register', {
    headers: await csrfHeaders(request),
    data: {
      name: credentials.name,
      email: credentials.email,
      password: credentials.password,
      password_confirmation: credentials.password,
      accept_privacy_policy: true,
      accept_terms: true,
    },
  });
  await expectStatus(response, 201, `POST /api/register ${credentials.email}`);
  return loginResponse.parse(await response.json());
}

/** POST /api/login: a new session (its own refresh-token family). */
export async function loginThroughApi(request: APIRequestContext, email: string, password: string): Promise<LoginResponse> {
  const response = await request.post('/api/login', { headers: await csrfHeaders(request), data: { email, password } });
  await expectStatus(response, 200, `POST /api/login ${email}`);
  return loginResponse.parse(await response.json());
}

/** What the signup-data step saves for a user born on 7 March 1990, 2:05 PM, in Zürich. */
const bornInZurich: BirthDetailsRequest = {
  birth_date: '1990-03-07',
  birth_time: '14:05:00',
  birth_city: 'Zürich',
  birth_country: 'Switzerland',
  country_code: 'CH',
  latitude: 47.36667,
  longitude: 8.55,
  timezone: 'Europe/Zurich',
};

/** PUT /api/user/birth-details (the signup-data step; Zürich unless told otherwise). */
export async function saveBirthDetailsThroughApi(request: APIRequestContext, session: TokenPair, details: BirthDetailsRequest = bornInZurich): Promise<void> {
  const response = await request.put('/api/user/birth-details', {
    headers: { ...(await csrfHeaders(request)), Authorization: `Bearer ${session.access_token}` },
    data: details,
  });
  await expectStatus(response, 200, 'PUT /api/user/birth-details');
}

/** Opens the verification link e-mailed to `email` as its account would: POST /api/email/verify with the link's parts. */
export async function verifyEmailThroughApi(request: APIRequestContext, email: string, session: TokenPair): Promise<void> {
  const verification = new URL(await waitForMailLink(request, email, verificationLinkPattern));
  const [, , id, hash] = verification.pathname.split('/');
  const response = await request.post('/api/email/verify', {
    headers: { ...(await csrfHeaders(request)), Authorization: `Bearer ${session.access_token}` },
    data: { id, hash, expires: Number(verification.searchParams.get('expires')), signature: verification.searchParams.get('signature') },
  });
  await expectStatus(response, 200, 'POST /api/email/verify');
}

/**
 * Puts a session where the SPA keeps it (spec 3: localStorage auth_token, refresh_token,
 * expires_at), as if the user had logged in in this browser. The page is left on a same-origin
 * URL that is not the app, so the next `page.goto` starts the app with the session.
 */
export async function signInBrowser(page: Page, session: TokenPair): Promise<void> {
  await page.goto('/health');
  await page.evaluate((tokens) => {
    localStorage.setItem('auth_token', tokens.access_token);
    localStorage.setItem('refresh_token', tokens.refresh_token);
    localStorage.setItem('expires_at', String(tokens.expires_at));
  }, session);
}

/** The session the SPA holds right now, as stored (spec 3's keys). */
export async function storedSession(page: Page): Promise<Record<'auth_token' | 'refresh_token' | 'expires_at', string | null>> {
  return page.evaluate(() => ({
    auth_token: localStorage.getItem('auth_token'),
    refresh_token: localStorage.getItem('refresh_token'),
    expires_at: localStorage.getItem('expires_at'),
  }));
}
