import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { connectDatabase, type DatabaseConnection } from '../db/connection.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { prepareDatabase } from '../db/prepare-database.ts';

export interface CliDatabase extends DatabaseConnection {
  /** Where the connection came from, for the operator. */
  source: 'external' | 'attached' | 'started';
  /** Its connection URL, for tools that open their own connection (pg_dump, pg_restore). */
  url: string;
  close: () => Promise<void>;
}

/**
 * The database the server uses, for a command-line tool:
 * - DATABASE_URL when set;
 * - else the embedded PostgreSQL in DATA_DIR/postgres: attached to when a running server holds it
 *   (its port is in postmaster.pid, its password in DATA_DIR/postgres-password), otherwise started
 *   the way main.ts starts it (migrations and seeds included) and stopped again at the end.
 */
export async function openCliDatabase(config: Config, logger: Logger, options: { applicationName?: string } = {}): Promise<CliDatabase> {
  // The tool's own name in pg_stat_activity, so that it can tell its connections from a server's.
  const pool = { max: 2, applicationName: options.applicationName };
  if (config.databaseUrl) return withPool(connectDatabase(config.databaseUrl, pool), config.databaseUrl, 'external', async () => {});

  const running = await runningEmbeddedPostgres(config.dataDir);
  if (running) {
    const connection = connectDatabase(running.url, pool);
    try {
      await connection.pool.query('select 1');
    } catch (error) {
      await connection.pool.end();
      throw new Error(
        `The embedded database in ${path.join(config.dataDir, 'postgres')} is running (PostgreSQL pid ${running.pid}) but does not answer on port ${running.port}: ${(error as Error).message}. Stop the server, or set DATABASE_URL.`,
      );
    }
    return withPool(connection, running.url, 'attached', async () => {});
  }

  // Refuses with a clear message if a server took the directory in the meantime.
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, logger });
  try {
    const connection = connectDatabase(embedded.url, pool);
    await prepareDatabase(connection.pool);
    return withPool(connection, embedded.url, 'started', embedded.stop);
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}

function withPool(connection: DatabaseConnection, url: string, source: CliDatabase['source'], stopDatabase: () => Promise<void>): CliDatabase {
  return {
    ...connection,
    source,
    url,
    close: async () => {
      await connection.pool.end();
      await stopDatabase();
    },
  };
}

export interface RunningPostgres {
  pid: number;
  port: number;
  url: string;
}

/** The embedded PostgreSQL of DATA_DIR when one is running: postmaster.pid names a live process and its port. */
export async function runningEmbeddedPostgres(dataDir: string): Promise<RunningPostgres | undefined> {
  const pgDataDir = path.join(dataDir, 'postgres');
  const pidFile = await readFile(path.join(pgDataDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  if (pidFile === undefined) return undefined;
  // postmaster.pid: pid, data directory, start time, port, socket directory, listen address, ...
  const lines = pidFile.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0 || !isAlive(pid)) return undefined;
  const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  // A PID reused by another program after a crash: the file is stale (the start path clears it).
  if (commandLine !== undefined && !commandLine.includes('postgres')) return undefined;
  const password = (await readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
  return { pid, port, url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/app` };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
