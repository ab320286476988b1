// The operator's tool for the catalogue and discount codes (issue 5); src/cli/admin.ts runs it.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import {
  AdminInputError,
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
import type { Database } from '../db/connection.ts';

const usage = `Usage: npm run admin -- <products|coupons> <command> [options]

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

Prices in euros (29 or 29.90), percentages as numbers (10 or 12.5), dates as yyyy-MM-dd (midnight
UTC) or ISO 8601 instants; --until is the first instant the code no longer applies.
Add --json to any command for machine-readable output.`;

const optionNames = {
  products: {
    list: ['all'],
    create: ['sku', 'kind', 'title', 'summary', 'description', 'price', 'minimum', 'report-types', 'position'],
    update: ['title', 'summary', 'description', 'price', 'minimum', 'report-types', 'position', 'active'],
    deactivate: [],
  },
  coupons: {
    list: [],
    create: ['code', 'percent', 'amount', 'from', 'until', 'max-uses', 'max-uses-per-user', 'minimum-subtotal', 'description'],
    update: ['percent', 'amount', 'from', 'until', 'max-uses', 'max-uses-per-user', 'minimum-subtotal', 'description', 'active'],
    deactivate: [],
  },
} as const;

type Entity = keyof typeof optionNames;
type Command = keyof (typeof optionNames)[Entity];

class UsageError extends Error {}

interface Invocation {
  entity: Entity;
  command: Command;
  /** The sku or code the command acts on (update, deactivate). */
  target: string | undefined;
  /** Options in camelCase, as the admin service's inputs name them. */
  options: Record<string, string>;
  all: boolean;
  json: boolean;
}

function parseInvocation(argv: string[]): Invocation {
  const stringOptions = new Set(Object.values(optionNames).flatMap((commands) => Object.values(commands).flat()));
  const parsed = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      ...Object.fromEntries([...stringOptions].filter((name) => name !== 'all').map((name) => [name, { type: 'string' as const }])),
      all: { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const values: Record<string, unknown> = parsed.values;
  const positionals = parsed.positionals;
  const [entity, command, target, ...rest] = positionals;
  if (values.help === true || entity === undefined || entity === 'help') throw new UsageError('');
  if (entity !== 'products' && entity !== 'coupons') throw new UsageError(`unknown subject "${entity}": use products or coupons`);
  if (command !== 'list' && command !== 'create' && command !== 'update' && command !== 'deactivate') {
    throw new UsageError(`unknown command "${command ?? ''}": use list, create, update or deactivate`);
  }
  const needsTarget = command === 'update' || command === 'deactivate';
  if (needsTarget && target === undefined) throw new UsageError(`${entity} ${command} needs the ${entity === 'products' ? 'sku' : 'code'} to act on`);
  if ((!needsTarget && target !== undefined) || rest.length > 0) throw new UsageError(`unexpected argument "${needsTarget ? rest[0] : target}"`);

  const allowed: readonly string[] = optionNames[entity][command];
  const options: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (name === 'json' || name === 'help' || value === undefined) continue;
    if (!allowed.includes(name)) throw new UsageError(`--${name} does not apply to ${entity} ${command}`);
    if (typeof value === 'string') options[name.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase())] = value;
  }
  return { entity, command, target, options, all: values.all === true, json: values.json === true };
}

type Result = ProductRecord | CouponRecord | ProductRecord[] | CouponRecord[];

async function execute(db: Database, invocation: Invocation): Promise<{ result: Result; message: string }> {
  const { entity, command, target = '', options } = invocation;
  if (entity === 'products') {
    switch (command) {
      case 'list':
        return { result: await listProducts(db, { all: invocation.all }), message: '' };
      case 'create': {
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
        return { result: created, message: `Created product ${created.sku}.` };
      }
      case 'update': {
        const updated = await updateProduct(db, target, options);
        return { result: updated, message: `Updated product ${updated.sku}. Baskets holding it are re-priced at their next view and their owners told.` };
      }
      case 'deactivate': {
        const deactivated = await deactivateProduct(db, target);
        return { result: deactivated, message: `Product ${deactivated.sku} is no longer for sale.` };
      }
    }
  }
  switch (command) {
    case 'list':
      return { result: await listCoupons(db), message: '' };
    case 'create': {
      const created = await createCoupon(db, { ...options, code: options.code ?? '' });
      return { result: created, message: `Created coupon ${created.code}.` };
    }
    case 'update': {
      const updated = await updateCoupon(db, target, options);
      return { result: updated, message: `Updated coupon ${updated.code}.` };
    }
    case 'deactivate': {
      const deactivated = await deactivateCoupon(db, target);
      return { result: deactivated, message: `Coupon ${deactivated.code} no longer applies.` };
    }
  }
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

function table(rows: Array<Record<string, string>>): string {
  const first = rows[0];
  if (!first) return '(none)';
  const columns = Object.keys(first);
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ').trimEnd();
  return [line(columns), line(widths.map((width) => '-'.repeat(width))), ...rows.map((row) => line(columns.map((column) => row[column] ?? '')))].join('\n');
}

function render(entity: Entity, result: Result): string {
  const list = Array.isArray(result) ? result : [result];
  return entity === 'products' ? table((list as ProductRecord[]).map(productRow)) : table((list as CouponRecord[]).map(couponRow));
}

export interface CommandOutput {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
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

  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    output.stderr(`${error.message}\n`);
    return 1;
  }
  const logger = createLogger({ ...config, logLevel: 'warn' });
  let database;
  try {
    database = await openCliDatabase(config, logger);
  } catch (error) {
    output.stderr(`Cannot open the database: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  try {
    const { result, message } = await execute(database.db, invocation);
    if (invocation.json) output.stdout(`${JSON.stringify(result, null, 2)}\n`);
    else output.stdout(`${message ? `${message}\n` : ''}${render(invocation.entity, result)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof AdminInputError) {
      output.stderr(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}
