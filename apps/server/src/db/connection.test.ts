import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { connectDatabase } from './connection.ts';

describe('connectDatabase', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('survives a checked-out connection ending between two statements: the next statement fails, the pool goes on', async () => {
    const { pool } = connectDatabase(t.databaseUrl, { applicationName: 'compass-connection-test' });
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const ended = new Promise((resolve) => client.once('end', resolve));
      // As a database restart or DROP ... WITH (FORCE) does, while the client is not running a statement.
      await t.pool.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
      await ended;
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release(true);
      const after = await pool.query<{ one: number }>('SELECT 1 AS one');
      expect(after.rows[0]?.one).toBe(1);
    } finally {
      await pool.end();
    }
  });
});
