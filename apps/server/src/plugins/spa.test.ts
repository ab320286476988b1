import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fixtureWebDistDir, type TestApp } from '../../test/test-app.ts';

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

describe('the SPA, compressed at build time', () => {
  // A build as apps/web writes it: each text file with its brotli and gzip twin beside it.
  let distDir: string;
  let t: TestApp;
  const script = `export const greeting = ${JSON.stringify('Compass '.repeat(400))};\n`;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'spa-dist-'));
    await cp(fixtureWebDistDir, distDir, { recursive: true });
    await writeFile(path.join(distDir, 'assets/app-def456.js'), script);
    // What apps/web/vite-route-preloads.ts writes: the chunks each route's first screen needs.
    await mkdir(path.join(distDir, '.vite'));
    const preloads = [
      { path: '/login', modules: ['/assets/app-def456.js', '/assets/login-aaa111.js'] },
      { path: '/report/:type/:id', modules: ['/assets/report-bbb222.js'] },
    ];
    await writeFile(path.join(distDir, '.vite/route-preloads.json'), JSON.stringify(preloads));
    for (const file of ['assets/app-def456.js', 'index.html']) {
      const content = await readFile(path.join(distDir, file));
      await writeFile(path.join(distDir, `${file}.br`), brotliCompressSync(content));
      await writeFile(path.join(distDir, `${file}.gz`), gzipSync(content));
    }
    t = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ])('sends an asset as its %s twin to a browser that accepts it', async (encoding, decompress) => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-def456.js', headers: { 'accept-encoding': encoding } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['vary']).toBe('accept-encoding');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(script.length / 10);
    expect(decompress(response.rawPayload).toString()).toBe(script);
  });

  it('prefers brotli when a browser accepts both, as browsers do', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('sends the plain file to a client that does not say it accepts compression', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-def456.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['vary']).toBe('accept-encoding');
    expect(response.body).toBe(script);
  });

  it('sends the plain file when no twin of it was built', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toBe(await readFile(path.join(distDir, 'favicon.svg'), 'utf8'));
  });

  it('answers deep links with the compressed index.html, still never cached', async () => {
    const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
    const compressed = await t.app.inject({ method: 'GET', url: '/privacy-policy', headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['vary']).toBe('accept-encoding');
    expect(compressed.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(html);
    const gzipped = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(html);
    const plain = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('accept-encoding');
    expect(plain.body).toBe(html);
  });

  it.each([
    ['/login', ['/assets/app-def456.js', '/assets/login-aaa111.js']],
    ['/login?returnTo=%2Freports', ['/assets/app-def456.js', '/assets/login-aaa111.js']],
    ['/report/big5/42', ['/assets/report-bbb222.js']],
  ])('names the chunks of the route %s opens as modulepreload links, compressed or not', async (url, modules) => {
    const links = modules.map((module) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${module}">`);
    const plain = await t.app.inject({ method: 'GET', url });
    const compressed = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    for (const html of [plain.body, brotliDecompressSync(compressed.rawPayload).toString()]) {
      const head = html.slice(0, html.indexOf('</head>'));
      for (const link of links) expect(head).toContain(link);
      expect(html.match(/rel="modulepreload"/g)).toHaveLength(modules.length);
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it('adds no links for paths without a route of their own, nor for the route table itself', async () => {
    const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
    for (const url of ['/report/big5', '/no/such/page', '/.vite/route-preloads.json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body).toBe(html);
    }
  });

  it('never serves a twin by its own name', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-def456.js.br' });
    expect(response.statusCode).toBe(404);
  });
});
