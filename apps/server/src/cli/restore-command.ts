import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import { createLogger } from '../logger.ts';
import type { CommandOutput } from './command-output.ts';
import { serverMajorVersion } from './backup-command.ts';
import { backupApplicationName, describeDatabase, filesNotInBackup } from './backup-scope.ts';
import { openCliDatabase, runningEmbeddedPostgres, type CliDatabase } from './cli-database.ts';
import { backupKind, checkEmbeddedBackup, EmbeddedRestoreFailure, EmbeddedRestoreRefusal, restoreEmbeddedBackup } from './embedded-restore.ts';
import { chooseRestoreTools, ClientToolError, listPostgresClientTools, MissingClientToolsError, newestClientTools, runClientTool, type PostgresClientTools } from './postgres-client-tools.ts';
import { loadCliConfig } from './cli-config.ts';

export const restoreUsage = `Usage: npm run restore -- FILE

Replaces everything in the server's database with the backup in FILE, made by npm run backup:
- a .tar.gz (a copy of the embedded database's data directory) restores into the embedded
  database in DATA_DIR (DATABASE_URL unset); the data directory it replaces is kept beside it,
  renamed DATA_DIR/postgres-before-restore-<UTC time>.
- a .dump (pg_dump's custom format) restores into the database at DATABASE_URL, or into the
  embedded one: every table, sequence and queued job; what the database held before is gone. It
  needs pg_restore of the version that made the dump or newer, and a server of the dump's major
  version or newer (the way to move to a newer PostgreSQL).
Stop every server instance first: the restore refuses while anything else uses the database.
Migrations newer than the backup are applied (at once for a .tar.gz, at the next server start for
a .dump). Report PDFs are not in the backup: put their folder or bucket back yourself.`;

class RestoreRefusal extends Error {}

