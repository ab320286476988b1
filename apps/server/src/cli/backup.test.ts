import { accountApiPaths, apiPaths, shopApiPaths } from '@app/contract/api-paths';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { login, registerUser, type RegisteredUser } from '../../test/auth-helpers.ts';
import { addToBasket, checkout } from '../../test/checkout-helpers.ts';
import { answerAllQuestions, completeSignupData } from '../../test/questionnaire-helpers.ts';
import { seededSkus } from '../../test/shop-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { dropDatabase } from '../../test/test-database.ts';
import { repoRootDir } from '../paths.ts';
import { findPostgresClientTools } from './postgres-client-tools.ts';
import { cli, startInstance } from '../../test/backup-cli.ts';

// `npm run backup` and `npm run restore` on a database at DATABASE_URL, as an operator runs them:
// the real entries in child processes, the real pg_dump and pg_restore, real files, on the test
// server's database. The embedded database's own backup (a copy of its data directory, no client
// programs needed) is embedded-backup.test.ts's.

// The test server's major version decides whether pg_dump and pg_restore fit on this machine: CI's
// external leg (Debian's PostgreSQL 15 and its client programs) runs the round trip. When the test
// server is the embedded PostgreSQL 17 (the server project, or a machine with nothing installed),
// DATABASE_URL here points at a 17 that Debian's pg_dump 15 cannot dump: the clear refusal is what
// an operator gets whose DATABASE_URL names a server newer than their client programs.
const serverMajor = await (async () => {
  const client = new pg.Client({ connectionString: inject('testServerUrl') });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: number }>(`SELECT current_setting('server_version_num')::int AS version`);
    return Math.floor(Number(rows[0]?.version) / 10000);
  } finally {
    await client.end();
  }
})();
const tools = await findPostgresClientTools(serverMajor, process.env).catch(() => undefined);

