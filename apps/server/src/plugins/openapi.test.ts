import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is served at /api/docs/json and describes /health from the contract schema', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/health']?.get?.responses?.['200']).toMatchObject({
      content: { 'application/json': { schema: { properties: { status: { enum: ['ok', 'unavailable'] } } } } },
    });
    expect(document.paths['/sanctum/csrf-cookie']?.get).toBeDefined();
  });

  it('leaves out its own pages and the metrics', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/docs') || path === '/metrics')).toEqual([]);
  });

  it('has a browsable page at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(response.statusCode);
  });
});
