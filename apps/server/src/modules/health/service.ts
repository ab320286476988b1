import type pg from 'pg';

/**
 * Whether the database answers `SELECT 1` within `timeoutMs`. Calls that arrive while a check is
 * running share it: under a load balancer's (or a benchmark's) burst of health checks the
 * database sees one query at a time instead of one per request, and every answer is still fresh.
 */
export function createDatabaseProbe(pool: pg.Pool, timeoutMs = 2_000): () => Promise<boolean> {
  let running: Promise<boolean> | undefined;

  async function probe(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([pool.query('SELECT 1').then(() => true), timedOut]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  return () => {
    running ??= probe().finally(() => {
      running = undefined;
    });
    return running;
  };
}
