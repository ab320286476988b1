import type { Account } from '@app/contract/account';
import { accountApiPaths, apiPaths } from '@app/contract/api-paths';
import { loginResponse, type TokenPair } from '@app/contract/auth';
import type { RegisterRequest } from '@app/contract/registration';
import { randomBytes } from 'node:crypto';
import { uniqueClientAddress } from './client-address.ts';
import type { TestApp } from './test-app.ts';

/** A password that passes every rule (spec section 5, 12+ characters) and is on no common list. */
export const strongPassword = 'Blue-Harbour-Lantern-42';

export interface RegisteredUser {
  account: Account;
  tokens: TokenPair;
  email: string;
  password: string;
  /** `{ authorization: 'Bearer ...' }` for GET requests. */
  authHeaders: { authorization: string };
  /** Authorization plus the CSRF cookie and header, for POST/PUT/PATCH/DELETE. */
  headersWithCsrf: { authorization: string; cookie: string; 'x-xsrf-token': string };
}

/** A fresh, unique e-mail address for a test account. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/** The body of a valid sign-up, with the given fields replaced. */
export function registrationBody(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  return {
    name: 'Ada Lovelace',
    email: uniqueEmail(),
    password: strongPassword,
    password_confirmation: overrides.password ?? strongPassword,
    accept_privacy_policy: true,
    accept_terms: true,
    ...overrides,
  };
}

/** Signs a new account up through POST /api/register and returns what a client would hold. */
export async function registerUser(testApp: TestApp, overrides: Partial<RegisterRequest> = {}): Promise<RegisteredUser> {
  const body = registrationBody(overrides);
  const csrf = await testApp.csrf();
  const response = await testApp.app.inject({ method: 'POST', url: accountApiPaths.register, headers: csrf.headers, payload: body, remoteAddress: uniqueClientAddress() });
  if (response.statusCode !== 201) throw new Error(`registration failed with ${response.statusCode}: ${response.body}`);
  const { account, ...tokens } = loginResponse.parse(response.json());
  return withHeaders({ account, tokens, email: body.email, password: body.password }, csrf.headers);
}

/** Logs in through POST /api/login; throws unless it succeeds. */
export async function login(testApp: TestApp, email: string, password: string): Promise<RegisteredUser> {
  const csrf = await testApp.csrf();
  const response = await testApp.app.inject({ method: 'POST', url: apiPaths.login, headers: csrf.headers, payload: { email, password }, remoteAddress: uniqueClientAddress() });
  if (response.statusCode !== 200) throw new Error(`login failed with ${response.statusCode}: ${response.body}`);
  const { account, ...tokens } = loginResponse.parse(response.json());
  return withHeaders({ account, tokens, email, password }, csrf.headers);
}

/** Bearer and CSRF headers for an access token (e.g. one returned by a refresh). */
export async function headersFor(testApp: TestApp, accessToken: string): Promise<RegisteredUser['headersWithCsrf']> {
  const csrf = await testApp.csrf();
  return { authorization: `Bearer ${accessToken}`, ...csrf.headers };
}

function withHeaders(
  user: Omit<RegisteredUser, 'authHeaders' | 'headersWithCsrf'>,
  csrfHeaders: { cookie: string; 'x-xsrf-token': string },
): RegisteredUser {
  const authorization = `Bearer ${user.tokens.access_token}`;
  return { ...user, authHeaders: { authorization }, headersWithCsrf: { authorization, ...csrfHeaders } };
}
