import type pg from 'pg';

// Arbitrary constants; one per kind of start-up work that must not run twice at once.
export const advisoryLocks = {
  migrateAndSeed: 72_410_001,
} as const;

/**
 * Runs `work` while holding a session-level advisory lock, so several server instances starting
 * together migrate one after the other instead of racing on the same tables.
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, lockKey: number, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [lockKey]);
    try {
      return await work(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [lockKey]);
    }
  } finally {
    client.release();
  }
}
