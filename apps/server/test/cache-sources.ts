import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CacheSources } from '../src/db/change-listener.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Each in-memory cache declares the tables its read depends on (CacheSources, next to the cache),
// and its test file holds the declaration to the database with describeCacheSources: the read's
// statements, recorded as the app runs them and EXPLAINed, read exactly the declared tables (a new
// join or subquery fails until it is declared), and the watched ones, and no others, have a
// trigger that notifies on the cache's channel (pg_trigger), so a change to any of them reaches
// the caches.

/** A cached read as the app makes it: on which pool its statements run, and the request. */
export interface CachedRead {
  pool: pg.Pool;
  /** Makes the request whose cached part is checked; it must answer 200. */
  request: () => Promise<{ statusCode: number }>;
}

export function describeCacheSources(name: string, sources: CacheSources, prepare: (t: TestApp) => Promise<CachedRead>): void {
  describe(`the tables ${name} reads`, () => {
    let t: TestApp;
    let read: CachedRead;

    beforeAll(async () => {
      // The caches off, whatever the project: every read must reach the database to be recorded.
      t = await createTestApp({ jobs: false, env: { SESSION_CACHE_TTL_MS: '0', BASKET_CACHE_TTL_MS: '0', REPORT_LIST_CACHE_TTL_MS: '0' } });
      read = await prepare(t);
    });

    afterAll(async () => {
      await t?.close();
    });

    it('are exactly the declared ones', async () => {
      const statements = await statementsRunBy(read.pool, async () => {
        expect((await read.request()).statusCode).toBe(200);
      });
      expect(statements.length).toBeGreaterThan(0);
      const tables = new Set<string>();
      for (const text of statements) {
        relationsOf(await genericPlan(t.pool, text), tables);
      }
      expect([...tables].sort()).toEqual([...sources.watched, ...Object.keys(sources.unwatched)].sort());
    });

    it(`have the trigger that notifies on ${sources.channel} where watched, and only there`, async () => {
      const result = await t.pool.query<{ table_name: string }>(
        `select distinct c.relname as table_name
         from pg_trigger tr join pg_class c on c.oid = tr.tgrelid join pg_proc p on p.oid = tr.tgfoid
         where not tr.tgisinternal and p.prosrc like '%' || quote_literal($1) || '%'`,
        [sources.channel],
      );
      expect(result.rows.map((row) => row.table_name).sort()).toEqual([...sources.watched].sort());
    });

    it('say why each unwatched one needs no trigger', () => {
      for (const reason of Object.values(sources.unwatched)) expect(reason.length).toBeGreaterThan(20);
      for (const table of sources.watched) expect(Object.keys(sources.unwatched)).not.toContain(table);
    });
  });
}

/** The table names in an EXPLAIN (FORMAT JSON) plan, subplans included. */
function relationsOf(plan: unknown, into: Set<string>): void {
  if (Array.isArray(plan)) {
    for (const item of plan) relationsOf(item, into);
  } else if (typeof plan === 'object' && plan !== null) {
    for (const [key, value] of Object.entries(plan)) {
      if (key === 'Relation Name' && typeof value === 'string') into.add(value);
      else relationsOf(value, into);
    }
  }
}

/** The text of every statement `pool` runs while `action` runs. */
async function statementsRunBy(pool: pg.Pool, action: () => Promise<void>): Promise<string[]> {
  const spy = vi.spyOn(pool, 'query');
  try {
    await action();
    return spy.mock.calls.map(([query]) => (typeof query === 'string' ? query : (query as { text: string }).text));
  } finally {
    spy.mockRestore();
  }
}

/**
 * The generic plan of a statement with $n parameters. EXPLAIN (GENERIC_PLAN) came with PostgreSQL
 * 16; a prepared statement held to its generic plan and run with nulls explains the same on 15
 * (Debian's, where CI runs the server-cached project).
 */
async function genericPlan(pool: pg.Pool, text: string): Promise<unknown> {
  const parameters = Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
  const client = await pool.connect();
  try {
    await client.query(`prepare cache_source_statement as ${text}`);
    try {
      await client.query('set plan_cache_mode = force_generic_plan');
      const values = parameters > 0 ? `(${Array.from({ length: parameters }, () => 'null').join(', ')})` : '';
      const explained = await client.query<{ 'QUERY PLAN': unknown }>(`explain (format json) execute cache_source_statement${values}`);
      return explained.rows[0]?.['QUERY PLAN'];
    } finally {
      await client.query('reset plan_cache_mode');
      await client.query('deallocate cache_source_statement');
    }
  } finally {
    client.release();
  }
}
