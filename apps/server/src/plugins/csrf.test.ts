import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

function setCookie(headers: Record<string, unknown>, name: string): string {
  const all = ([] as string[]).concat((headers['set-cookie'] as string | string[] | undefined) ?? []);
  const found = all.find((cookie) => cookie.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie in ${JSON.stringify(all)}`);
  return found;
}

describe('CSRF protection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      configure: (app) => {
        app.post('/api/test/echo', { config: { public: true } }, async () => ({ ok: true }));
        app.post('/api/test/webhook', { config: { public: true, csrf: false } }, async () => ({ ok: true }));
        app.route({ method: ['GET', 'HEAD', 'OPTIONS'], url: '/api/test/read', config: { public: true }, handler: async () => ({ ok: true }) });
      },
    });
  });
  afterAll(() => t.close());

  describe('GET /sanctum/csrf-cookie', () => {
    it('answers 204 and sets XSRF-TOKEN readable by script, SameSite=Lax, path /', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const xsrf = setCookie(response.headers, 'XSRF-TOKEN');
      expect(xsrf).toMatch(/; Path=\//);
      expect(xsrf).toMatch(/; SameSite=Lax/);
      expect(xsrf).not.toMatch(/HttpOnly/i);
      expect(xsrf).not.toMatch(/Secure/i);
    });

    it('binds the token to an httpOnly client id cookie, kept on later calls', async () => {
      const first = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
      const clientId = setCookie(first.headers, 'csrf-client');
      expect(clientId).toMatch(/HttpOnly/);
      expect(clientId).toMatch(/SameSite=Lax/);
      const again = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie', headers: { cookie: clientId.split(';')[0] ?? '' } });
      expect(again.cookies.map((cookie) => cookie.name)).toEqual(['XSRF-TOKEN']);
    });

    it('marks both cookies Secure in production, the client id with the __Host- prefix', async () => {
      const production = await createTestApp({ env: { NODE_ENV: 'production' } });
      try {
        const response = await production.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
        expect(setCookie(response.headers, 'XSRF-TOKEN')).toMatch(/; Secure/);
        expect(setCookie(response.headers, '__Host-csrf-client')).toMatch(/; Secure/);
      } finally {
        await production.close();
      }
    });
  });

  it('lets a non-GET request through when the header matches the cookie', async () => {
    const { headers } = await t.csrf();
    const response = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers, payload: {} });
    expect(response.statusCode).toBe(200);
  });

  it('answers 419 csrf_mismatch when the header is missing', async () => {
    const { cookie } = await t.csrf();
    const response = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { cookie }, payload: {} });
    expect(response.statusCode).toBe(419);
    expect(response.json()).toEqual({ message: 'CSRF token mismatch.', code: 'csrf_mismatch' });
  });

  it('answers 419 when the header differs from the cookie', async () => {
    const mine = await t.csrf();
    const other = await t.csrf();
    const response = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { cookie: mine.cookie, 'x-xsrf-token': other.token }, payload: {} });
    expect(response.statusCode).toBe(419);
  });

  it('answers 419 when there are no cookies at all', async () => {
    const { token } = await t.csrf();
    const response = await t.app.inject({ method: 'DELETE', url: '/api/test/echo', headers: { 'x-xsrf-token': token } });
    expect(response.statusCode).toBe(419);
  });

  it('answers 419 to a planted cookie and header pair minted for another client id', async () => {
    const attacker = await t.csrf();
    const victim = await t.csrf();
    const victimClientId = victim.cookie.split('; ').find((pair) => pair.startsWith('csrf-client='));
    // The attacker's token was accepted for the attacker's own client (so checked once already).
    expect((await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: attacker.headers, payload: {} })).statusCode).toBe(200);
    // The attacker's valid token, planted as the victim's XSRF-TOKEN cookie and echoed in the header.
    const planted = `XSRF-TOKEN=${attacker.token}; ${victimClientId}`;
    const response = await t.app.inject({ method: 'PUT', url: '/api/test/echo', headers: { cookie: planted, 'x-xsrf-token': attacker.token } });
    expect(response.statusCode).toBe(419);
  });

  it('answers 419 to a token whose signature was tampered with', async () => {
    const { cookie, token } = await t.csrf();
    const forged = `${token.split('.')[0]}.AAAA`;
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/test/echo',
      headers: { cookie: cookie.replace(token, forged), 'x-xsrf-token': forged },
    });
    expect(response.statusCode).toBe(419);
  });

  it.each(['GET', 'HEAD', 'OPTIONS'] as const)('does not check %s requests', async (method) => {
    const response = await t.app.inject({ method, url: '/api/test/read' });
    expect(response.statusCode).toBe(200);
  });

  it('does not check a route that opts out with config.csrf = false', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/webhook', payload: {} });
    expect(response.statusCode).toBe(200);
  });

  it('sends no CORS headers, even to a foreign origin', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/test/echo',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    const simple = await t.app.inject({ method: 'GET', url: '/health', headers: { origin: 'https://evil.example' } });
    for (const response of [preflight, simple]) {
      expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });
});
