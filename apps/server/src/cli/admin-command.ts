// The operator's tool for the catalogue, discount codes and organisations (issues 5 and 12);
// src/cli/admin.ts runs it. Each subject's commands are a row of `subjects`: the options they take,
// what the positional argument names, the service they call and the table they print.
import { parseArgs } from 'node:util';
import type { Database } from '../db/connection.ts';
import { AdminInputError } from '../lib/admin-input.ts';
import { terminalText } from '../lib/terminal-text.ts';
import { createLogger } from '../logger.ts';
import {
  listPlans,
  listSalesFollowUps,
  listTypePrices,
  markFollowedUp,
  updatePlanDiscount,
  updateTypePrice,
  type PlanRecord,
  type SalesFollowUpRecord,
  type TypePriceRecord,
} from '../modules/organisations/public.ts';
import {
  createCoupon,
  createProduct,
  deactivateCoupon,
  deactivateProduct,
  listCoupons,
  listProducts,
  updateCoupon,
  updateProduct,
  type CouponRecord,
  type ProductRecord,
} from '../modules/shop/public.ts';
import { basisPointsToPercentage, formatEuros } from '../modules/tax/public.ts';
import { openCliDatabase } from './cli-database.ts';
import { loadCliConfig } from './cli-config.ts';
import type { CommandOutput } from './command-output.ts';

const usage = `Usage: npm run admin -- <products|coupons|plans|prices|organisations> <command> [options]

products list [--all]                 active products (--all: inactive ones too)
products create --sku SKU --kind report|bundle|service --title TEXT --summary TEXT
                --description TEXT --price EUROS [--minimum N] [--report-types big5,environment,values]
                [--position N]
products update SKU [--title TEXT] [--summary TEXT] [--description TEXT] [--price EUROS]
                [--minimum N] [--report-types LIST] [--position N] [--active true|false]
products deactivate SKU               takes the product off sale (baskets drop it)

coupons list
coupons create --code CODE (--percent 10 | --amount EUROS) [--from DATE] [--until DATE]
                [--max-uses N] [--max-uses-per-user N] [--minimum-subtotal EUROS] [--description TEXT]
coupons update CODE [the options of create; --from, --until, --max-uses, --max-uses-per-user
                take 'none' to clear] [--active true|false]
coupons deactivate CODE

plans list                            the organisations' billing plans: months and discount
plans update PLAN --discount PERCENT  monthly, quarterly or annual: the discount off a period's
                                      price, 0 to 100 (a plan's months are what its name says)
prices list                           what each organisation type pays per month, net
prices update TYPE --price EUROS      business (per organisation) or investor (per portfolio
                                      company); human capital experts pay their services' prices
                                      (products update SKU --price), event organisers a contract
organisations follow-up               contract organisations awaiting sales follow-up
organisations followed-up ID          sales has been in touch: the organisation leaves the list

Prices in euros (29 or 29.90), percentages as numbers (10 or 12.5), dates as yyyy-MM-dd (midnight
UTC) or ISO 8601 instants; --until is the first instant the code no longer applies. A plan's or a
type's new price applies to quotes at once and to running subscriptions from their next period.
Add --json to any command for machine-readable output.`;

/** What a command is given: the positional argument and the options in camelCase, as the services name them. */
interface Call {
  target: string;
  options: Record<string, string>;
  all: boolean;
}

/** What a command did: the records (--json prints them), a line saying so, and the table's rows. */
interface Outcome {
  result: unknown;
  message: string;
  rows: Array<Record<string, string>>;
}

interface CommandSpec {
  /** What the positional argument names, for the commands that act on one thing (update SKU). */
  target?: string;
  options: readonly string[];
  run: (db: Database, call: Call) => Promise<Outcome>;
}

function many<T>(records: T[], row: (record: T) => Record<string, string>): Outcome {
  return { result: records, message: '', rows: records.map(row) };
}

function one<T>(record: T, row: (record: T) => Record<string, string>, message: string): Outcome {
  return { result: record, message, rows: [row(record)] };
}

const appliesFromNow = 'Quotes use it at once, running subscriptions from their next period.';

