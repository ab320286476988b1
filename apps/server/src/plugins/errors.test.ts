import { errorMessages } from '@app/contract/messages';
import { emailField, requiredString } from '@app/contract/fields';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { captureLogs, createTestApp, type CsrfCredentials, type TestApp } from '../../test/test-app.ts';
import { BadRequestError, NotFoundError, ServiceUnavailableError, TooManyRequestsError, ValidationError } from '../lib/domain-errors.ts';

describe('error responses (spec section 8)', () => {
  let t: TestApp;
  let csrf: CsrfCredentials;
  const logs = captureLogs();
  beforeAll(async () => {
    t = await createTestApp({
      logStream: logs,
      configure: (app) => {
        const order = z.object({ email: emailField, items: z.array(z.object({ name: requiredString })).min(1) });
        app.post('/api/test/orders', { config: { public: true }, schema: { body: order } }, async (request) => ({ received: request.body.items.length }));
        app.delete('/api/test/orders', { config: { public: true } }, async (request) => ({ body: request.body ?? null }));
        app.get('/api/test/service-validation', { config: { public: true } }, async () => {
          throw new ValidationError({ coupon_code: ['Please enter a discount code.'] });
        });
        app.get('/api/test/bad-request', { config: { public: true } }, async () => {
          throw new BadRequestError('Item already exists');
        });
        app.get('/api/test/not-found', { config: { public: true } }, async () => {
          throw new NotFoundError('No such report.');
        });
        app.get('/api/test/too-many', { config: { public: true } }, async () => {
          throw new TooManyRequestsError(30);
        });
        app.get('/api/test/unavailable', { config: { public: true } }, async () => {
          throw new ServiceUnavailableError();
        });
        // node-postgres's errors when the database refuses, and when no pooled connection came in time.
        app.get('/api/test/database-refused', { config: { public: true } }, async () => {
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        });
        app.get('/api/test/pool-timeout', { config: { public: true } }, async () => {
          throw new Error('timeout exceeded when trying to connect');
        });
        app.get('/api/test/crash', { config: { public: true } }, async () => {
          throw new Error('SELECT password FROM users failed at /srv/app/src/secret.ts:12');
        });
        app.get('/api/test/sql', { config: { public: true } }, async () => app.db.execute(sql`SELECT secret_column FROM no_such_secret_table`));
        app.get('/api/test/bad-response', { config: { public: true }, schema: { response: { 200: z.object({ id: z.string() }) } } }, async () => ({ id: 42 }) as unknown as { id: string });
      },
    });
    csrf = await t.csrf();
  });
  afterAll(() => t.close());

  describe('422 for invalid input', () => {
    it('lists each invalid body field by its path, with the spec message', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test/orders',
        headers: csrf.headers,
        payload: { email: 'not-an-email', items: [{ name: 'ok' }, { name: '   ' }] },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'The provided data is invalid. Please check your input and try again.',
        errors: { email: ['Must be a valid email'], 'items.1.name': ['Field is required'] },
      });
    });

    it('reports a missing body under "body"', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/test/orders', headers: csrf.headers });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['body']);
    });

    it('answers a ValidationError thrown by a service the same way', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/service-validation' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: errorMessages.invalidData, errors: { coupon_code: ['Please enter a discount code.'] } });
    });
  });

  it('answers 400 with only the message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/bad-request' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Item already exists' });
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/orders',
      headers: { ...csrf.headers, 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['message']);
  });

  it('answers other domain errors with message and code', async () => {
    const notFound = await t.app.inject({ method: 'GET', url: '/api/test/not-found' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({ message: 'No such report.', code: 'not_found' });

    const tooMany = await t.app.inject({ method: 'GET', url: '/api/test/too-many' });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toMatchObject({ code: 'too_many_requests' });
    expect(tooMany.headers['retry-after']).toBe('30');

    const unavailable = await t.app.inject({ method: 'GET', url: '/api/test/unavailable' });
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toEqual({ message: errorMessages.tryAgainLater, code: 'service_unavailable' });
  });

  describe('503 when the database cannot be used', () => {
    it.each([
      ['refused', '/api/test/database-refused', 'the database (or another service the request needs) cannot be reached; answered 503'],
      ['out of pooled connections', '/api/test/pool-timeout', 'no database connection within 5 s: the database is unreachable, or every pooled connection stayed busy'],
    ])('answers a database %s with 503, Retry-After and a log line that says which', async (_case, url, logged) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ code: 'service_unavailable' });
      const line = logs.lines.map((text) => JSON.parse(text) as { msg?: string }).find((entry) => entry.msg?.startsWith(logged));
      expect(line, logs.text()).toBeDefined();
    });
  });

  describe('500 for unexpected failures', () => {
    it.each([
      ['a thrown error', '/api/test/crash'],
      ['a failing SQL statement', '/api/test/sql'],
      ['a response that breaks its schema', '/api/test/bad-response'],
    ])('shows neither the message, a stack trace nor SQL for %s', async (_case, url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: errorMessages.generic, code: 'generic' });
      expect(response.body).not.toMatch(/SELECT|secret|password|\.ts|at |stack|no_such/i);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('unknown routes', () => {
    it.each(['/api/nothing-here', '/api', '/me/unknown', '/sanctum/unknown'])('answers %s with a JSON 404', async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: 'Not found.', code: 'not_found' });
    });

    it('answers an unknown non-GET route with a JSON 404', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/nothing-here', headers: csrf.headers, payload: {} });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    });
  });

  describe('request bodies', () => {
    it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded'])('refuses %s with 415', async (contentType) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test/orders',
        headers: { ...csrf.headers, 'content-type': contentType },
        payload: 'email=a@b.c',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: expect.any(String), code: 'unsupported_media_type' });
    });

    it('treats an empty body sent as JSON (a DELETE) as no body', async () => {
      const response = await t.app.inject({
        method: 'DELETE',
        url: '/api/test/orders',
        headers: { ...csrf.headers, 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ body: null });
    });
  });
});
