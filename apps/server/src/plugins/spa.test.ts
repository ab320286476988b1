import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('the SPA', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['/', '/dashboard', '/report/big5/42', '/no/such/page'])('answers %s with index.html and status 200', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('serves hashed assets with a long, immutable cache lifetime', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files with a short cache lifetime, index.html itself with none', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe('public, max-age=3600');
    expect((await t.app.inject({ method: 'GET', url: '/index.html' })).headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing hashed asset with a 404, not with HTML', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers every unknown path with a small JSON 404 when the SPA is not built', async () => {
    const withoutSpa = await createTestApp({ env: { WEB_DIST_DIR: '/nonexistent/web/dist' } });
    try {
      const response = await withoutSpa.app.inject({ method: 'GET', url: '/dashboard' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.', code: 'not_found' });
    } finally {
      await withoutSpa.close();
    }
  });
});
