import { errorMessages } from '@app/contract/messages';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dropDatabase } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { connectDatabase } from '../../db/connection.ts';
import { findFreePort } from '../../lib/free-port.ts';

describe('GET /health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 {"status":"ok"} while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers every one of a burst of concurrent checks', async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => t.app.inject({ method: 'GET', url: '/health' })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
  });

  it('answers 503 {"status":"unavailable"} when the database cannot be reached', async () => {
    const closedPort = await findFreePort();
    const { pool, db } = connectDatabase(`postgres://nobody:nothing@127.0.0.1:${closedPort}/none`);
    const app = buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), { pool, db });
    try {
      const response = await app.inject({ method: 'GET', url: '/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable' });
    } finally {
      await app.close();
      await pool.end();
    }
  });

  it('makes every call that needs the database answer 503 service_unavailable at once, in the error shape, while it cannot be reached', async () => {
    const closedPort = await findFreePort();
    const { pool, db } = connectDatabase(`postgres://nobody:nothing@127.0.0.1:${closedPort}/none`);
    const app = buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), { pool, db });
    try {
      await app.ready();
      for (const url of ['/api/products', '/sanctum/csrf-cookie']) {
        const startedAt = performance.now();
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ message: errorMessages.serviceUnavailable, code: 'service_unavailable' });
        expect(response.headers['retry-after']).toBe('5');
        expect(performance.now() - startedAt).toBeLessThan(1_000);
      }
    } finally {
      await app.close();
      await pool.end();
    }
  });

  it('answers 503 once its database is gone, and quickly', async () => {
    const other = await createTestApp();
    try {
      expect((await other.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      // DROP ... WITH (FORCE) also ends the pool's open connections, as a database crash would.
      await dropDatabase(inject('testServerUrl'), new URL(other.databaseUrl).pathname.slice(1));
      const startedAt = performance.now();
      const response = await other.app.inject({ method: 'GET', url: '/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable' });
      expect(performance.now() - startedAt).toBeLessThan(3_000);
    } finally {
      await other.close();
    }
  });
});
