import { accountApiPaths, apiPaths } from '@app/contract/api-paths';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerUser, type RegisteredUser } from '../../test/auth-helpers.ts';
import { fixtureWebDistDir, type TestApp } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/connection.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { prepareDatabase } from '../db/prepare-database.ts';
import { repoRootDir } from '../paths.ts';
import { readTarGz, TarGzWriter } from './tar-archive.ts';
import { cli } from '../../test/backup-cli.ts';

// `npm run backup` and `npm run restore` on the embedded PostgreSQL (no DATABASE_URL), as an
// operator runs them: the real entries in child processes, a real cluster in a DATA_DIR of this
// file's own, backed up while it runs and is written to. The pg_dump path (DATABASE_URL) is
// backup.test.ts's.

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The server on DATA_DIR's embedded database, started as main.ts starts it (migrations and seeds). */
async function startServer(dataDir: string): Promise<{ t: TestApp; stop: () => Promise<void> }> {
  const embedded = await startEmbeddedPostgres({ dataDir, logger: pino({ level: 'silent' }) });
  const main = connectDatabase(embedded.url, { max: 5 });
  const lookups = connectDatabase(embedded.url, { max: 1, applicationName: 'compass-session-lookups' });
  try {
    await prepareDatabase(main.pool);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: fixtureWebDistDir, DATA_DIR: dataDir, FILES_DIR: path.join(dataDir, 'files') });
    const app = buildApp(config, { db: main.db, pool: main.pool, sessionLookupDb: lookups.db });
    await app.ready();
    const t: TestApp = {
      app,
      config,
      db: main.db,
      pool: main.pool,
      sessionLookupPool: lookups.pool,
      databaseUrl: embedded.url,
      csrf: async () => {
        const response = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
        const token = response.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
        const cookie = response.cookies.map((set) => `${set.name}=${set.value}`).join('; ');
        return { token, cookie, headers: { cookie, 'x-xsrf-token': token } };
      },
      changesSettled: async () => {},
      close: async () => {},
    };
    return {
      t,
      stop: async () => {
        await app.close();
        await lookups.pool.end();
        await main.pool.end();
        await embedded.stop();
      },
    };
  } catch (error) {
    await lookups.pool.end();
    await main.pool.end();
    await embedded.stop();
    throw error;
  }
}

const addCoupon = (t: TestApp, code: string): Promise<unknown> => t.pool.query(`INSERT INTO coupons (code, type, value) VALUES ($1, 'fixed', 100)`, [code]);
const couponCodes = async (t: TestApp): Promise<string[]> => (await t.pool.query<{ code: string }>('SELECT code FROM coupons ORDER BY code')).rows.map((row) => row.code);

