import { describe, expect, it } from 'vitest';
import { chooseRestoreTools, MissingClientToolsError, newestClientTools, type PostgresClientTools } from './postgres-client-tools.ts';

// Which pg_restore a restore uses, by version alone: the real programs are run by backup.test.ts
// and backup-newer-postgres.test.ts.

function installed(...majors: number[]): PostgresClientTools[] {
  return majors.map((major) => ({
    pgDump: `/usr/lib/postgresql/${major}/bin/pg_dump`,
    pgRestore: `/usr/lib/postgresql/${major}/bin/pg_restore`,
    major,
    version: `pg_dump (PostgreSQL) ${major}.2`,
  }));
}

const env = {};

describe('chooseRestoreTools', () => {
  it('takes the closest pg_restore at least the server version, as for pg_dump', () => {
    expect(chooseRestoreTools(installed(18, 15, 17, 16), { dumpMajor: 15, serverMajor: 16 }, env).major).toBe(16);
  });

  it('restores a dump into a newer server with an older pg_restore, the newest there is, when none is as new as the server', () => {
    expect(chooseRestoreTools(installed(14, 15), { dumpMajor: 14, serverMajor: 17 }, env).major).toBe(15);
    expect(chooseRestoreTools(installed(15), { dumpMajor: 15, serverMajor: 17 }, env).major).toBe(15);
  });

  it('refuses a pg_restore older than the pg_dump that made the backup, naming what it needs and what it found', () => {
    const choose = (): PostgresClientTools => chooseRestoreTools(installed(15), { dumpMajor: 17, serverMajor: 17 }, { PG_BIN_DIR: '/opt/pg' });
    expect(choose).toThrow(MissingClientToolsError);
    expect(choose).toThrow(
      'The backup was made by pg_dump 17: restoring it needs pg_restore 17 or newer, and none was found in PG_BIN_DIR (/opt/pg); found only pg_dump (PostgreSQL) 15.2 in /usr/lib/postgresql/15/bin. ' +
        'Install PostgreSQL 17\'s client programs or newer (for example the postgresql-client-17 package) and set PG_BIN_DIR to their folder if they are not found by themselves.',
    );
  });

  it('reads a dump with the newest pg_restore, and says so when there is none', () => {
    expect(newestClientTools(installed(15, 17, 16), env).major).toBe(17);
    expect(() => newestClientTools([], env)).toThrow(/^Restoring a pg_dump backup needs pg_restore, and none was found beside the embedded PostgreSQL, in \/usr\/lib\/postgresql\/\*\/bin or on PATH\./);
  });
});
