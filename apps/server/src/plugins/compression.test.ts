import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('compressed API answers', () => {
  let t: TestApp;
  let document: unknown;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false });
    document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => t.close());

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ])('sends a large answer (the OpenAPI document) as %s to a client that accepts it', async (encoding, decompress) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': encoding } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(JSON.parse(decompress(response.rawPayload).toString())).toEqual(document);
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(document).length / 4);
  });

  it('sends a large answer plain to a client that does not say it accepts compression', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual(document);
  });

  it('sends small answers plain, where compressing costs more than it saves', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/config', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.length).toBeLessThan(1024);
  });
});
