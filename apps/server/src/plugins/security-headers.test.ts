import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

function directives(header: unknown): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives the SPA a strict Content-Security-Policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard' });
    const csp = directives(response.headers['content-security-policy']);
    expect(Object.fromEntries(csp)).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'script-src-attr': "'none'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data:",
      'font-src': "'self' data:",
      'connect-src': "'self'",
      'frame-ancestors': "'none'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
    });
  });

  it('sends the usual hardening headers on API answers too', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(response.headers['content-security-policy']).toBeDefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('outside production, sends HSTS and upgrade-insecure-requests only when served over https', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://compass.example' } });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directives(response.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('sends HSTS in production, where TLS may end at a proxy in front of a plain-http address', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production', PAYMENT_PROVIDER: 'test', PUBLIC_URL: 'http://localhost:3000' } });
    try {
      for (const url of ['/', '/assets/index-abc123.js', '/api/nothing']) {
        const response = await production.app.inject({ method: 'GET', url });
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await production.close();
    }
  });

  it('keeps the same strict policy on the API documentation, whose UI needs no inline script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).not.toMatch(/<script>(?!<\/script>)/);
    expect(docs.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
  });
});