// The cached project runs the same files with the caches on; this test has none to exercise, so
// its minute of PostgreSQL starts and copies runs once, in the server project.
describe.skipIf(process.env.TEST_CACHE_TTL_MS !== undefined)('npm run backup and npm run restore on the embedded database', () => {
  const dataDir = path.join(repoRootDir, '.tmp', `embedded-backup-${process.pid}-${randomBytes(4).toString('hex')}`);
  const env = { DATA_DIR: dataDir, FILES_DIR: path.join(dataDir, 'files') };
  let backupFile: string;
  let user: RegisteredUser;
  let latecomer: RegisteredUser;
  let writtenDuring: number;

  beforeAll(() => mkdir(dataDir, { recursive: true }));
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('copies the database while the server runs and writes, and refuses to overwrite it or to restore while it runs', async () => {
    const server = await startServer(dataDir);
    try {
      user = await registerUser(server.t, { name: 'Grace Hopper' });
      await addCoupon(server.t, 'BEFORE');

      // The server goes on writing for as long as the backup runs.
      let writing = true;
      writtenDuring = 0;
      const writer = (async () => {
        while (writing) {
          await addCoupon(server.t, `DURING-${String(writtenDuring).padStart(6, '0')}`);
          writtenDuring += 1;
        }
      })();
      const result = await cli('backup', [], env);
      writing = false;
      await writer;
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(writtenDuring).toBeGreaterThan(0);

      const [name, ...others] = await readdir(path.join(dataDir, 'backups'));
      expect(others).toEqual([]);
      expect(name).toMatch(/^compass-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
      backupFile = path.join(dataDir, 'backups', name ?? '');
      const { mode, size } = await stat(backupFile);
      // Personal data, and the database's password: the owner's only.
      expect(mode & 0o777).toBe(0o600);
      expect(result.stdout).toContain(`Backed up the embedded database in ${path.join(dataDir, 'postgres')} (kept running by a server) to ${backupFile} (${(size / 1024 / 1024).toFixed(1)} MB, `);
      expect(result.stdout).toMatch(/, PostgreSQL 17\.\d+, a copy of its data directory\)\.\n/);
      expect(result.stdout).toContain(`Restore it with: npm run restore -- ${backupFile}\n`);
      expect(result.stdout).toContain(`Not in the backup: the report PDFs, kept in FILES_DIR (${env.FILES_DIR})`);
      // gzip, as `tar -xzf` reads it.
      expect([...(await readFile(backupFile)).subarray(0, 2)]).toEqual([0x1f, 0x8b]);

      // After the backup: someone signs up, the user changes their name, a coupon is added.
      latecomer = await registerUser(server.t);
      const renamed = await server.t.app.inject({ method: 'PATCH', url: accountApiPaths.profile, headers: user.headersWithCsrf, payload: { name: 'Renamed After Backup', email: user.email, locale: 'en' } });
      expect(renamed.statusCode).toBe(200);
      await addCoupon(server.t, 'AFTER');

      const again = await cli('backup', [backupFile], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toBe(`${backupFile} already exists; name another file (a backup never overwrites one).\n`);

      const refused = await cli('restore', [backupFile], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(new RegExp(`^Restore refused: the embedded database in ${escape(path.join(dataDir, 'postgres'))} is running \\(PostgreSQL pid \\d+, port \\d+\\)\\. Stop every server instance .* first; nothing was changed\\.\\n$`));
      expect(await couponCodes(server.t)).toContain('AFTER');
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('refuses a damaged backup, a file that is no backup, and the copy when DATABASE_URL names another database, changing nothing', async () => {
    const damaged = path.join(dataDir, 'damaged.tar.gz');
    const whole = await readFile(backupFile);
    await writeFile(damaged, whole.subarray(0, Math.floor(whole.length / 2)));
    const cut = await cli('restore', [damaged], env);
    expect(cut.code).toBe(1);
    expect(cut.stderr).toMatch(new RegExp(`^Restore refused: ${escape(damaged)} is not a backup made by npm run backup, or not a whole one \\(.*\\); nothing was changed\\.\\n$`));

    const notes = path.join(dataDir, 'notes.txt');
    await writeFile(notes, 'SELECT 1;\n');
    const foreign = await cli('restore', [notes], env);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toBe(`Restore refused: ${notes} is not a backup made by npm run backup (neither a .tar.gz of the embedded database nor pg_dump's format); nothing was changed.\n`);

    const external = await cli('restore', [backupFile], { ...env, DATABASE_URL: 'postgres://compass:secret@127.0.0.1:5999/compass' });
    expect(external.code).toBe(1);
    expect(external.stderr).toContain(`Restore refused: ${backupFile} is a copy of an embedded database's data directory: it restores only into the embedded database`);
    expect(external.stderr).toContain("For the database at DATABASE_URL, restore a backup made by npm run backup with DATABASE_URL set (pg_dump's format); nothing was changed.");
    expect((await readdir(dataDir)).filter((entry) => entry.includes('before-restore'))).toEqual([]);
  }, 60_000);

  it('puts the database back as it was when the restored copy does not start', async () => {
    // The backup without its WAL: PostgreSQL cannot make the copied files consistent and stops.
    const withoutWal = path.join(dataDir, 'without-wal.tar.gz');
    const writer = new TarGzWriter(withoutWal);
    await readTarGz(backupFile, async (entry) => {
      if (entry.type === 'directory') return { write: async () => {}, end: () => writer.addDirectory(entry.name) };
      if (/^postgres\/pg_wal\/[0-9A-F]{24}$/.test(entry.name)) return undefined;
      const pieces: Buffer[] = [];
      return { write: async (piece) => void pieces.push(Buffer.from(piece)), end: () => writer.addBuffer(entry.name, Buffer.concat(pieces)) };
    });
    await writer.finish();

    const result = await cli('restore', [withoutWal], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(`^Restore failed: the restored database did not start or answer: [\\s\\S]*\\. ${escape(path.join(dataDir, 'postgres'))} is as it was before \\(put back from ${escape(path.join(dataDir, 'postgres-before-restore-'))}[\\dT:Z-]+\\)\\.\\n$`),
    );
    expect((await readdir(dataDir)).filter((entry) => entry.includes('before-restore'))).toEqual([]);
    const server = await startServer(dataDir);
    try {
      expect(await couponCodes(server.t)).toContain('AFTER');
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('restores what the database held during the backup, not what came after, and keeps the replaced one aside', async () => {
    // As on another machine, whose own database has another password: the restored cluster's
    // superuser password is the backup's, so the backup's password file comes back with it.
    const passwordFile = path.join(dataDir, 'postgres-password');
    await writeFile(passwordFile, 'another-machines-password\n', { mode: 0o600 });
    const result = await cli('restore', [backupFile], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const aside = (await readdir(dataDir)).filter((entry) => entry.startsWith('postgres-before-restore-'));
    expect((await readdir(dataDir)).filter((entry) => entry.startsWith('postgres-password-before-restore-'))).toHaveLength(1);
    expect(aside).toHaveLength(1);
    expect(result.stdout).toMatch(new RegExp(`^Restored ${escape(backupFile)} \\(made \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z on PostgreSQL 17\\.\\d+\\) into the embedded database in ${escape(path.join(dataDir, 'postgres'))} in [\\d.]+ s: .*\\(1 user\\)`));
    expect(result.stdout).toContain(`The database from before the restore is kept in ${path.join(dataDir, aside[0] ?? '')}: delete that folder once you no longer need it.`);
    expect(result.stdout).toContain(`The database password is the backup's (${passwordFile}); the one from before is in ${passwordFile}-before-restore-`);
    expect(await readFile(`${path.join(dataDir, aside[0] ?? '').replace('postgres-before', 'postgres-password-before')}`, 'utf8')).toBe('another-machines-password\n');
    expect((await stat(path.join(dataDir, 'postgres'))).mode & 0o777).toBe(0o700);
    expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);

    const server = await startServer(dataDir);
    try {
      const { t } = server;
      // The user logs in under the name they had when the backup was made.
      const back = await login(t, user.email, user.password);
      expect(back.account.name).toBe('Grace Hopper');
      // Whoever signed up after the backup is gone.
      const gone = await t.app.inject({ method: 'POST', url: apiPaths.login, headers: (await t.csrf()).headers, payload: { email: latecomer.email, password: latecomer.password } });
      expect(gone.statusCode).toBe(422);
      const codes = await couponCodes(t);
      expect(codes).toContain('BEFORE');
      expect(codes).not.toContain('AFTER');
      // The writes during the backup are there up to some point and none after it: one
      // consistent moment (the backup's end), not a mix of files copied at different times.
      const during = codes.filter((code) => code.startsWith('DURING-'));
      expect(during).toEqual(Array.from({ length: during.length }, (_, index) => `DURING-${String(index).padStart(6, '0')}`));
      expect(during.length).toBeLessThanOrEqual(writtenDuring);
      // And the server goes on: a new sign-up works.
      await registerUser(t);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('starts the database itself to back it up when no server runs, and stops it again', async () => {
    const target = path.join(dataDir, 'stopped.tar.gz');
    const result = await cli('backup', [target], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Backed up the embedded database in ${path.join(dataDir, 'postgres')} to ${target} (`);
    expect((await stat(target)).mode & 0o777).toBe(0o600);
    // Stopped again: nothing holds the directory (a restore would be refused otherwise).
    await expect(stat(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toThrow();
  }, 60_000);
});
