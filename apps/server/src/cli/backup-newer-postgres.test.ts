import { apiPaths, shopApiPaths } from '@app/contract/api-paths';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { login, registerUser, type RegisteredUser } from '../../test/auth-helpers.ts';
import { cli, startInstance, type Instance } from '../../test/backup-cli.ts';
import { addToBasket, checkout } from '../../test/checkout-helpers.ts';
import { answerAllQuestions, completeSignupData } from '../../test/questionnaire-helpers.ts';
import { seededSkus } from '../../test/shop-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDatabase, databaseUrl, dropDatabase } from '../../test/test-database.ts';
import { repoRootDir } from '../paths.ts';
import { serverMajorVersion } from './backup-command.ts';
import { findPostgresClientTools } from './postgres-client-tools.ts';

// Moving to a newer PostgreSQL major version, as an operator does it (docs/operations.md,
// Upgrades): `npm run backup` of a database on the older server (pg_dump of its version), then
// `npm run restore` into a fresh, empty database on the newer server, and the server started on
// it. The real entries in child processes, the real pg_dump and pg_restore.
//
// It needs two servers of different major versions: the run's test server and the one
// EXTERNAL_TEST_DATABASE_URL names, with pg_dump for the older. In CI (.ci/run) that is Debian's
// PostgreSQL 15 with its client programs, and the server project's embedded PostgreSQL 17, which
// ships no pg_dump or pg_restore: the restore goes through pg_restore 15, older than the server it
// writes to, as PostgreSQL allows. The server-cached project runs on Debian's server itself, so
// there both are the same server and the test is skipped, saying so.
const older = await (async () => {
  const externalUrl = process.env.EXTERNAL_TEST_DATABASE_URL;
  if (!externalUrl) return { skip: "no older PostgreSQL: EXTERNAL_TEST_DATABASE_URL is unset, as on a machine without Debian's PostgreSQL (.ci/run sets it)" };
  const [from, to] = (
    await Promise.all(
      [externalUrl, inject('testServerUrl')].map(async (url) => {
        const pool = new pg.Pool({ connectionString: url, max: 1 });
        try {
          return { url, major: await serverMajorVersion(pool) };
        } finally {
          await pool.end();
        }
      }),
    )
  ).sort((a, b) => a.major - b.major);
  if (!from || !to || from.major === to.major) {
    return { skip: `the test server and EXTERNAL_TEST_DATABASE_URL are both PostgreSQL ${from?.major}, as in the server-cached project; the server project runs it against the embedded PostgreSQL` };
  }
  const tools = await findPostgresClientTools(from.major, process.env).catch(() => undefined);
  if (!tools) return { skip: `no pg_dump ${from.major} or newer on this machine to back up the older server with` };
  return { from, to, tools };
})();

