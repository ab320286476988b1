import { randomBytes } from 'node:crypto';
import { access, chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { createLogger } from '../logger.ts';
import type { CommandOutput } from './command-output.ts';
import { backupApplicationName, describeDatabase, filesNotInBackup } from './backup-scope.ts';
import { openCliDatabase, type CliDatabase } from './cli-database.ts';
import { EmbeddedBackupError, writeEmbeddedBackup } from './embedded-backup.ts';
import { ClientToolError, findPostgresClientTools, MissingClientToolsError, runClientTool } from './postgres-client-tools.ts';
import { loadCliConfig } from './cli-config.ts';

export const backupUsage = `Usage: npm run backup [-- FILE]

Writes the server's database to FILE, also while the server runs:
- the embedded database in DATA_DIR: a copy of its data directory (and of its password file) with
  the WAL that makes it consistent, as a .tar.gz; without FILE, to
  DATA_DIR/backups/compass-<UTC date and time>.tar.gz. It restores only into an embedded database.
- DATABASE_URL: pg_dump's custom format (needs pg_dump of the server's version or newer); without
  FILE, to DATA_DIR/backups/compass-<UTC date and time>.dump.
The file holds personal data and the server's secrets: it is readable by its owner only. Restore
it with npm run restore -- FILE.`;

class BackupRefusal extends Error {}

/** `npm run backup`: returns the exit code (0 written, 1 refused or failed, 2 wrong usage). */
export async function runBackupCommand(argv: string[], env: NodeJS.ProcessEnv, output: CommandOutput, now = new Date()): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    output.stdout(`${backupUsage}\n`);
    return 0;
  }
  const unknown = argv.find((arg) => arg.startsWith('-'));
  if (unknown || argv.length > 1) {
    output.stderr(`${unknown ? `Unknown option ${unknown}` : 'Name one file at most'}\n\n${backupUsage}\n`);
    return 2;
  }

  const config = loadCliConfig(env, output);
  if (!config) return 1;
  // No DATABASE_URL: the embedded database, copied as a data directory (see embedded-backup.ts).
  const extension = config.databaseUrl ? 'dump' : 'tar.gz';
  const target = path.resolve(argv[0] ?? path.join(config.dataDir, 'backups', `compass-${fileTimestamp(now)}.${extension}`));
  if (await exists(target)) {
    output.stderr(`${target} already exists; name another file (a backup never overwrites one).\n`);
    return 1;
  }

  let database;
  try {
    database = await openCliDatabase(config, createLogger({ ...config, logLevel: 'warn' }), { applicationName: backupApplicationName });
  } catch (error) {
    output.stderr(`Cannot open the database: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  // Written under another name first, so that an interrupted backup never looks like a whole one.
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  try {
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const startedAt = performance.now();
    const how = database.source === 'external' ? await dumpWithPgDump(database, partial, env) : await copyEmbedded(database, config, partial, target);
    if (await exists(target)) throw new BackupRefusal(`${target} appeared while the backup ran; the backup is kept in ${partial}`);
    await rename(partial, target);
    const { size } = await stat(target);
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    output.stdout(
      `Backed up ${describeDatabase(database, config)} to ${target} (${formatSize(size)}, ${seconds} s, ${how}).\n` +
        `Restore it with: npm run restore -- ${target}\n${filesNotInBackup(config)}\n`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupRefusal)) await rm(partial, { force: true });
    if (error instanceof MissingClientToolsError || error instanceof ClientToolError || error instanceof BackupRefusal || error instanceof EmbeddedBackupError) {
      output.stderr(`Backup failed: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

/** pg_dump's custom format, for a database at DATABASE_URL; returns what wrote it, for the operator. */
async function dumpWithPgDump(database: CliDatabase, partial: string, env: NodeJS.ProcessEnv): Promise<string> {
  const tools = await findPostgresClientTools(await serverMajorVersion(database.pool), env);
  // Created before pg_dump writes into it, so that the data is never readable by others.
  await writeFile(partial, '', { mode: 0o600 });
  await chmod(partial, 0o600);
  // One consistent snapshot, also while the server writes. Owners and grants are left out: a
  // restore makes everything owned by whoever restores, on the same or on another server.
  await runClientTool(tools.pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`], database.url);
  return tools.version;
}

/** The embedded database's data directory, copied while it runs (embedded-backup.ts). */
async function copyEmbedded(database: CliDatabase, config: Config, partial: string, target: string): Promise<string> {
  // One session for the whole backup: PostgreSQL ties the backup and the WAL slot to it.
  const client = await database.pool.connect();
  let failed = true;
  try {
    const manifest = await writeEmbeddedBackup(client, {
      pgDataDir: path.join(config.dataDir, 'postgres'),
      passwordFile: path.join(config.dataDir, 'postgres-password'),
      file: partial,
      label: `compass backup ${target}`,
    });
    failed = false;
    return `PostgreSQL ${manifest.postgresVersion}, a copy of its data directory`;
  } catch (error) {
    // A full disk, an unreadable file, a refusal by PostgreSQL: one line for the operator.
    if (error instanceof EmbeddedBackupError) throw error;
    throw new EmbeddedBackupError((error as Error).message);
  } finally {
    // A session that failed half-way is closed, not pooled: closing it ends the backup and drops the slot.
    client.release(failed);
  }
}

export async function serverMajorVersion(pool: { query: (sql: string) => Promise<{ rows: Array<Record<string, unknown>> }> }): Promise<number> {
  const { rows } = await pool.query(`SELECT current_setting('server_version_num')::int AS version`);
  return Math.floor(Number(rows[0]?.version) / 10000);
}

/** 2026-11-26T23-40-05Z: sorts by time and is a valid file name everywhere. */
function fileTimestamp(now: Date): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