const subjects: Record<string, Record<string, CommandSpec>> = {
  products: {
    list: { options: ['all'], run: async (db, { all }) => many(await listProducts(db, { all }), productRow) },
    create: {
      options: ['sku', 'kind', 'title', 'summary', 'description', 'price', 'minimum', 'report-types', 'position'],
      run: async (db, { options }) => {
        const created = await createProduct(db, {
          sku: options.sku ?? '',
          kind: (options.kind ?? '') as 'report',
          title: options.title ?? '',
          summary: options.summary ?? '',
          description: options.description ?? '',
          price: options.price ?? '',
          minimum: options.minimum,
          reportTypes: options.reportTypes,
          position: options.position,
        });
        return one(created, productRow, `Created product ${created.sku}.`);
      },
    },
    update: {
      target: 'sku',
      options: ['title', 'summary', 'description', 'price', 'minimum', 'report-types', 'position', 'active'],
      run: async (db, { target, options }) => {
        const updated = await updateProduct(db, target, options);
        return one(updated, productRow, `Updated product ${updated.sku}. Baskets holding it are re-priced at their next view and their owners told.`);
      },
    },
    deactivate: {
      target: 'sku',
      options: [],
      run: async (db, { target }) => {
        const deactivated = await deactivateProduct(db, target);
        return one(deactivated, productRow, `Product ${deactivated.sku} is no longer for sale.`);
      },
    },
  },
  coupons: {
    list: { options: [], run: async (db) => many(await listCoupons(db), couponRow) },
    create: {
      options: ['code', 'percent', 'amount', 'from', 'until', 'max-uses', 'max-uses-per-user', 'minimum-subtotal', 'description'],
      run: async (db, { options }) => {
        const created = await createCoupon(db, { ...options, code: options.code ?? '' });
        return one(created, couponRow, `Created coupon ${created.code}.`);
      },
    },
    update: {
      target: 'code',
      options: ['percent', 'amount', 'from', 'until', 'max-uses', 'max-uses-per-user', 'minimum-subtotal', 'description', 'active'],
      run: async (db, { target, options }) => {
        const updated = await updateCoupon(db, target, options);
        return one(updated, couponRow, `Updated coupon ${updated.code}.`);
      },
    },
    deactivate: {
      target: 'code',
      options: [],
      run: async (db, { target }) => {
        const deactivated = await deactivateCoupon(db, target);
        return one(deactivated, couponRow, `Coupon ${deactivated.code} no longer applies.`);
      },
    },
  },
  plans: {
    list: { options: [], run: async (db) => many(await listPlans(db), planRow) },
    update: {
      target: 'plan',
      options: ['discount'],
      run: async (db, { target, options }) => {
        const updated = await updatePlanDiscount(db, target, options);
        return one(updated, planRow, `The ${updated.plan} plan now takes ${basisPointsToPercentage(updated.discountBasisPoints)} % off a period's price. ${appliesFromNow}`);
      },
    },
  },
  prices: {
    list: { options: [], run: async (db) => many(await listTypePrices(db), typePriceRow) },
    update: {
      target: 'type',
      options: ['price'],
      run: async (db, { target, options }) => {
        const updated = await updateTypePrice(db, target, options);
        return one(updated, typePriceRow, `The ${updated.type} price is now ${formatEuros(updated.monthlyPrice)} a month ${chargedBy[updated.basis]}. ${appliesFromNow}`);
      },
    },
  },
  organisations: {
    'follow-up': { options: [], run: async (db) => many(await listSalesFollowUps(db), followUpRow) },
    'followed-up': {
      target: 'id',
      options: [],
      run: async (db, { target }) => {
        const marked = await markFollowedUp(db, target);
        return one(marked, followUpRow, `${marked.name} is followed up and leaves the sales follow-up list.`);
      },
    },
  },
};

class UsageError extends Error {}

interface Invocation extends Call {
  subject: string;
  command: string;
  spec: CommandSpec;
  json: boolean;
}

