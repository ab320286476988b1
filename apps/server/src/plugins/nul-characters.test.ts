import { errorMessages } from '@app/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type CsrfCredentials, type TestApp } from '../../test/test-app.ts';
import { firstNulPath, nulCharacterMessage } from './nul-characters.ts';

// Issue 14's fuzz run: PostgreSQL's text cannot hold U+0000, so a NUL in a request that reached a
// query answered 500. Every request carrying one is refused before any route reads it.

describe('requests holding a NUL character', () => {
  let t: TestApp;
  let csrf: CsrfCredentials;
  const reached: unknown[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      configure: (app) => {
        const body = z.object({ name: z.string(), items: z.array(z.object({ title: z.string() })).optional(), tags: z.record(z.string(), z.string()).optional() });
        app.post('/api/test/things/:thingId', { config: { public: true }, schema: { body, params: z.object({ thingId: z.string() }), querystring: z.object({ q: z.string().optional() }) } }, async (request) => {
          reached.push(request.body);
          return { ok: true };
        });
      },
    });
    csrf = await t.csrf();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object | string) => t.app.inject({ method: 'POST', url, headers: { ...csrf.headers, 'content-type': 'application/json' }, payload });

  it('refuses one in a body field with 422 under the field, and the route never sees it', async () => {
    const response = await post('/api/test/things/a', { name: 'ok', items: [{ title: 'fine' }, { title: 'bad\u0000' }] });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: errorMessages.invalidData, errors: { 'items.1.title': [nulCharacterMessage] } });
    expect(reached).toEqual([]);
  });

  it('refuses one in a key of the body, and in the query string, with 422', async () => {
    const inKey = await post('/api/test/things/a', { name: 'ok', tags: { 'a\u0000': 'x' } });
    expect(inKey.statusCode).toBe(422);
    expect(Object.keys(inKey.json().errors)).toEqual(['tags.a\u0000']);
    const inQuery = await post('/api/test/things/a?q=a%00b', { name: 'ok' });
    expect(inQuery.statusCode).toBe(422);
    expect(inQuery.json().errors).toEqual({ q: [nulCharacterMessage] });
  });

  it('answers 404 to one in the path: nothing of that name exists', async () => {
    const response = await post('/api/test/things/a%00b', { name: 'ok' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.', code: 'not_found' });
  });

  it('lets everything else through, unicode included', async () => {
    const response = await post('/api/test/things/%C3%BC?q=%E2%9C%93', { name: 'Zoë 👩🏽‍💻 \\u0000 as text', items: [{ title: 'ok' }] });
    expect(response.statusCode).toBe(200);
    expect(reached).toHaveLength(1);
  });

  it('walks a body nested thousands deep without overflowing the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let level = 0; level < 50_000; level += 1) deep = [deep];
    expect(firstNulPath(deep)).toBe(`${'0.'.repeat(49_999)}0`);
    expect(firstNulPath({ fine: [1, true, null, 'x'] })).toBeUndefined();
  });
});
