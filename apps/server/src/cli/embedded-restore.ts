import { chmod, chown, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { connectDatabase } from '../db/connection.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres.ts';
import { unprivilegedPostgresUser } from '../db/postgres-os-user.ts';
import { prepareDatabase } from '../db/prepare-database.ts';
import { manifestKind, manifestName, type EmbeddedBackupManifest } from './embedded-backup.ts';
import { collect, readTarGz, TarFormatError } from './tar-archive.ts';

export class EmbeddedRestoreRefusal extends Error {}
/** The restore began (the old directory was moved aside) and did not finish; it was put back. */
export class EmbeddedRestoreFailure extends EmbeddedRestoreRefusal {}

/**
 * What npm run backup wrote, by the file's first bytes: an embedded backup is gzip (1f 8b, its
 * first entry compass-backup.json, checked by checkEmbeddedBackup); pg_dump's custom format
 * begins with PGDMP.
 */
export async function backupKind(file: string): Promise<'embedded' | 'pg_dump' | 'unknown'> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(5), position: 0 });
    if (bytesRead >= 2 && buffer[0] === 0x1f && buffer[1] === 0x8b) return 'embedded';
    if (bytesRead === 5 && buffer.toString('latin1') === 'PGDMP') return 'pg_dump';
    return 'unknown';
  } finally {
    await handle.close();
  }
}

interface CheckedBackup {
  manifest: EmbeddedBackupManifest;
  password: Buffer;
}

/**
 * Reads the whole archive once before anything is touched: a file cut short or damaged (gzip's
 * checksum), or one that is not an embedded backup, is refused with the database as it was.
 */
export async function checkEmbeddedBackup(file: string): Promise<CheckedBackup> {
  let manifest: EmbeddedBackupManifest | undefined;
  let password: Buffer | undefined;
  let first = true;
  const seen = new Set<string>();
  try {
    await readTarGz(file, async (entry) => {
      const isFirst = first;
      first = false;
      if (isFirst && entry.name !== manifestName) throw new TarFormatError(`it does not begin with ${manifestName}`);
      seen.add(entry.name);
      if (entry.name === manifestName) return collect((content) => (manifest = JSON.parse(content.toString('utf8')) as EmbeddedBackupManifest));
      if (entry.name === 'postgres-password') return collect((content) => (password = content));
      if ((entry.name !== 'postgres' && !entry.name.startsWith('postgres/')) || entry.name.split('/').includes('..')) throw new TarFormatError(`it holds ${entry.name}, outside the data directory`);
      return undefined;
    });
  } catch (error) {
    if (error instanceof TarFormatError || error instanceof SyntaxError) throw new EmbeddedRestoreRefusal(`${file} is not a backup made by npm run backup, or not a whole one (${error.message}); nothing was changed.`);
    throw error;
  }
  const missing = ['postgres/PG_VERSION', 'postgres/global/pg_control', 'postgres/backup_label'].filter((name) => !seen.has(name));
  if (manifest?.kind !== manifestKind || !password || missing.length > 0) {
    throw new EmbeddedRestoreRefusal(`${file} is not a whole backup of an embedded database (${missing.length > 0 ? `${missing.join(', ')} missing` : 'no description or password in it'}); nothing was changed.`);
  }
  return { manifest, password };
}

export interface EmbeddedRestoreResult {
  manifest: EmbeddedBackupManifest;
  /** Where the data directory from before the restore was moved, if there was one. */
  keptAside: string | undefined;
  /** Where the password file from before was moved, when the backup's differed. */
  passwordKeptAside: string | undefined;
  users: number;
}

/**
 * Puts the backup in place of DATA_DIR/postgres: the directory there is renamed aside (and kept),
 * the archive is unpacked into a fresh one, and PostgreSQL is started on it as the server starts
 * it: it replays the WAL from backup_label, the migrations newer than the backup run, a query
 * checks that it answers, and it is stopped again. On any failure the old directory (and password
 * file) is put back. The caller has made sure that no PostgreSQL runs on DATA_DIR.
 */
