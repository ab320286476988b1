import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { TarGzWriter } from './tar-archive.ts';

// The embedded database's backup: a copy of its data directory taken while it runs (PostgreSQL's
// "low level base backup"), with the WAL that makes the copy consistent, in one .tar.gz. It needs
// no client programs: the npm package of the embedded PostgreSQL 17 ships no pg_dump, and an older
// pg_dump cannot dump it. The archive holds, in this order:
//   compass-backup.json   what this is (read first by restore)
//   postgres-password     DATA_DIR/postgres-password: the cluster's superuser password is inside
//                         the copy, so the server needs this file to connect to the restored one
//   postgres/...          DATA_DIR/postgres, less what PostgreSQL rebuilds or must not have
//   postgres/backup_label where replay starts (from pg_backup_stop)
//   postgres/pg_wal/...   the WAL segments written from the backup's start to its end

/** The first entry of an embedded backup: restore recognises the kind of file by it. */
export const manifestName = 'compass-backup.json';
export const manifestKind = 'compass embedded PostgreSQL data directory';

export interface EmbeddedBackupManifest {
  kind: typeof manifestKind;
  formatVersion: 1;
  createdAt: string;
  postgresVersion: string;
  postgresMajor: number;
}

export class EmbeddedBackupError extends Error {}

// PostgreSQL's documentation ("Backing Up the Data Directory", continuous archiving): these are
// recreated or emptied at start, belong to the running server, or would mislead the restored one.
const leftOutFiles = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'backup_label.old', 'tablespace_map', 'tablespace_map.old', 'postgresql.auto.conf.tmp', 'recovery.signal', 'standby.signal']);
// Kept as empty folders (PostgreSQL expects them), their contents left out. pg_wal's are added
// after the copy: only the segments of the backup's own span.
const emptiedFolders = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);

/**
 * Writes the backup of the running cluster in `pgDataDir` to `file` (created new, mode 0600),
 * working through `client`, a superuser connection to it held for the whole backup: PostgreSQL
 * ends a backup (and drops the temporary slot) whose session ends.
 */
export async function writeEmbeddedBackup(client: pg.ClientBase, options: { pgDataDir: string; passwordFile: string; file: string; label: string }): Promise<EmbeddedBackupManifest> {
  const { pgDataDir, file } = options;
  const tablespaces = await readdir(path.join(pgDataDir, 'pg_tblspc')).catch(() => [] as string[]);
  if (tablespaces.length > 0) {
    // The product never creates one; their files live outside the data directory and are not copied.
    throw new EmbeddedBackupError(`the database has tablespaces outside its data directory (${tablespaces.join(', ')}), which this backup does not copy`);
  }
  const { rows: versionRows } = await client.query<{ version: string; number: number }>(`SELECT current_setting('server_version') AS version, current_setting('server_version_num')::int AS number`);
  const manifest: EmbeddedBackupManifest = {
    kind: manifestKind,
    formatVersion: 1,
    createdAt: new Date().toISOString(),
    postgresVersion: versionRows[0]?.version ?? 'unknown',
    postgresMajor: Math.floor(Number(versionRows[0]?.number) / 10000),
  };
  const password = await readFile(options.passwordFile);

  // A temporary slot holds back the removal of every WAL segment from now on, so that the
  // checkpoints during the copy cannot recycle one the backup needs; it goes with the session.
  const slot = `compass_backup_${randomBytes(6).toString('hex')}`;
  await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [slot]);
  // A fast checkpoint: the copy starts at once instead of after the next scheduled checkpoint.
  const { rows: startRows } = await client.query<{ lsn: string }>('SELECT pg_backup_start($1, true)::text AS lsn', [options.label.slice(0, 1024)]);
  const startLsn = startRows[0]?.lsn;
  if (!startLsn) throw new EmbeddedBackupError('pg_backup_start returned no WAL location');

  const archive = new TarGzWriter(file);
  try {
    await archive.addBuffer(manifestName, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await archive.addBuffer('postgres-password', password);
    await archive.addDirectory('postgres');
    await copyFolder(archive, pgDataDir, 'postgres', true);

    // Waits only for the WAL switch: the embedded cluster archives no WAL (a NOTICE says so).
    const { rows: stopRows } = await client.query<{ lsn: string; labelfile: string; spcmapfile: string | null }>('SELECT lsn::text AS lsn, labelfile, spcmapfile FROM pg_backup_stop(true)');
    const stop = stopRows[0];
    if (!stop) throw new EmbeddedBackupError('pg_backup_stop returned nothing');
    // Written byte for byte, as the documentation requires.
    await archive.addBuffer('postgres/backup_label', Buffer.from(stop.labelfile, 'utf8'));
    if (stop.spcmapfile) await archive.addBuffer('postgres/tablespace_map', Buffer.from(stop.spcmapfile, 'utf8'));

    const { rows: walRows } = await client.query<{ first: string; last: string }>('SELECT pg_walfile_name($1::pg_lsn) AS first, pg_walfile_name($2::pg_lsn) AS last', [startLsn, stop.lsn]);
    const { first, last } = walRows[0] ?? {};
    if (!first || !last) throw new EmbeddedBackupError('pg_walfile_name returned nothing');
    const walDir = path.join(pgDataDir, 'pg_wal');
    // Segment names (timeline, then position) sort in WAL order.
    const segments = (await readdir(walDir)).filter((name) => /^[0-9A-F]{24}$/.test(name) && name >= first && name <= last).sort();
    if (segments[0] !== first || segments.at(-1) !== last) throw new EmbeddedBackupError(`the WAL from ${first} to ${last} is not all in ${walDir}`);
    for (const segment of segments) {
      if (!(await archive.addFile(`postgres/pg_wal/${segment}`, path.join(walDir, segment)))) throw new EmbeddedBackupError(`the WAL segment ${segment} vanished during the backup`);
    }
    await archive.finish();
  } catch (error) {
    await archive.abort();
    throw error;
  }
  await client.query('SELECT pg_drop_replication_slot($1)', [slot]);
  return manifest;
}

async function copyFolder(archive: TarGzWriter, folder: string, name: string, isRoot: boolean): Promise<void> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    // A database's folder dropped during the copy: the WAL replay removes it again.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    // Temporary files, and hidden files that are not PostgreSQL's (as pg_basebackup leaves them out).
    if (entry.name.startsWith('pgsql_tmp') || entry.name.startsWith('.') || entry.name === 'pg_internal.init') continue;
    if (isRoot && leftOutFiles.has(entry.name)) continue;
    const source = path.join(folder, entry.name);
    const inArchive = `${name}/${entry.name}`;
    if (entry.isDirectory()) {
      await archive.addDirectory(inArchive);
      if (isRoot && emptiedFolders.has(entry.name)) {
        // pg_wal's own folders (archive_status, summaries) are expected by PostgreSQL 17 to exist.
        if (entry.name === 'pg_wal') for (const sub of ['archive_status', 'summaries']) await archive.addDirectory(`${inArchive}/${sub}`);
        continue;
      }
      await copyFolder(archive, source, inArchive, false);
    } else if (entry.isFile()) {
      await archive.addFile(inArchive, source);
    }
    // Anything else (a symbolic link, a socket) is not part of a cluster the product makes.
  }
}
