import { apiPaths } from '@app/contract/api-paths';
import { authConfig, googleLoginMessages, loginResponse } from '@app/contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import type { AccountRegisteredEvent } from '../accounts/public.ts';
import { login, registerUser, uniqueEmail } from '../../../test/auth-helpers.ts';
import { startFakeGoogle, type FakeGoogle } from '../../../test/fake-google.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const invalidToken = { message: googleLoginMessages.invalidToken, code: 'invalid_google_token' };
let subCounter = 0;
const newSub = () => `10${Date.now()}${(subCounter += 1)}`;

describe('POST /api/login/google', () => {
  let google: FakeGoogle;
  let t: TestApp;
  const registered: AccountRegisteredEvent[] = [];
  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await createTestApp({
      env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl },
      configure: (app) => app.accountEvents.onRegistered((event) => void registered.push(event)),
    });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  async function googleLogin(token: string) {
    const { headers } = await t.csrf();
    return t.app.inject({ method: 'POST', url: apiPaths.loginGoogle, headers, payload: { token } });
  }

  it('creates a verified account without a password on the first sign-in and answers like login', async () => {
    const email = uniqueEmail('new-google');
    const response = await googleLogin(await google.idToken({ sub: newSub(), email, name: 'Katherine Johnson' }));
    expect(response.statusCode).toBe(200);
    const body = loginResponse.parse(response.json());
    expect(body.account).toMatchObject({ email, name: 'Katherine Johnson', email_verified: true, has_password: false, locale: 'en' });
    expect(registered.find((event) => event.account.id === body.account.id)?.via).toBe('google');
    const me = await t.app.inject({ method: 'GET', url: apiPaths.user, headers: { authorization: `Bearer ${body.access_token}` } });
    expect(me.json()).toMatchObject({ id: body.account.id });
  });

  it('maps the same sub to the same account, even after the Google e-mail changed', async () => {
    const sub = newSub();
    const first = loginResponse.parse((await googleLogin(await google.idToken({ sub, email: uniqueEmail('before') }))).json());
    const response = await googleLogin(await google.idToken({ sub, email: uniqueEmail('after') }));
    expect(response.statusCode).toBe(200);
    expect(loginResponse.parse(response.json()).account.id).toBe(first.account.id);
  });

  it('links an existing password account when Google has verified the e-mail', async () => {
    const user = await registerUser(t);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.account.id));
    const sub = newSub();
    const response = await googleLogin(await google.idToken({ sub, email: user.email.toUpperCase(), email_verified: true }));
    expect(response.statusCode).toBe(200);
    expect(loginResponse.parse(response.json()).account).toMatchObject({ id: user.account.id, has_password: true });
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.account.id));
    expect(stored?.googleSub).toBe(sub);
    // The password keeps working.
    await expect(login(t, user.email, user.password)).resolves.toBeDefined();
  });

  it('ends the password and sessions of an unverified account it links: the address owner is now proven', async () => {
    // Someone signed up with this address first (maybe not its owner) and never verified it.
    const squatter = await registerUser(t);
    const response = await googleLogin(await google.idToken({ sub: newSub(), email: squatter.email, email_verified: true }));
    expect(response.statusCode).toBe(200);
    expect(loginResponse.parse(response.json()).account).toMatchObject({ id: squatter.account.id, email_verified: true, has_password: false });
    expect((await t.app.inject({ method: 'GET', url: apiPaths.user, headers: squatter.authHeaders })).statusCode).toBe(401);
    await expect(login(t, squatter.email, squatter.password)).rejects.toThrow(/422/);
  });

  it('never links an existing account when Google has not verified the e-mail', async () => {
    const user = await registerUser(t);
    const response = await googleLogin(await google.idToken({ sub: newSub(), email: user.email, email_verified: false }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: googleLoginMessages.accountExists, code: 'account_exists' });
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.account.id));
    expect(stored?.googleSub).toBeNull();
  });

  it('creates an unverified account for an unverified Google e-mail nobody uses', async () => {
    const response = await googleLogin(await google.idToken({ sub: newSub(), email: uniqueEmail('unverified'), email_verified: false }));
    expect(response.statusCode).toBe(200);
    expect(loginResponse.parse(response.json()).account.email_verified).toBe(false);
  });

  it('refuses to link an account that is already linked to another Google account', async () => {
    const email = uniqueEmail('linked');
    expect((await googleLogin(await google.idToken({ sub: newSub(), email }))).statusCode).toBe(200);
    const response = await googleLogin(await google.idToken({ sub: newSub(), email }));
    expect(response.statusCode).toBe(409);
  });

  describe('refuses a token that fails verification', () => {
    const past = () => Math.floor(Date.now() / 1000) - 7200;
    it.each([
      ['a wrong aud', () => google.idToken({ aud: 'someone-else.apps.googleusercontent.com' })],
      ['a wrong iss', () => google.idToken({ iss: 'https://evil.example' })],
      ['an expired token', () => google.idToken({ iat: past(), exp: past() + 3600 })],
      ['a bad signature', () => google.idToken({}, { key: google.foreignKey })],
      ['an unknown kid', () => google.idToken({}, { key: google.foreignKey, kid: 'not-published' })],
      ['alg none', async () => unsignedToken({ iss: 'https://accounts.google.com', aud: google.clientId, sub: 'x', email: 'x@gmail.com', exp: past() + 9000 })],
      ['a changed payload', async () => tamperPayload(await google.idToken(), { sub: 'someone-else' })],
      ['no sub', () => google.idToken({ sub: undefined })],
      ['not a JWT', async () => 'not-a-jwt'],
    ])('%s', async (_case, makeToken) => {
      const response = await googleLogin(await makeToken());
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(invalidToken);
    });

    it('accepts the issuer without https:// as Google documents', async () => {
      expect((await googleLogin(await google.idToken({ sub: newSub(), email: uniqueEmail('iss'), iss: 'accounts.google.com' }))).statusCode).toBe(200);
    });
  });

  it('says in the auth config that Google is offered, with the client id the button needs', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiPaths.authConfig });
    expect(authConfig.parse(response.json())).toEqual({
      providers: { google: true, facebook: false, linkedin: false },
      signup_enabled: true,
      google_client_id: google.clientId,
    });
  });

  it("lets Google's sign-in script, frames and styles through the Content-Security-Policy", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/client");
    expect(csp).toContain('frame-src https://accounts.google.com/gsi/');
    expect(csp).toContain('https://accounts.google.com/gsi/style');
  });
});

describe('POST /api/login/google without GOOGLE_CLIENT_ID', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 provider_disabled, and the auth config offers no Google button', async () => {
    const { headers } = await t.csrf();
    const response = await t.app.inject({ method: 'POST', url: apiPaths.loginGoogle, headers, payload: { token: 'anything' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: googleLoginMessages.providerDisabled, code: 'provider_disabled' });
    const config = await t.app.inject({ method: 'GET', url: apiPaths.authConfig });
    expect(config.json()).toEqual({ providers: { google: false, facebook: false, linkedin: false }, signup_enabled: true, google_client_id: null });
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(String(page.headers['content-security-policy'])).not.toContain('accounts.google.com');
  });
});

function unsignedToken(payload: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT', kid: 'test-key-1' })}.${encode(payload)}.`;
}

function tamperPayload(token: string, changes: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  return `${header}.${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url')}.${signature}`;
}