/** A list of choices as a sentence: 'a, b or c'. */
function choices(names: readonly string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}` : (names[0] ?? '');
}

function parseInvocation(argv: string[]): Invocation {
  const stringOptions = new Set(
    Object.values(subjects)
      .flatMap((commands) => Object.values(commands))
      .flatMap((spec) => spec.options)
      .filter((name) => name !== 'all'),
  );
  const parsed = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      ...Object.fromEntries([...stringOptions].map((name) => [name, { type: 'string' as const }])),
      all: { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const values: Record<string, unknown> = parsed.values;
  const [subject, command, target, ...rest] = parsed.positionals;
  if (values.help === true || subject === undefined || subject === 'help') throw new UsageError('');
  const commands = Object.hasOwn(subjects, subject) ? subjects[subject] : undefined;
  if (!commands) throw new UsageError(`unknown subject "${subject}": use ${choices(Object.keys(subjects))}`);
  const spec = command !== undefined && Object.hasOwn(commands, command) ? commands[command] : undefined;
  if (command === undefined || !spec) throw new UsageError(`unknown command "${command ?? ''}" for ${subject}: use ${choices(Object.keys(commands))}`);
  if (spec.target !== undefined && target === undefined) throw new UsageError(`${subject} ${command} needs the ${spec.target} to act on`);
  const unexpected = spec.target === undefined ? target : rest[0];
  if (unexpected !== undefined) throw new UsageError(`unexpected argument "${unexpected}"`);

  const options: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (name === 'json' || name === 'help' || value === undefined) continue;
    if (!spec.options.includes(name)) throw new UsageError(`--${name} does not apply to ${subject} ${command}`);
    if (typeof value === 'string') options[name.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase())] = value;
  }
  return { subject, command, spec, target: target ?? '', options, all: values.all === true, json: values.json === true };
}

function productRow(product: ProductRecord): Record<string, string> {
  return {
    sku: product.sku,
    kind: product.kind,
    title: product.title,
    price: formatEuros(product.unitPrice),
    minimum: String(product.minimumQuantity),
    reports: product.reportTypes.join(',') || '-',
    active: product.active ? 'yes' : 'no',
  };
}

function couponRow(coupon: CouponRecord): Record<string, string> {
  return {
    code: coupon.code,
    discount: coupon.type === 'percentage' ? `${basisPointsToPercentage(coupon.value)} %` : formatEuros(coupon.value),
    from: coupon.validFrom?.toISOString() ?? '-',
    until: coupon.validUntil?.toISOString() ?? '-',
    // Uses held by orders (awaiting payment or paid) against the limit.
    uses: `${coupon.redeemed}/${coupon.maxRedemptions ?? '∞'}`,
    'per user': coupon.maxRedemptionsPerUser === null ? '-' : String(coupon.maxRedemptionsPerUser),
    'min subtotal': coupon.minimumSubtotal === 0 ? '-' : formatEuros(coupon.minimumSubtotal),
    active: coupon.active ? 'yes' : 'no',
  };
}

function planRow(plan: PlanRecord): Record<string, string> {
  // The contract plan has no period: its terms are agreed with sales.
  const periodic = plan.months !== null;
  return {
    plan: plan.plan,
    months: periodic ? String(plan.months) : '-',
    discount: periodic ? `${basisPointsToPercentage(plan.discountBasisPoints)} %` : 'by contract',
  };
}

const chargedBy: Record<TypePriceRecord['basis'], string> = {
  organisation: 'per organisation',
  portfolio_company: 'per portfolio company',
  services: 'per activated service',
  contract: 'by contract',
};

function typePriceRow(price: TypePriceRecord): Record<string, string> {
  const hasPrice = price.basis === 'organisation' || price.basis === 'portfolio_company';
  return {
    type: price.type,
    charged: chargedBy[price.basis],
    'monthly price': hasPrice ? formatEuros(price.monthlyPrice) : price.basis === 'services' ? "the services' prices" : '-',
  };
}

function followUpRow(organisation: SalesFollowUpRecord): Record<string, string> {
  return {
    id: organisation.id,
    name: organisation.name,
    type: organisation.type,
    status: organisation.status,
    'billing e-mail': organisation.billingEmail,
    created: organisation.createdAt.toISOString(),
  };
}

function table(rows: Array<Record<string, string>>): string {
  const first = rows[0];
  if (!first) return '(none)';
  const columns = Object.keys(first);
  // Typed names and addresses are shown, never obeyed: a control character in one is written as its escape.
  const cell = (row: Record<string, string>, column: string) => terminalText(row[column] ?? '');
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => cell(row, column).length)));
  const line = (cells: string[]) => cells.map((text, index) => text.padEnd(widths[index] ?? 0)).join('  ').trimEnd();
  return [line(columns), line(widths.map((width) => '-'.repeat(width))), ...rows.map((row) => line(columns.map((column) => cell(row, column))))].join('\n');
}


/**
 * Runs one admin command and returns its exit code: 0 done, 1 refused or failed (one line on
 * stderr), 2 wrong usage (the usage follows).
 */
export async function runAdminCommand(argv: string[], env: NodeJS.ProcessEnv, output: CommandOutput): Promise<number> {
  let invocation: Invocation;
  try {
    invocation = parseInvocation(argv);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    output.stderr(`${message ? `${message}\n\n` : ''}${usage}\n`);
    return message ? 2 : 0;
  }

  const config = loadCliConfig(env, output);
  if (!config) return 1;
  const logger = createLogger({ ...config, logLevel: 'warn' });
  let database;
  try {
    database = await openCliDatabase(config, logger);
  } catch (error) {
    output.stderr(`Cannot open the database: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  try {
    const { result, message, rows } = await invocation.spec.run(database.db, invocation);
    if (invocation.json) output.stdout(`${JSON.stringify(result, null, 2)}\n`);
    else output.stdout(`${message ? `${terminalText(message)}\n` : ''}${table(rows)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof AdminInputError) {
      output.stderr(`${terminalText(error.message)}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}
