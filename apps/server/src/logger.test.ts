import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, createTestApp, type TestApp } from '../test/test-app.ts';
import { redactUrl } from './lib/log-redaction.ts';

describe('request logs', () => {
  const logs = captureLogs();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      logStream: logs,
      configure: (app) => {
        // A careless handler that logs everything it got, as later code might.
        app.post('/api/test/careless', { config: { public: true } }, async (request) => {
          request.log.info({ headers: request.headers, body: request.body, nested: { deeper: [{ refresh_token: 'refresh-secret-4' }] } }, 'received');
          request.log.info({ req: request.raw }, 'raw request');
          return { ok: true };
        });
      },
    });
  });
  afterAll(() => t.close());

  it('carry a request id on every line of a request', async () => {
    await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const lines = logs.lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    const requestLines = lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed');
    expect(requestLines.length).toBeGreaterThanOrEqual(2);
    for (const line of requestLines) expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never contain passwords, tokens, the Authorization header or cookies', async () => {
    const { headers } = await t.csrf();
    await t.app.inject({
      method: 'POST',
      url: '/api/test/careless?token=query-secret-5',
      headers: { ...headers, authorization: 'Bearer bearer-secret-1' },
      payload: { email: 'ada@example.com', password: 'password-secret-2', password_confirmation: 'password-secret-2', current_password: 'current-secret-3', profile: { access_token: 'access-secret-6' } },
    });
    const text = logs.text();
    expect(text).toContain('ada@example.com');
    expect(text).toContain('[Redacted]');
    for (const secret of ['bearer-secret-1', 'password-secret-2', 'current-secret-3', 'refresh-secret-4', 'query-secret-5', 'access-secret-6', headers['x-xsrf-token']]) {
      expect(text).not.toContain(secret);
    }
  });

  it('hide tokens carried in e-mail links', () => {
    expect(redactUrl('/reset-password/abc123?email=ada%40example.com')).toBe('/reset-password/[Redacted]?email=ada%40example.com');
    expect(redactUrl('/verify-email/7/deadbeef?expires=1&signature=xyz')).toBe('/verify-email/7/[Redacted]?expires=1&signature=[Redacted]');
  });
});
