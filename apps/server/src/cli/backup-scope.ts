import path from 'node:path';
import type { Config } from '../config.ts';
import type { CliDatabase } from './cli-database.ts';

/** Which database a backup or restore works on, in the operator's words. */
export function describeDatabase(database: CliDatabase, config: Config): string {
  if (database.source === 'external') {
    const url = new URL(database.url);
    return `the database at DATABASE_URL (${url.hostname}:${url.port || '5432'}${url.pathname})`;
  }
  const folder = path.join(config.dataDir, 'postgres');
  return database.source === 'attached' ? `the embedded database in ${folder} (kept running by a server)` : `the embedded database in ${folder}`;
}

/**
 * What a database backup does not hold: the generated files (report PDFs) live in the file
 * storage, not in PostgreSQL; a report whose file is missing cannot be downloaded.
 */
export function filesNotInBackup(config: Config): string {
  const where = config.reports.s3 ? `the S3 bucket ${config.reports.s3.bucket}` : `FILES_DIR (${config.reports.filesDir})`;
  return `Not in the backup: the report PDFs, kept in ${where}. Back them up at the same time (a copy of the folder, or the bucket's own copies) and put them back with the database; a report whose PDF is missing cannot be downloaded.`;
}

/** The application name the backup and restore connections carry in pg_stat_activity. */
export const backupApplicationName = 'compass-backup';