export async function restoreEmbeddedBackup(file: string, checked: CheckedBackup, options: { dataDir: string; logger: Logger; now: Date }): Promise<EmbeddedRestoreResult> {
  const dataDir = path.resolve(options.dataDir);
  const pgDataDir = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres-password');
  const stamp = options.now.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');

  await mkdir(dataDir, { recursive: true });
  const keptAside = (await exists(pgDataDir)) ? `${pgDataDir}-before-restore-${stamp}` : undefined;
  if (keptAside && (await exists(keptAside))) throw new EmbeddedRestoreRefusal(`${keptAside} already exists; try again in a second; nothing was changed.`);
  const currentPassword = await readFile(passwordFile).catch(() => undefined);
  // The cluster's superuser password is the backup's: the server must connect with that one.
  const passwordDiffers = !currentPassword || !currentPassword.equals(checked.password);
  const passwordKeptAside = currentPassword && passwordDiffers ? `${passwordFile}-before-restore-${stamp}` : undefined;

  if (keptAside) await rename(pgDataDir, keptAside);
  if (passwordKeptAside) await rename(passwordFile, passwordKeptAside);
  let embedded: EmbeddedPostgres | undefined;
  try {
    if (passwordDiffers) {
      await writeFile(passwordFile, checked.password, { mode: 0o600 });
      await chmod(passwordFile, 0o600);
    }
    await unpack(file, dataDir, pgDataDir);
    embedded = await startEmbeddedPostgres({ dataDir, logger: options.logger });
    const connection = connectDatabase(embedded.url, { max: 2 });
    let users: number;
    try {
      await prepareDatabase(connection.pool);
      const { rows } = await connection.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
      users = rows[0]?.count ?? 0;
    } finally {
      await connection.pool.end();
    }
    const running = embedded;
    embedded = undefined;
    await running.stop();
    return { manifest: checked.manifest, keptAside, passwordKeptAside, users };
  } catch (error) {
    await embedded?.stop().catch(() => {});
    const putBack = async (): Promise<string> => {
      await rm(pgDataDir, { recursive: true, force: true });
      if (keptAside) await rename(keptAside, pgDataDir);
      if (passwordKeptAside) await rename(passwordKeptAside, passwordFile);
      else if (passwordDiffers) await rm(passwordFile, { force: true });
      return keptAside ? `${pgDataDir} is as it was before (put back from ${keptAside})` : `${pgDataDir} was removed again`;
    };
    const state = await putBack().catch((failure: unknown) => `putting the old data back failed too (${(failure as Error).message}): it is in ${keptAside ?? 'nowhere (there was none)'}${passwordKeptAside ? `, its password file in ${passwordKeptAside}` : ''}`);
    throw new EmbeddedRestoreFailure(`the restored database did not start or answer: ${(error as Error).message}. ${state}.`);
  }
}

/** Unpacks the archive: DATA_DIR/postgres new with mode 0700, owned by the database's OS user. */
async function unpack(file: string, dataDir: string, pgDataDir: string): Promise<void> {
  const user = await unprivilegedPostgresUser();
  const own = async (target: string): Promise<void> => {
    if (user) await chown(target, user.uid, user.gid);
  };
  await mkdir(pgDataDir, { mode: 0o700 });
  await chmod(pgDataDir, 0o700);
  await own(pgDataDir);
  await readTarGz(file, async (entry) => {
    if (!entry.name.startsWith('postgres/')) return undefined;
    const target = path.join(dataDir, entry.name);
    // checkEmbeddedBackup refused names with '..'; this keeps it so if the file changed since.
    if (!target.startsWith(`${pgDataDir}${path.sep}`)) throw new Error(`${entry.name} points outside the data directory`);
    if (entry.type === 'directory') {
      await mkdir(target, { recursive: true, mode: 0o700 });
      await own(target);
      return undefined;
    }
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const handle = await open(target, 'wx', 0o600);
    await own(target);
    return {
      write: (piece) => handle.writeFile(piece),
      end: () => handle.close(),
    };
  });
}

async function exists(target: string): Promise<boolean> {
  return stat(target).then(
    () => true,
    () => false,
  );
}