describe('npm run backup and npm run restore', () => {
  let base: TestApp;
  let env: Record<string, string>;
  const workDir = path.join(repoRootDir, '.tmp', `backup-test-${process.pid}-${randomBytes(4).toString('hex')}`);

  beforeAll(async () => {
    base = await createTestApp({ jobs: false });
    // Its connections go at once: the instances below stand for the server, stopped for a restore.
    await base.app.close();
    await base.sessionLookupPool.end();
    await base.pool.end();
    await mkdir(workDir, { recursive: true });
    env = { DATABASE_URL: base.databaseUrl, DATA_DIR: path.join(workDir, 'data'), FILES_DIR: path.join(workDir, 'files') };
  });
  afterAll(async () => {
    await dropDatabase(inject('testServerUrl'), decodeURIComponent(new URL(base.databaseUrl).pathname.slice(1)));
    await rm(workDir, { recursive: true, force: true });
    await rm(base.config.reports.filesDir, { recursive: true, force: true });
  });

  it('restore refuses without a file, with a file that is not there, and prints its usage on --help', async () => {
    const none = await cli('restore', [], env);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^Name the backup file to restore\n\nUsage: npm run restore -- FILE/);

    const missing = await cli('restore', [path.join(workDir, 'nothing.dump')], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`Restore refused: there is no backup file at ${path.join(workDir, 'nothing.dump')}; nothing was changed.\n`);

    const help = await cli('restore', ['--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Replaces everything in the server');
  }, 60_000);

  it.runIf(tools === undefined)(`refuses clearly when no pg_dump ${serverMajor} or newer is installed, and writes nothing`, async () => {
    const result = await cli('backup', [], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Backup failed: The database is PostgreSQL ${serverMajor}: this needs pg_dump and pg_restore ${serverMajor} or newer, and none were found`);
    expect(await readdir(path.join(workDir, 'data', 'backups')).catch(() => [])).toEqual([]);
  }, 60_000);

  describe.runIf(tools !== undefined)(`round trip with ${tools?.version ?? 'pg_dump'}`, () => {
    let user: RegisteredUser;
    let answered: string[];
    let orderId: string;
    let backupFile: string;

    it('backs up a database with a user, their answers and an order, to DATA_DIR/backups by default', async () => {
      const instance = await startInstance(base);
      try {
        user = await registerUser(instance.t, { name: 'Grace Hopper' });
        await completeSignupData(instance.t, user);
        answered = await answerAllQuestions(instance.t, user, { limit: 7 });
        await addToBasket(instance.t, user, seededSkus.big5);
        const paid = await checkout(instance.t, user);
        expect(paid.status).toBe('paid');
        orderId = paid.order.id;

        // Backed up while the server runs: pg_dump reads one consistent snapshot.
        const result = await cli('backup', [], env);
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        const [name, ...others] = await readdir(path.join(workDir, 'data', 'backups'));
        expect(others).toEqual([]);
        expect(name).toMatch(/^compass-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.dump$/);
        backupFile = path.join(workDir, 'data', 'backups', name ?? '');
        const { size, mode } = await stat(backupFile);
        const host = new URL(base.databaseUrl);
        expect(result.stdout).toContain(`Backed up the database at DATABASE_URL (${host.hostname}:${host.port}${host.pathname}) to ${backupFile} (`);
        expect(result.stdout).toContain(`${(size / 1024).toFixed(1)} KB`);
        expect(result.stdout).toContain(`Not in the backup: the report PDFs, kept in FILES_DIR (${env.FILES_DIR})`);
        // Personal data and the server's secrets: the owner's only.
        expect(mode & 0o777).toBe(0o600);
        // pg_dump's custom format starts with its magic.
        expect((await readFile(backupFile)).subarray(0, 5).toString()).toBe('PGDMP');
      } finally {
        await instance.stop();
      }
    }, 120_000);

    it('refuses to overwrite a file, and refuses to restore while a server is connected', async () => {
      const again = await cli('backup', [backupFile], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toBe(`${backupFile} already exists; name another file (a backup never overwrites one).\n`);

      const instance = await startInstance(base);
      try {
        const refused = await cli('restore', [backupFile], env);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/^Restore refused: others are connected to the database: .*compass-[a-z-]+ \(\d+\).*\. Stop every server instance .* first; nothing was changed\.\n$/);
        expect((await instance.t.app.inject({ method: 'GET', url: apiPaths.user, headers: user.authHeaders })).statusCode).toBe(200);
      } finally {
        await instance.stop();
      }
    }, 120_000);

    it('refuses a file that is not a backup and leaves the database as it was', async () => {
      const notADump = path.join(workDir, 'notes.dump');
      await writeFile(notADump, 'SELECT 1;\n');
      const result = await cli('restore', [notADump], env);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(new RegExp(`^Restore refused: ${notADump.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not a backup made by npm run backup, or not a whole one \\(pg_restore failed: .*\\); nothing was changed\\.\\n$`));
    }, 60_000);

    it('leaves the database as it was when a damaged backup fails half-way', async () => {
      // Its table of contents (most of the file, from the start) reads well; the last data block is damaged.
      const damaged = Buffer.from(await readFile(backupFile));
      damaged.fill(0x55, Math.floor(damaged.length * 0.99), Math.floor(damaged.length * 0.99) + 256);
      const file = path.join(workDir, 'damaged.dump');
      await writeFile(file, damaged);
      const result = await cli('restore', [file], env);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^Restore refused: pg_restore failed: [\s\S]*; the database is as it was before\.\n$/);

      const instance = await startInstance(base);
      try {
        const still = await login(instance.t, user.email, user.password);
        expect(still.account.name).toBe('Grace Hopper');
        const { rows } = await instance.t.pool.query<{ name: string }>(`SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE '%before_restore%'`);
        expect(rows).toEqual([]);
      } finally {
        await instance.stop();
      }
    }, 120_000);

    it('restores the backup over changed and deleted data, and the server works with it', async () => {
      let latecomer: RegisteredUser;
      const before = await startInstance(base);
      try {
        // After the backup: the name changes, the answers and the order go, someone signs up.
        const renamed = await before.t.app.inject({ method: 'PATCH', url: accountApiPaths.profile, headers: user.headersWithCsrf, payload: { name: 'Renamed After Backup', email: user.email, locale: 'en' } });
        expect(renamed.statusCode).toBe(200);
        await before.t.pool.query('DELETE FROM orders WHERE user_id = $1', [user.account.id]);
        // Answers go with the progress row (trigger of migration answers_follow_progress).
        await before.t.pool.query('DELETE FROM questionnaire_progress WHERE user_id = $1', [user.account.id]);
        latecomer = await registerUser(before.t);
      } finally {
        await before.stop();
      }

      const result = await cli('restore', [backupFile], env);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^Restored ${backupFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(made \\d{4}-\\d\\d-\\d\\d .* of database \\S+ on PostgreSQL ${serverMajor}\\.`));
      expect(result.stdout).toContain('every table, sequence and queued job now is as in the backup; what the database held before is gone.');
      expect(result.stdout).toContain(`Not in the backup: the report PDFs, kept in FILES_DIR (${env.FILES_DIR})`);

      const after = await startInstance(base);
      try {
        const { t } = after;
        // The user logs in with their password again, under their name before the change.
        const back = await login(t, user.email, user.password);
        expect(back.account.name).toBe('Grace Hopper');
        // Their answers are back: the questionnaire goes on after the seventh.
        const next = await t.app.inject({ method: 'GET', url: '/me/question', headers: back.authHeaders });
        expect(next.statusCode).toBe(200);
        expect(answered).not.toContain((next.json() as { question: { id: string } }).question.id);
        const { rows } = await t.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM current_answers WHERE user_id = $1', [user.account.id]);
        expect(rows[0]?.count).toBe(answered.length);
        // Their order is back, paid.
        const orders = await t.app.inject({ method: 'GET', url: shopApiPaths.orders, headers: back.authHeaders });
        expect(orders.statusCode).toBe(200);
        expect(JSON.stringify(orders.json())).toContain(orderId);
        // Whoever signed up after the backup is gone.
        const gone = await t.app.inject({ method: 'POST', url: apiPaths.login, headers: (await t.csrf()).headers, payload: { email: latecomer.email, password: latecomer.password } });
        expect(gone.statusCode).toBe(422);
        // And the server goes on: a new sign-up and a new answer (the sequences came back too).
        const newcomer = await registerUser(t);
        await completeSignupData(t, newcomer);
        expect(await answerAllQuestions(t, newcomer, { limit: 1 })).toHaveLength(1);
      } finally {
        await after.stop();
      }
    }, 180_000);
  });
});