/** `npm run restore`: returns the exit code (0 restored, 1 refused or failed, 2 wrong usage). */
export async function runRestoreCommand(argv: string[], env: NodeJS.ProcessEnv, output: CommandOutput, now = new Date()): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    output.stdout(`${restoreUsage}\n`);
    return 0;
  }
  const unknown = argv.find((arg) => arg.startsWith('-'));
  if (unknown || argv.length !== 1 || !argv[0]) {
    output.stderr(`${unknown ? `Unknown option ${unknown}` : argv.length === 0 ? 'Name the backup file to restore' : 'Name one backup file'}\n\n${restoreUsage}\n`);
    return 2;
  }
  const file = path.resolve(argv[0]);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) {
    output.stderr(`Restore refused: there is no backup file at ${file}; nothing was changed.\n`);
    return 1;
  }

  const config = loadCliConfig(env, output);
  if (!config) return 1;
  const kind = await backupKind(file);
  if (kind === 'embedded') return restoreEmbedded(file, config, output, now);
  if (kind === 'unknown' && !config.databaseUrl) {
    // Told before the embedded database is started, or pg_restore looked for, only to say the same.
    output.stderr(`Restore refused: ${file} is not a backup made by npm run backup (neither a .tar.gz of the embedded database nor pg_dump's format); nothing was changed.\n`);
    return 1;
  }
  let database: CliDatabase;
  try {
    database = await openCliDatabase(config, createLogger({ ...config, logLevel: 'warn' }), { applicationName: backupApplicationName });
  } catch (error) {
    output.stderr(`Cannot open the database: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  try {
    const serverMajor = await serverMajorVersion(database.pool);
    const found = await listPostgresClientTools(env);
    const backup = await readBackupHeader(newestClientTools(found, env), file);
    if (backup.fromMajor > serverMajor) {
      throw new RestoreRefusal(
        `${file} is a backup of PostgreSQL ${backup.fromMajor} and the database is PostgreSQL ${serverMajor}: a dump restores into the same or a newer major version only, never an older one. ` +
          `Restore it into PostgreSQL ${backup.fromMajor} or newer; nothing was changed.`,
      );
    }
    const tools = chooseRestoreTools(found, { dumpMajor: backup.dumpMajor, serverMajor }, env);
    await refuseWhileOthersAreConnected(database.pool);
    const startedAt = performance.now();
    await replaceDatabase(database, tools, file);
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    output.stdout(
      `Restored ${file} (${backup.description}) into ${describeDatabase(database, config)}, PostgreSQL ${serverMajor}, with ${tools.version.replace(/^pg_dump/, 'pg_restore')} in ${seconds} s: ` +
        `every table, sequence and queued job now is as in the backup; what the database held before is gone.\n` +
        `The next server start applies the migrations newer than the backup.\n${filesNotInBackup(config)}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof MissingClientToolsError || error instanceof ClientToolError || error instanceof RestoreRefusal) {
      output.stderr(`Restore refused: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

/** A copy of the embedded database's data directory (embedded-backup.ts), into DATA_DIR/postgres. */
async function restoreEmbedded(file: string, config: Config, output: CommandOutput, now: Date): Promise<number> {
  const folder = path.join(config.dataDir, 'postgres');
  try {
    // Read whole first: a damaged or foreign .tar.gz is refused as such, whatever the target.
    const checked = await checkEmbeddedBackup(file);
    if (config.databaseUrl) {
      throw new EmbeddedRestoreRefusal(
        `${file} is a copy of an embedded database's data directory: it restores only into the embedded database (DATA_DIR, with DATABASE_URL unset). ` +
          `For the database at DATABASE_URL, restore a backup made by npm run backup with DATABASE_URL set (pg_dump's format); nothing was changed.`,
      );
    }
    // The data directory is replaced as a whole: no PostgreSQL may run on it, so no server either.
    const running = await runningEmbeddedPostgres(config.dataDir);
    if (running) {
      throw new EmbeddedRestoreRefusal(`the embedded database in ${folder} is running (PostgreSQL pid ${running.pid}, port ${running.port}). Stop every server instance (and anything else using it) first; nothing was changed.`);
    }
    const startedAt = performance.now();
    const restored = await restoreEmbeddedBackup(file, checked, { dataDir: config.dataDir, logger: createLogger({ ...config, logLevel: 'warn' }), now });
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    const before = restored.keptAside
      ? `The database from before the restore is kept in ${restored.keptAside}: delete that folder once you no longer need it.`
      : `There was no database in ${folder} before.`;
    const password = restored.passwordKeptAside ? `\nThe database password is the backup's (${path.join(config.dataDir, 'postgres-password')}); the one from before is in ${restored.passwordKeptAside}.` : '';
    output.stdout(
      `Restored ${file} (made ${restored.manifest.createdAt} on PostgreSQL ${restored.manifest.postgresVersion}) into the embedded database in ${folder} in ${seconds} s: ` +
        `it holds what the database held when the backup ended (${restored.users} ${restored.users === 1 ? 'user' : 'users'}), with the migrations newer than the backup applied.\n` +
        `${before}${password}\n${filesNotInBackup(config)}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof EmbeddedRestoreRefusal) {
      output.stderr(`Restore ${error instanceof EmbeddedRestoreFailure ? 'failed' : 'refused'}: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

interface BackupHeader {
  description: string;
  /** The major version of the server it was dumped from, and of the pg_dump that dumped it (0 if not said). */
  fromMajor: number;
  dumpMajor: number;
}

/** pg_restore --list reads the archive's table of contents: it fails on anything that is not a custom-format dump. */
async function readBackupHeader(tools: PostgresClientTools, file: string): Promise<BackupHeader> {
  let listing: string;
  try {
    listing = (await runClientTool(tools.pgRestore, ['--list', file])).stdout;
  } catch (error) {
    const message = (error as Error).message;
    // The archive format grows with pg_dump's versions; an older pg_restore names the one it does not know.
    const format = /unsupported version \((\d+\.\d+)\) in file header/.exec(message)?.[1];
    if (format) {
      throw new RestoreRefusal(
        `${file} was made by a newer pg_dump than the newest pg_restore here reads (${tools.version.replace(/^pg_dump/, 'pg_restore')}, archive format ${format}). ` +
          `Install the client programs of the PostgreSQL version the backup was made with, or newer, and set PG_BIN_DIR to their folder if they are not found by themselves; nothing was changed.`,
      );
    }
    throw new RestoreRefusal(`${file} is not a backup made by npm run backup, or not a whole one (${message}); nothing was changed.`);
  }
  // ";     Archive created at 2026-11-26 23:40:05 UTC", ";     dbname: app", ";     Dumped from database version: 15.18 (...)",
  // ";     Dumped by pg_dump version: 15.18 (...)"
  const header = (name: string): string | undefined => new RegExp(`^;\\s+${name}:?\\s+(.+)$`, 'm').exec(listing)?.[1]?.trim();
  const major = (version: string | undefined): number => Number(/^(\d+)/.exec(version ?? '')?.[1] ?? 0);
  const created = header('Archive created at');
  const dbname = header('dbname');
  const from = header('Dumped from database version');
  return {
    description: [created && `made ${created}`, dbname && `of database ${dbname}`, from && `on PostgreSQL ${from}`].filter(Boolean).join(' ') || 'a pg_dump archive',
    fromMajor: major(from),
    dumpMajor: major(header('Dumped by pg_dump version')),
  };
}

/**
 * A server still connected would keep serving from its caches, run jobs on rows that change under
 * it, and hold locks the restore waits for: the operator stops every instance first.
 */
async function refuseWhileOthersAreConnected(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ name: string; sessions: number }>(
    `SELECT coalesce(nullif(application_name, ''), 'unnamed') AS name, count(*)::int AS sessions
       FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name <> $1
      GROUP BY 1 ORDER BY 1`,
    [backupApplicationName],
  );
  if (rows.length > 0) {
    const who = rows.map((row) => `${row.name} (${row.sessions})`).join(', ');
    throw new RestoreRefusal(`others are connected to the database: ${who}. Stop every server instance (and anything else using the database) first; nothing was changed.`);
  }
}

/**
 * The database's own schemas are renamed aside in one transaction, the backup is restored in
 * another (pg_restore --single-transaction), and then the old schemas are dropped. A restore that
 * fails leaves nothing of itself, and the schemas are renamed back: the database is as it was.
 */
async function replaceDatabase(database: CliDatabase, tools: PostgresClientTools, file: string): Promise<void> {
  const suffix = `_before_restore_${randomBytes(3).toString('hex')}`;
  const { rows } = await database.pool.query<{ name: string }>(
    `SELECT nspname AS name FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' ORDER BY 1`,
  );
  const schemas = rows.map((row) => ({ name: row.name, aside: `${row.name.slice(0, 63 - suffix.length)}${suffix}` }));
  const quote = pg.escapeIdentifier;
  await inTransaction(database.pool, async (client) => {
    for (const schema of schemas) await client.query(`ALTER SCHEMA ${quote(schema.name)} RENAME TO ${quote(schema.aside)}`);
    // pg_dump leaves out the standard public schema: it expects it to be there.
    await client.query('CREATE SCHEMA public');
  });
  try {
    await runClientTool(tools.pgRestore, ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', file], database.url);
  } catch (error) {
    await inTransaction(database.pool, async (client) => {
      await client.query('DROP SCHEMA public CASCADE');
      for (const schema of schemas) await client.query(`ALTER SCHEMA ${quote(schema.aside)} RENAME TO ${quote(schema.name)}`);
    });
    throw new RestoreRefusal(`${(error as Error).message}; the database is as it was before.`);
  }
  await inTransaction(database.pool, async (client) => {
    for (const schema of schemas) await client.query(`DROP SCHEMA ${quote(schema.aside)} CASCADE`);
  });
}

async function inTransaction(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await work(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
