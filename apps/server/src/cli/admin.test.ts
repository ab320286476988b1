import { eq, sql } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { connectDatabase } from '../db/connection.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { coupons } from '../db/schema/coupons.ts';
import { products } from '../db/schema/products.ts';
import { repoRootDir } from '../paths.ts';
import { runAdminCommand } from './admin-command.ts';

// `npm run admin -- ...`: the command in this process for its rules, and the real entry in a child
// process (as an operator runs it) for the database it opens.
const tsx = path.join(repoRootDir, 'node_modules', '.bin', 'tsx');
const entry = path.join(repoRootDir, 'apps', 'server', 'src', 'cli', 'admin.ts');

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command in this process (the same code the entry runs). */
async function admin(args: string[], env: Record<string, string>): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await runAdminCommand(args, env, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
  return { code, stdout, stderr };
}

/** Runs the real entry (src/cli/admin.ts) in a child process, as `npm run admin` does. */
async function adminProcess(args: string[], env: Record<string, string>): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, [entry, ...args], { cwd: repoRootDir, env: { PATH: process.env.PATH ?? '', ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('admin command on DATABASE_URL', () => {
  let t: TestApp;
  let env: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false });
    env = { DATABASE_URL: t.databaseUrl };
  });
  afterAll(() => t.close());

  it('lists the active products with euro prices', async () => {
    const result = await adminProcess(['products', 'list'], env);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^sku\s+kind\s+title\s+price\s+minimum\s+reports\s+active$/);
    expect(lines.find((line) => line.startsWith('REPORT-BIG5'))).toMatch(/BIG5 personality report\s+€29\.00\s+1\s+big5\s+yes/);
    expect(lines.find((line) => line.startsWith('SERVICE-TEAM-PROFILES'))).toMatch(/€24\.00\s+3\s+-\s+yes/);
  }, 60_000);

  it('creates, updates and deactivates a coupon', async () => {
    const created = await admin(['coupons', 'create', '--code', 'Spring25', '--percent', '12.5', '--max-uses', '100', '--until', '2099-06-01', '--minimum-subtotal', '40'], env);
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created coupon Spring25.');
    expect(created.stdout).toMatch(/Spring25\s+12\.5 %\s+-\s+2099-06-01T00:00:00\.000Z\s+0\/100\s+-\s+€40\.00\s+yes/);

    const updated = await admin(['coupons', 'update', 'SPRING25', '--amount', '5', '--max-uses', 'none', '--json'], env);
    expect(updated.code).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({ code: 'Spring25', type: 'fixed', value: 500, maxRedemptions: null });

    expect((await admin(['coupons', 'deactivate', 'spring25'], env)).stdout).toContain('Coupon Spring25 no longer applies.');
    const [row] = await t.db.select().from(coupons).where(sql`lower(${coupons.code}) = 'spring25'`);
    expect(row).toMatchObject({ active: false, type: 'fixed', value: 500 });
  });

  it('creates a product, changes its price and takes it off sale', async () => {
    const created = await admin(
      ['products', 'create', '--sku', 'REPORT-EXTRA', '--kind', 'report', '--title', 'Extra report', '--summary', 'Short', '--description', 'Long', '--price', '9.90', '--report-types', 'values'],
      env,
    );
    expect(created.code).toBe(0);
    expect((await admin(['products', 'update', 'report-extra', '--price', '12'], env)).code).toBe(0);
    expect((await admin(['products', 'deactivate', 'REPORT-EXTRA'], env)).stdout).toContain('Product REPORT-EXTRA is no longer for sale.');
    const [row] = await t.db.select().from(products).where(eq(products.sku, 'REPORT-EXTRA'));
    expect(row).toMatchObject({ unitPrice: 1200, active: false, reportTypes: ['values'] });
    expect((await admin(['products', 'list'], env)).stdout).not.toContain('REPORT-EXTRA');
    expect((await admin(['products', 'list', '--all'], env)).stdout).toMatch(/REPORT-EXTRA.*€12\.00.*no/);
  });

  it('refuses bad input with one line naming the option', async () => {
    const badPrice = await admin(['products', 'update', 'REPORT-BIG5', '--price', '29.999'], env);
    expect(badPrice).toMatchObject({ code: 1, stdout: '', stderr: '--price must be an amount in euros such as 29 or 29.90\n' });
    const both = await admin(['coupons', 'create', '--code', 'BOTH1', '--percent', '10', '--amount', '5'], env);
    expect(both).toMatchObject({ code: 1, stderr: '--percent give either --percent or --amount\n' });
    const duplicate = await admin(['coupons', 'create', '--code', 'DUP-1', '--percent', '10'], env);
    expect(duplicate.code).toBe(0);
    expect((await admin(['coupons', 'create', '--code', 'dup-1', '--amount', '1'], env)).stderr).toBe('a coupon with code dup-1 already exists (codes ignore letter case)\n');
    expect((await admin(['products', 'deactivate', 'NO-SUCH'], env)).stderr).toBe('no product has sku NO-SUCH\n');
  });

  it('prints the usage for an unknown command or an option that does not apply', async () => {
    const unknown = await admin(['orders', 'list'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown subject "orders": use products or coupons');
    expect(unknown.stderr).toContain('Usage: npm run admin --');
    const misplaced = await admin(['products', 'list', '--code', 'X'], env);
    expect(misplaced.code).toBe(2);
    expect(misplaced.stderr).toContain('--code does not apply to products list');
  });
});

describe('admin command on the embedded database', () => {
  const dataDir = path.join(repoRootDir, '.tmp', `admin-cli-${process.pid}-${randomBytes(4).toString('hex')}`);
  beforeAll(() => mkdir(dataDir, { recursive: true }));
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('starts the database itself when no server runs, and attaches to it while a server holds it', async () => {
    // No server: the command starts PostgreSQL as main.ts does (migrations and seeds), then stops it.
    const alone = await adminProcess(['products', 'list'], { DATA_DIR: dataDir });
    expect(alone.stderr).toBe('');
    expect(alone.code).toBe(0);
    expect(alone.stdout).toContain('REPORT-BIG5');

    // A running server's database: the command attaches to it instead of refusing or restarting it.
    const server = await startEmbeddedPostgres({ dataDir, logger: pino({ level: 'silent' }) });
    try {
      const created = await adminProcess(['coupons', 'create', '--code', 'ATTACHED', '--amount', '3'], { DATA_DIR: dataDir });
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
      const { pool, db } = connectDatabase(server.url, { max: 1 });
      try {
        const rows = await db.select({ code: coupons.code }).from(coupons);
        expect(rows).toEqual([{ code: 'ATTACHED' }]);
      } finally {
        await pool.end();
      }
    } finally {
      await server.stop();
    }
  }, 120_000);
});