/** Every table's rows, as a count and a digest of their text in a fixed order, per schema.table. */
async function tableContents(url: string): Promise<Record<string, { rows: number; digest: string }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The rows' text must not depend on either server's defaults.
    await client.query(`SET TimeZone = 'UTC'; SET DateStyle = 'ISO, MDY'; SET IntervalStyle = 'postgres'; SET extra_float_digits = 1`);
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
        ORDER BY 1`,
    );
    const contents: Record<string, { rows: number; digest: string }> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ rows: number; digest: string }>(
        `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text COLLATE "C"), '')) AS digest FROM ${name} t`,
      );
      if (rows[0]) contents[name] = rows[0];
    }
    return contents;
  } finally {
    await client.end();
  }
}

/** What a user reads back through the API: their account, their orders and the questionnaire's next question. */
async function readBack(t: TestApp, user: RegisteredUser): Promise<unknown[]> {
  return Promise.all(
    [apiPaths.user, shopApiPaths.orders, '/me/question'].map(async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: user.authHeaders });
      expect(response.statusCode, url).toBe(200);
      return response.json();
    }),
  );
}

const title = 'npm run restore moves a backup to a newer PostgreSQL major version';
describe.skipIf('skip' in older)('skip' in older ? `${title} (skipped: ${older.skip})` : `${title}: ${older.from.major} to ${older.to.major}`, () => {
  // Set when the test runs (skipIf); read only in its hooks and tests, never while collecting them.
  const { from, to, tools } = older as Exclude<typeof older, { skip: string }>;
  const workDir = path.join(repoRootDir, '.tmp', `backup-upgrade-test-${process.pid}-${randomBytes(4).toString('hex')}`);
  const backupFile = path.join(workDir, 'compass.dump');
  const targetName = `upgrade_${process.pid}_${randomBytes(4).toString('hex')}`;
  let source: TestApp;
  let env: Record<string, string>;
  let targetEnv: Record<string, string>;
  let users: Array<{ user: RegisteredUser; readBack: unknown[] }>;
  let sourceContents: Awaited<ReturnType<typeof tableContents>>;

  beforeAll(async () => {
    // The older server has no template of the run: the database is migrated and seeded there.
    source = await createTestApp({ serverUrl: from.url, jobs: false });
    // Its connections go at once: the instance below stands for the server.
    await source.app.close();
    await source.sessionLookupPool.end();
    await source.pool.end();
    // The newer server's database is empty, as an operator creates it on a new server.
    await createDatabase(to.url, targetName);
    await mkdir(workDir, { recursive: true });
    env = { DATABASE_URL: source.databaseUrl, DATA_DIR: path.join(workDir, 'data'), FILES_DIR: path.join(workDir, 'files') };
    targetEnv = { ...env, DATABASE_URL: databaseUrl(to.url, targetName) };
  });
  afterAll(async () => {
    await dropDatabase(from.url, decodeURIComponent(new URL(source.databaseUrl).pathname.slice(1)));
    await dropDatabase(to.url, targetName);
    await rm(workDir, { recursive: true, force: true });
    await rm(source.config.reports.filesDir, { recursive: true, force: true });
  });

  it("backs up users with their answers and an order on the older server, with its version's pg_dump", async () => {
    const instance = await startInstance(source);
    try {
      const buyer = await registerUser(instance.t, { name: 'Grace Hopper' });
      await completeSignupData(instance.t, buyer);
      await answerAllQuestions(instance.t, buyer, { limit: 7 });
      await addToBasket(instance.t, buyer, seededSkus.big5);
      expect((await checkout(instance.t, buyer)).status).toBe('paid');
      const respondent = await registerUser(instance.t, { name: 'Edsger Dijkstra' });
      await completeSignupData(instance.t, respondent);
      await answerAllQuestions(instance.t, respondent, { limit: 3 });
      users = [];
      for (const user of [buyer, respondent]) users.push({ user, readBack: await readBack(instance.t, user) });
    } finally {
      await instance.stop();
    }
    sourceContents = await tableContents(source.databaseUrl);
    expect(sourceContents['public.users']?.rows).toBe(2);

    const result = await cli('backup', [backupFile], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`, ${tools.version}).\n`);
  }, 60_000);

  it('refuses a backup newer than its pg_restore reads, or of a newer PostgreSQL than the database, changing nothing', async () => {
    const dump = await readFile(backupFile);
    // Byte 6 is the archive format's minor version (after "PGDMP" and the major): as a newer pg_dump writes.
    const newerFormat = Buffer.from(dump);
    newerFormat[6] = 99;
    await writeFile(path.join(workDir, 'newer-format.dump'), newerFormat);
    const unreadable = await cli('restore', [path.join(workDir, 'newer-format.dump')], targetEnv);
    expect(unreadable.code).toBe(1);
    expect(unreadable.stderr).toMatch(
      /^Restore refused: \S+newer-format\.dump was made by a newer pg_dump than the newest pg_restore here reads \(pg_restore \(PostgreSQL\) [\d.]+.*, archive format 1\.99\)\. Install the client programs .*; nothing was changed\.\n$/,
    );

    // The header's "dumped from" version, moved past the newer server's (same length): a backup of a
    // PostgreSQL newer than the database, which this machine has no server to make.
    // The first version string in the header, after the format bytes, the time and the database's name.
    const versionAt = dump.indexOf(`${from.major}.`, 16);
    const newerMajor = String(to.major + 1);
    expect(versionAt).toBeGreaterThan(0);
    expect(newerMajor).toHaveLength(String(from.major).length);
    const fromNewer = Buffer.from(dump);
    fromNewer.write(newerMajor, versionAt, 'latin1');
    await writeFile(path.join(workDir, 'from-newer.dump'), fromNewer);
    const downgrade = await cli('restore', [path.join(workDir, 'from-newer.dump')], targetEnv);
    expect(downgrade.code).toBe(1);
    expect(downgrade.stderr).toMatch(
      new RegExp(
        `^Restore refused: \\S+from-newer\\.dump is a backup of PostgreSQL ${to.major + 1} and the database is PostgreSQL ${to.major}: a dump restores into the same or a newer major version only, never an older one\\. ` +
          `Restore it into PostgreSQL ${to.major + 1} or newer; nothing was changed\\.\\n$`,
      ),
    );

    expect(await tableContents(targetEnv.DATABASE_URL ?? '')).toEqual({});
  }, 60_000);

  it("restores it into a fresh database on the newer server, and the server starts on it with every user's data", async () => {
    const result = await cli('restore', [backupFile], targetEnv);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Restored \\S+compass\\.dump \\(made .* on PostgreSQL ${from.major}\\..*\\) into the database at DATABASE_URL \\(\\S+\\), PostgreSQL ${to.major}, with pg_restore \\(PostgreSQL\\) \\d+\\.`));
    // Every row of every table, the migrations' journal and the job queue included.
    expect(await tableContents(targetEnv.DATABASE_URL ?? '')).toEqual(sourceContents);

    // The server starts on it as on any database: the migrations find nothing left to do.
    let instance: Instance | undefined;
    try {
      instance = await startInstance(source, targetEnv.DATABASE_URL);
      const { t } = instance;
      expect(await serverMajorVersion(t.pool)).toBe(to.major);
      for (const { user, readBack: before } of users) {
        // They log in with their passwords and read back what they had.
        const back = await login(t, user.email, user.password);
        expect(await readBack(t, back)).toEqual(before);
      }
      // And the server goes on: a new sign-up and a new answer (the sequences came along).
      const newcomer = await registerUser(t);
      await completeSignupData(t, newcomer);
      expect(await answerAllQuestions(t, newcomer, { limit: 1 })).toHaveLength(1);
    } finally {
      await instance?.stop();
    }
  }, 60_000);
});
