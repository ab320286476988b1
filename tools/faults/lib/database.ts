// Reads (and, to freeze a moment, locks) the server's embedded database directly, for what the API
// cannot tell: payment transactions at the provider, invoices per period, report editions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { sleep, waitFor } from './server.ts';

/** The embedded PostgreSQL's connection URL: its port from postmaster.pid, its password from DATA_DIR. */
export function embeddedDatabaseUrl(dataDir: string): string {
  // postmaster.pid, line 4: the port (https://www.postgresql.org/docs/current/storage-file-layout.html).
  const port = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]?.trim();
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  if (!port) throw new Error(`no port in ${dataDir}/postgres/postmaster.pid`);
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/app`;
}

/** A client on the server's database; the caller ends it. */
export async function connectToServerDatabase(dataDir: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir), application_name: 'compass-faults' });
  // The database may go away under it (a killed server's PostgreSQL is stopped at the next start).
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** One query on a short-lived connection (the port changes whenever the server restarts). */
export async function queryServerDatabase<Row extends pg.QueryResultRow>(dataDir: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = await connectToServerDatabase(dataDir);
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Freezes the server at its next write to `table`: a transaction of ours holds a lock that lets
 * readers through but makes every insert, update or delete on the table wait. Resolves once a
 * server statement waits on it (that moment is the one to kill the server in); `release` ends it.
 */
export async function holdWritesTo(dataDir: string, table: string): Promise<{ waitForBlockedWriter: (timeoutMs?: number) => Promise<string>; release: () => Promise<void> }> {
  const holder = await connectToServerDatabase(dataDir);
  await holder.query('begin');
  await holder.query(`lock table ${holder.escapeIdentifier(table)} in share row exclusive mode`);
  const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
  return {
    async waitForBlockedWriter(timeoutMs = 30_000) {
      // Asked on another connection: inside the holder's transaction pg_stat_activity stays as it
      // was when the transaction first read it.
      return waitFor(
        `a statement of the server waiting to write to ${table}`,
        async () => {
          const rows = await queryServerDatabase<{ query: string }>(
            dataDir,
            `select query from pg_stat_activity where wait_event_type = 'Lock' and $1::int = any(pg_blocking_pids(pid)) and query ilike $2`,
            [holderPid, `%${table}%`],
          );
          return rows[0]?.query;
        },
        timeoutMs,
        20,
      );
    },
    async release() {
      try {
        await holder.query('rollback');
        await holder.end();
      } catch {
        // Its database was stopped meanwhile: the lock went with it.
      }
      await sleep(0);
    },
  };
}
