import { organisationApiPaths } from '@app/contract/api-paths';
import { organisationQuoteEnvelope, type OrganisationQuoteInput } from '@app/contract/organisation-pricing';
import { organisationEnvelope } from '@app/contract/organisations';
import { eq, sql } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.ts';
import { businessOrganisationRequest } from '../../test/organisation-helpers.ts';
import { productBySku, seededSkus } from '../../test/shop-fixtures.ts';
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

  describe('organisations: plans, prices and sales follow-up (issue 12)', () => {
    let customer: RegisteredUser;
    let teamProfilesId: string;
    beforeAll(async () => {
      customer = await registerUser(t);
      teamProfilesId = (await productBySku(t, seededSkus.teamProfiles)).id;
    });

    /** What the wizard's step 3 shows a customer (POST /api/organisations/quote). */
    async function quoted(body: Omit<OrganisationQuoteInput, 'services' | 'country'>) {
      const response = await t.app.inject({
        method: 'POST',
        url: organisationApiPaths.quote,
        headers: customer.headersWithCsrf,
        payload: { services: [{ product_id: teamProfilesId, quantity: 3 }], country: 'US', ...body },
      });
      expect(response.statusCode).toBe(200);
      return organisationQuoteEnvelope.parse(response.json()).data;
    }

    it('lists the plans and changes a discount, which the next quote applies', async () => {
      const listed = await admin(['plans', 'list'], env);
      expect(listed.code).toBe(0);
      expect(listed.stdout.trim().split('\n')).toEqual([
        expect.stringMatching(/^plan\s+months\s+discount$/),
        expect.stringMatching(/^-+\s+-+\s+-+$/),
        expect.stringMatching(/^monthly\s+1\s+0 %$/),
        expect.stringMatching(/^quarterly\s+3\s+5 %$/),
        expect.stringMatching(/^annual\s+12\s+15 %$/),
        expect.stringMatching(/^contract\s+-\s+by contract$/),
      ]);

      const updated = await admin(['plans', 'update', 'Quarterly', '--discount', '12.5'], env);
      expect(updated).toMatchObject({ code: 0, stderr: '' });
      expect(updated.stdout).toContain("The quarterly plan now takes 12.5 % off a period's price. Quotes use it at once, running subscriptions from their next period.");
      expect(updated.stdout).toMatch(/quarterly\s+3\s+12\.5 %/);
      // Three months of €149.00 = €447.00, 12.5 % off = €55.875, rounded half up to €55.88.
      expect(await quoted({ type: 'business', plan: 'quarterly', portfolio_companies: 0 })).toMatchObject({ discount_percentage: 12.5, subtotal: 44_700, discount_amount: 5_588, net: 39_112 });

      const none = await admin(['plans', 'update', 'quarterly', '--discount', '0', '--json'], env);
      expect(JSON.parse(none.stdout)).toMatchObject({ plan: 'quarterly', months: 3, discountBasisPoints: 0 });
      expect(await quoted({ type: 'business', plan: 'quarterly', portfolio_companies: 0 })).toMatchObject({ discount_percentage: 0, discount_amount: 0, net: 44_700 });
      await admin(['plans', 'update', 'quarterly', '--discount', '5'], env);
    });

    it('lists what each type pays per month and changes a price, which the next quote charges', async () => {
      const listed = await admin(['prices', 'list'], env);
      expect(listed.code).toBe(0);
      expect(listed.stdout.trim().split('\n')).toEqual([
        expect.stringMatching(/^type\s+charged\s+monthly price$/),
        expect.stringMatching(/^-+\s+-+\s+-+$/),
        expect.stringMatching(/^business\s+per organisation\s+€149\.00$/),
        expect.stringMatching(/^human_capital_expert\s+per activated service\s+the services' prices$/),
        expect.stringMatching(/^investor\s+per portfolio company\s+€49\.00$/),
        expect.stringMatching(/^event_organiser\s+by contract\s+-$/),
      ]);

      const business = await admin(['prices', 'update', 'business', '--price', '199.90'], env);
      expect(business).toMatchObject({ code: 0, stderr: '' });
      expect(business.stdout).toContain('The business price is now €199.90 a month per organisation. Quotes use it at once, running subscriptions from their next period.');
      expect(await quoted({ type: 'business', plan: 'monthly', portfolio_companies: 0 })).toMatchObject({ subtotal: 19_990, total: 19_990 });

      const investor = await admin(['prices', 'update', 'INVESTOR', '--price', '55', '--json'], env);
      expect(JSON.parse(investor.stdout)).toMatchObject({ type: 'investor', basis: 'portfolio_company', monthlyPrice: 5_500 });
      expect(await quoted({ type: 'investor', plan: 'monthly', portfolio_companies: 4 })).toMatchObject({ subtotal: 22_000 });

      await admin(['prices', 'update', 'business', '--price', '149'], env);
      await admin(['prices', 'update', 'investor', '--price', '49'], env);
    });

    it('refuses a discount or a price it cannot set, saying why', async () => {
      const refusals: Array<[string[], string]> = [
        [['plans', 'update', 'contract', '--discount', '5'], 'the contract plan has no period price to discount: its terms are agreed with sales'],
        [['plans', 'update', 'annual', '--discount', '101'], '--discount must be from 0 to 100'],
        [['plans', 'update', 'annual', '--discount=-5'], '--discount must be a percentage such as 10 or 12.5'],
        [['plans', 'update', 'annual', '--discount', '12.345'], '--discount must be a percentage such as 10 or 12.5'],
        [['plans', 'update', 'annual'], '--discount is required'],
        [['plans', 'update', 'weekly', '--discount', '5'], 'no plan is called weekly: use monthly, quarterly, annual, contract'],
        [
          ['prices', 'update', 'human_capital_expert', '--price', '10'],
          "human_capital_expert is charged per activated service: change a service's price with `products update SKU --price EUROS`",
        ],
        [['prices', 'update', 'event_organiser', '--price', '10'], 'event_organiser is charged by a contract agreed with sales: it has no monthly price'],
        [['prices', 'update', 'business', '--price', '0'], '--price must be above 0'],
        [['prices', 'update', 'business', '--price', '1.999'], '--price must be an amount in euros such as 29 or 29.90'],
        [['prices', 'update', 'business'], '--price is required'],
        [['prices', 'update', 'shop', '--price', '5'], 'no organisation type is called shop: use business, human_capital_expert, investor, event_organiser'],
      ];
      for (const [args, message] of refusals) {
        expect(await admin(args, env), args.join(' ')).toEqual({ code: 1, stdout: '', stderr: `${message}\n` });
      }
      expect((await admin(['plans', 'list'], env)).stdout).toMatch(/annual\s+12\s+15 %/);
      expect((await admin(['prices', 'list'], env)).stdout).toMatch(/business\s+per organisation\s+€149\.00/);
    });

    it('lists a contract organisation for sales follow-up until it is marked followed up', async () => {
      const owner = await registerUser(t);
      const create = async (overrides: Parameters<typeof businessOrganisationRequest>[1]) => {
        const response = await t.app.inject({ method: 'POST', url: organisationApiPaths.list, headers: owner.headersWithCsrf, payload: await businessOrganisationRequest(t, overrides) });
        expect(response.statusCode).toBe(201);
        return organisationEnvelope.parse(response.json()).data;
      };
      const business = await create({});
      const base = await businessOrganisationRequest(t);
      const { employees: _employees, ...details } = base.details;
      const events = await create({
        type: 'event_organiser',
        plan: 'contract',
        details: { ...details, name: 'Summit Events Sp. z o.o.', nature_of_event: 'A leadership conference' },
        billing_details: { ...base.billing_details, name: 'Summit Events', billing_email: 'invoices@summit.example' },
      });

      const waiting = await admin(['organisations', 'follow-up'], env);
      expect(waiting.code).toBe(0);
      const lines = waiting.stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^id\s+name\s+type\s+status\s+billing e-mail\s+created$/);
      expect(lines.find((line) => line.startsWith(events.id))).toMatch(
        new RegExp(`^${events.id}\\s+Summit Events Sp\\. z o\\.o\\.\\s+event_organiser\\s+pending_activation\\s+invoices@summit\\.example\\s+\\d{4}-\\d{2}-\\d{2}T`),
      );
      expect(waiting.stdout).not.toContain(business.id);
      const asJson = JSON.parse((await admin(['organisations', 'follow-up', '--json'], env)).stdout) as Array<{ id: string }>;
      expect(asJson).toContainEqual(expect.objectContaining({ id: events.id, type: 'event_organiser', plan: 'contract', billingEmail: 'invoices@summit.example', salesFollowUp: true }));

      const marked = await admin(['organisations', 'followed-up', events.id], env);
      expect(marked).toMatchObject({ code: 0, stderr: '' });
      expect(marked.stdout).toContain('Summit Events Sp. z o.o. is followed up and leaves the sales follow-up list.');
      expect((await admin(['organisations', 'follow-up'], env)).stdout).not.toContain(events.id);

      expect(await admin(['organisations', 'followed-up', events.id], env)).toEqual({
        code: 1,
        stdout: '',
        stderr: `Summit Events Sp. z o.o. (${events.id}) is not awaiting sales follow-up\n`,
      });
      expect((await admin(['organisations', 'followed-up', 'summit'], env)).stderr).toBe('no organisation has id summit\n');
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await admin(['organisations', 'followed-up', unknown], env)).stderr).toBe(`no organisation has id ${unknown}\n`);
    });
  });

  it('prints the usage for an unknown command or an option that does not apply', async () => {
    const unknown = await admin(['orders', 'list'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown subject "orders": use products, coupons, plans, prices or organisations');
    expect(unknown.stderr).toContain('Usage: npm run admin --');
    const misplaced = await admin(['products', 'list', '--code', 'X'], env);
    expect(misplaced.code).toBe(2);
    expect(misplaced.stderr).toContain('--code does not apply to products list');
    const wrongCommand = await admin(['organisations', 'list'], env);
    expect(wrongCommand.code).toBe(2);
    expect(wrongCommand.stderr).toContain('unknown command "list" for organisations: use follow-up or followed-up');
    expect((await admin(['organisations', 'followed-up'], env)).stderr).toContain('organisations followed-up needs the id to act on');
    expect((await admin(['plans', 'update', 'annual', '--price', '5'], env)).stderr).toContain('--price does not apply to plans update');
    // A plan's months are what its name says: there is no option to change them.
    const months = await admin(['plans', 'update', 'annual', '--months', '6'], env);
    expect(months.code).toBe(2);
    expect(months.stderr).toContain("Unknown option '--months'");
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
