import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isEuCountry, normaliseCountryCode } from './lib/countries.ts';
import { defaultWebDistDir, repoRootDir } from './paths.ts';

const portNumber = z.coerce
  .number({ error: 'must be a port number (1-65535)' })
  .int({ error: 'must be a port number (1-65535)' })
  .min(1, { error: 'must be a port number (1-65535)' })
  .max(65535, { error: 'must be a port number (1-65535)' });

const absolutePath = z.string().transform((value) => path.resolve(value));

// TRUST_PROXY takes what Fastify's trustProxy takes: a boolean, a hop count, or addresses/CIDRs.
const trustProxy = z.string().transform((value, context): boolean | number | string[] => {
  const normalised = value.trim().toLowerCase();
  if (normalised === 'true') return true;
  if (normalised === 'false') return false;
  if (/^\d+$/.test(normalised)) return Number(normalised);
  const addresses = normalised.split(',').map((part) => part.trim());
  if (addresses.every((address) => /^[0-9a-f.:/]+$/.test(address) && address !== '')) return addresses;
  context.addIssue({ code: 'custom', message: 'must be true, false, a hop count or a comma-separated list of addresses' });
  return z.NEVER;
});

const positiveSeconds = z.coerce
  .number({ error: 'must be a whole number of seconds above 0' })
  .int({ error: 'must be a whole number of seconds above 0' })
  .min(1, { error: 'must be a whole number of seconds above 0' });

const booleanFlag = z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  PORT: portNumber.default(3000),
  // Loopback by default: `npm start` on a laptop must not expose the product to the network.
  // Containers and servers set HOST=0.0.0.0 on purpose.
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: absolutePath.optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  /** Connections per server instance; by default twice this machine's cores (docs/decisions.md, "Pool size"). */
  DATABASE_POOL_SIZE: z.coerce.number({ error: 'must be a whole number of connections' }).int().min(1).max(500).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be one of development, production, test' })
    .default('development'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: trustProxy.default(false),
  WEB_DIST_DIR: absolutePath.optional(),
  // Issue 3: access tokens live 15 minutes, a login (its refresh-token family) 30 days at most.
  ACCESS_TOKEN_TTL: positiveSeconds.default(900),
  REFRESH_TOKEN_TTL: positiveSeconds.default(30 * 24 * 60 * 60),
  /**
   * How long a checked access token may be answered from memory (modules/auth/session-cache);
   * 0 checks every request against the database. Changes reach the cache at once through
   * PostgreSQL notifications; this is the bound if one is ever missed.
   */
  SESSION_CACHE_TTL_MS: z.coerce.number({ error: 'must be a whole number of milliseconds' }).int().min(0).max(60_000).default(2_000),
  /**
   * How long GET /api/cart's priced basket may be answered from memory (modules/shop/basket/basket-cache);
   * 0 prices every request from the database. Changes reach it through PostgreSQL notifications.
   */
  BASKET_CACHE_TTL_MS: z.coerce.number({ error: 'must be a whole number of milliseconds' }).int().min(0).max(60_000).default(2_000),
  /**
   * How long GET /api/reports's list may be answered from memory (modules/reports/report-list-cache);
   * 0 reads every request from the database. Changes reach it through PostgreSQL notifications.
   */
  REPORT_LIST_CACHE_TTL_MS: z.coerce.number({ error: 'must be a whole number of milliseconds' }).int().min(0).max(60_000).default(2_000),
  /**
   * How long an organisation's team overview sums may be answered from memory
   * (modules/team-insights/team-overview-cache); 0 sums every request in the database. Changes reach
   * it through PostgreSQL notifications; this bounds a missed one and the tenure bands' drift.
   */
  TEAM_OVERVIEW_CACHE_TTL_MS: z.coerce.number({ error: 'must be a whole number of milliseconds' }).int().min(0).max(600_000).default(60_000),
  /** Google sign-in is offered only when set. */
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_JWKS_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default('https://www.googleapis.com/oauth2/v3/certs'),
  SIGNUP_ENABLED: booleanFlag.default(true),
  /** Sign-ups per client IP per hour; an event venue behind one NAT address may need more. */
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number({ error: 'must be a whole number of sign-ups' }).int().min(1).max(1_000_000).default(10),
  // E-mail (issue 3): SMTP when set, otherwise the log and the dev outbox (DESIGN section 5).
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().trim().min(3).default('Compass <no-reply@localhost>'),
  /** First retry of a failed send; later ones back off exponentially (pg-boss retryBackoff). */
  MAIL_RETRY_DELAY_SECONDS: positiveSeconds.default(10),
  // Payments (issue 5): Stripe when its secret key is set, else the offline test provider.
  PAYMENT_PROVIDER: z.enum(['test', 'stripe'], { error: 'must be test or stripe' }).optional(),
  STRIPE_SECRET_KEY: z.string().trim().regex(/^(sk|rk)_(test|live)_\w+$/, { error: 'must be a Stripe secret key (sk_test_... or sk_live_...)' }).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().trim().regex(/^pk_(test|live)_\w+$/, { error: 'must be a Stripe publishable key (pk_test_... or pk_live_...)' }).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().regex(/^whsec_\w+$/, { error: 'must be a Stripe webhook signing secret (whsec_...)' }).optional(),
  /** Where the Stripe API is reached; tests point it at a local fake. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** Checkouts one account may place per minute (issue 5: against card testing), then 429. */
  CHECKOUT_LIMIT_PER_ACCOUNT_PER_MINUTE: z.coerce.number({ error: 'must be a whole number of checkouts' }).int().min(1).max(100_000).default(30),
  /** Checkouts one client address may place per minute across accounts (an office, an event: higher). */
  CHECKOUT_LIMIT_PER_IP_PER_MINUTE: z.coerce.number({ error: 'must be a whole number of checkouts' }).int().min(1).max(1_000_000).default(120),
  /** An order still waiting for its payment after this long is expired and its coupon released. */
  ORDER_PAYMENT_TIMEOUT_MINUTES: z.coerce.number({ error: 'must be a whole number of minutes' }).int().min(1).max(24 * 60).default(30),
  SELLER_NAME: z.string().trim().min(1).default('Compass Assessments GmbH'),
  /** Lines separated by "\n" or "|". */
  SELLER_ADDRESS: z.string().trim().min(1).default('Friedrichstraße 68|10117 Berlin|Germany'),
  SELLER_VAT_NUMBER: z.string().trim().min(4).default('DE000000000'),
  /** Issue 5: the shop's own EU country (ISO code): its VAT rate applies until a billing country is known. */
  DEFAULT_VAT_COUNTRY: z
    .string()
    .transform(normaliseCountryCode)
    .refine(isEuCountry, { error: 'must be the ISO code of an EU member state, such as DE' })
    .default('DE'),
  /** Issue 4: a folder whose environment.json, big5.json or values.json replace the shipped item banks. */
  ASSESSMENT_BANKS_DIR: absolutePath.optional(),
  /** Issue 5: who confirms a business buyer's VAT number (reverse charge): 'format' (offline, never confirms) or 'vies'. */
  VAT_NUMBER_CHECKER: z.enum(['format', 'vies'], { error: 'must be format or vies' }).default('format'),
  /** The EU Commission's VIES REST service (tests point it at a local fake). */
  VIES_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default('https://ec.europa.eu/taxation_customs/vies/rest-api'),
  /** A VIES answer slower than this counts as "not verified": the buyer pays VAT, the checkout goes on. */
  VIES_TIMEOUT_MS: z.coerce.number({ error: 'must be a whole number of milliseconds (100-30000)' }).int().min(100, { error: 'must be a whole number of milliseconds (100-30000)' }).max(30_000, { error: 'must be a whole number of milliseconds (100-30000)' }).default(3000),
  /** First retry of a failed deletion of a deleted account's customer at the payment provider (then doubled). */
  PAYMENT_CUSTOMER_DELETION_RETRY_SECONDS: positiveSeconds.default(60),
  /** Where generated files (report PDFs) are kept; by default DATA_DIR/files. */
  FILES_DIR: absolutePath.optional(),
  // Issue 11: files go to an S3 bucket (AWS or an S3-compatible service) instead when S3_BUCKET is set.
  S3_BUCKET: z.string().trim().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be an S3 bucket name (3-63 lower-case letters, digits, dots and hyphens)' }).optional(),
  S3_REGION: z.string().trim().regex(/^[a-z0-9-]+$/, { error: 'must be a region name such as us-east-1' }).optional(),
  /** An S3-compatible service (MinIO, Ceph, R2, ...); unset is AWS itself. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (endpoint/bucket/key), as most S3-compatible services need. */
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  /** A report generation running longer than this counts as failed and is taken over (a server that stopped mid-way). */
  REPORT_JOB_TIMEOUT_SECONDS: positiveSeconds.default(120),
  /** First retry of a failed report generation (each further delay doubled). */
  REPORT_RETRY_DELAY_SECONDS: positiveSeconds.default(5),
  /** Retries of a failed report generation before the report shows as failed ('Try again'). */
  REPORT_RETRIES: z.coerce.number({ error: 'must be a whole number from 0 to 20' }).int({ error: 'must be a whole number from 0 to 20' }).min(0, { error: 'must be a whole number from 0 to 20' }).max(20, { error: 'must be a whole number from 0 to 20' }).default(4),
  /** Reports rendered at the same time on this instance (each in a worker thread); by default one per core. */
  REPORT_RENDER_WORKERS: z.coerce.number({ error: 'must be a whole number from 1 to 64' }).int({ error: 'must be a whole number from 1 to 64' }).min(1, { error: 'must be a whole number from 1 to 64' }).max(64, { error: 'must be a whole number from 1 to 64' }).optional(),
  /** Issue 11: the optional AI narrative. An OpenAI-compatible chat-completions URL, its model and key: all three or none. */
  REPORT_AI_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  REPORT_AI_MODEL: z.string().trim().min(1, { error: 'must name a model' }).max(200, { error: 'must name a model' }).optional(),
  /** Secret: never shown in an error or the log. */
  REPORT_AI_KEY: z.string().trim().min(1, { error: 'must not be blank' }).optional(),
  /** An answer slower than this counts as a failed attempt (retried, then the narrative is unavailable). */
  REPORT_AI_TIMEOUT_MS: z.coerce.number({ error: 'must be a whole number of milliseconds (100-120000)' }).int({ error: 'must be a whole number of milliseconds (100-120000)' }).min(100, { error: 'must be a whole number of milliseconds (100-120000)' }).max(120_000, { error: 'must be a whole number of milliseconds (100-120000)' }).default(20_000),
});

/** Variables whose value an error message never repeats. */
const secretVariables: ReadonlySet<string> = new Set(['REPORT_AI_KEY']);

export interface CheckoutLimits {
  perAccountPerMinute: number;
  perIpPerMinute: number;
}

export interface Config {
  port: number;
  host: string;
  /** Absolute; holds the embedded database (`postgres/`) and its password file. */
  dataDir: string;
  /** An external PostgreSQL; when unset the server starts an embedded one. */
  databaseUrl: string | undefined;
  /** The address users reach, without a trailing slash. */
  publicUrl: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean | number | string[];
  /** The built SPA; absent in server tests, which then get JSON 404s instead of index.html. */
  webDistDir: string;
  /** Lifetime of an access token, in seconds. */
  accessTokenTtlSeconds: number;
  /** Absolute lifetime of a login's refresh tokens, however often they rotate, in seconds. */
  refreshTokenTtlSeconds: number;
  /** How long a checked access token may be answered from memory; 0 turns the session cache off. */
  sessionCacheTtlMs: number;
  /** How long a priced basket may be answered from memory; 0 turns the basket cache off. */
  basketCacheTtlMs: number;
  /** How long an organisation's team overview sums may be answered from memory; 0 turns that cache off. */
  teamOverviewCacheTtlMs: number;
  /** Database connections of this instance's pool. */
  databasePoolSize: number;
  /**
   * Connections of their own for the auth guard's token look-ups (a quarter of the pool's, at least
   * one), so that a request not yet admitted never queues ahead of the queries of requests already
   * being answered (docs/decisions.md, "Session look-ups on connections of their own").
   */
  sessionLookupPoolSize: number;
  /** Checkouts per minute per account and per client address (CHECKOUT_LIMIT_*). */
  checkoutLimits: CheckoutLimits;
  /** Google sign-in's audience; undefined turns Google sign-in off. */
  googleClientId: string | undefined;
  /** Where Google's signing keys are fetched (tests serve their own). */
  googleJwksUrl: string;
  /** False refuses new registrations (403 signup_disabled). */
  signupEnabled: boolean;
  /** Sign-ups allowed per client IP per hour. */
  signupLimitPerHour: number;
  /** smtp:// or smtps:// URL of the relay; undefined keeps mail in the log and the dev outbox. */
  smtpUrl: string | undefined;
  /** The From header of every message. */
  mailFrom: string;
  /** Delay before the first retry of a failed send, in seconds (then exponential backoff). */
  mailRetryDelaySeconds: number;
  /** Payment provider, Stripe keys, order timeout and the seller on invoices (issue 5). */
  payments: PaymentsConfig;
  /** The seller's EU country (upper-case ISO code): the basket's VAT before a billing country is known. */
  defaultVatCountry: string;
  /** Item-bank files replacing the shipped ones (packages/assessments); undefined keeps the shipped banks. */
  assessmentBanksDir: string | undefined;
  /** How business buyers' VAT numbers are verified (reverse charge). */
  vatNumbers: VatNumbersConfig;
  /** Report generation (issue 11). */
  reports: ReportsConfig;
}

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible service; undefined is AWS itself. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Undefined (on AWS only) uses the SDK's default credential chain: AWS_* variables, a profile, the instance's or task's role. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export interface ReportsConfig {
  /** The local file storage's folder (report PDFs); unused when `s3` is set. */
  filesDir: string;
  /** The S3 bucket that keeps the report PDFs instead of filesDir (S3_BUCKET set). */
  s3: S3StorageConfig | undefined;
  /** Reports rendered at the same time on this instance, each in a worker thread. */
  renderWorkers: number;
  /** A generation claimed longer ago than this is taken over by another job. */
  claimTimeoutSeconds: number;
  /** First retry of a failed generation, in seconds (then doubled). */
  retryDelaySeconds: number;
  /** Retries of a failed generation before the report is marked failed. */
  retries: number;
  /** How long a user's list may be answered from memory; 0 turns the cache off. */
  listCacheTtlMs: number;
  /** The optional AI narrative's endpoint; undefined (the default) turns narratives off. */
  ai: ReportAiConfig | undefined;
}

export interface ReportAiConfig {
  /** The full URL of an OpenAI-compatible chat-completions endpoint. */
  url: string;
  model: string;
  /** Sent as a Bearer token; never logged. */
  key: string;
  timeoutMs: number;
}

export interface VatNumbersConfig {
  /** 'format' checks the number's shape offline and never confirms it; 'vies' asks the EU's VIES. */
  checker: 'format' | 'vies';
  /** VIES REST base URL, without a trailing slash. */
  viesUrl: string;
  viesTimeoutMs: number;
}

export interface PaymentsConfig {
  provider: 'test' | 'stripe';
  /** True when PAYMENT_PROVIDER was set: a production server on the test provider is then deliberate. */
  providerChosen: boolean;
  /** Set when provider is 'stripe' (checked at start). */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  orderPaymentTimeoutMinutes: number;
  seller: { name: string; addressLines: string[]; vatNumber: string };
  /** Delay before the first retry of deleting a deleted account's customer at the provider, in seconds. */
  customerDeletionRetryDelaySeconds: number;
}

/** A bad environment variable; its message is the one line start-up prints. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once. Empty values count as unset, as in most .env tooling. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const raw = present[name];
    const shown = raw === undefined || secretVariables.has(name) ? '' : ` (got "${withoutCredentials(raw)}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${shown}`);
  }
  const vars = parsed.data;
  if (vars.REFRESH_TOKEN_TTL <= vars.ACCESS_TOKEN_TTL) {
    throw new ConfigError(`Invalid configuration: REFRESH_TOKEN_TTL must be longer than ACCESS_TOKEN_TTL (got ${vars.REFRESH_TOKEN_TTL} and ${vars.ACCESS_TOKEN_TTL})`);
  }
  const databasePoolSize = vars.DATABASE_POOL_SIZE ?? Math.max(2, 2 * availableParallelism());
  const dataDir = vars.DATA_DIR ?? path.join(repoRootDir, 'data');
  return {
    port: vars.PORT,
    host: vars.HOST,
    // The default is the repository's ./data whatever the working directory (npm -w changes it).
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    nodeEnv: vars.NODE_ENV,
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY,
    webDistDir: vars.WEB_DIST_DIR ?? defaultWebDistDir,
    accessTokenTtlSeconds: vars.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: vars.REFRESH_TOKEN_TTL,
    sessionCacheTtlMs: vars.SESSION_CACHE_TTL_MS,
    basketCacheTtlMs: vars.BASKET_CACHE_TTL_MS,
    teamOverviewCacheTtlMs: vars.TEAM_OVERVIEW_CACHE_TTL_MS,
    checkoutLimits: { perAccountPerMinute: vars.CHECKOUT_LIMIT_PER_ACCOUNT_PER_MINUTE, perIpPerMinute: vars.CHECKOUT_LIMIT_PER_IP_PER_MINUTE },
    databasePoolSize,
    sessionLookupPoolSize: Math.max(1, Math.round(databasePoolSize / 4)),
    googleClientId: vars.GOOGLE_CLIENT_ID,
    googleJwksUrl: vars.GOOGLE_JWKS_URL,
    signupEnabled: vars.SIGNUP_ENABLED,
    signupLimitPerHour: vars.SIGNUP_LIMIT_PER_HOUR,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    mailRetryDelaySeconds: vars.MAIL_RETRY_DELAY_SECONDS,
    payments: paymentsConfig(vars),
    defaultVatCountry: vars.DEFAULT_VAT_COUNTRY,
    assessmentBanksDir: vars.ASSESSMENT_BANKS_DIR,
    vatNumbers: { checker: vars.VAT_NUMBER_CHECKER, viesUrl: vars.VIES_URL.replace(/\/+$/, ''), viesTimeoutMs: vars.VIES_TIMEOUT_MS },
    // Rendering is CPU work: one at a time per core keeps the API answering while a burst renders.
    reports: { filesDir: vars.FILES_DIR ?? path.join(dataDir, 'files'), renderWorkers: vars.REPORT_RENDER_WORKERS ?? availableParallelism(),
      claimTimeoutSeconds: vars.REPORT_JOB_TIMEOUT_SECONDS,
      retryDelaySeconds: vars.REPORT_RETRY_DELAY_SECONDS,
      retries: vars.REPORT_RETRIES,
      listCacheTtlMs: vars.REPORT_LIST_CACHE_TTL_MS,
      ai: reportAiConfig(vars),
      s3: s3StorageConfig(vars),
    },
  };
}

const s3SettingNames = ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

/**
 * S3 when S3_BUCKET is set (FILES_DIR is then unused), else undefined: the folder. The two keys go
 * together. Without them the SDK's default chain (an instance's or task's role, AWS_* variables) is
 * meant, which only AWS itself offers: with S3_ENDPOINT they are required, so a forgotten key stops
 * the start, not the first report.
 */
function s3StorageConfig(vars: z.infer<typeof envSchema>): S3StorageConfig | undefined {
  if (!vars.S3_BUCKET) {
    // Half an S3 set-up would otherwise quietly keep the files on this machine's disk.
    const given = s3SettingNames.find((name) => vars[name] !== undefined);
    if (given) throw new ConfigError(`Invalid configuration: S3_BUCKET is required when ${given} is set`);
    return undefined;
  }
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = vars;
  if (accessKeyId && !secretAccessKey) throw new ConfigError('Invalid configuration: S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set');
  if (secretAccessKey && !accessKeyId) throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set');
  if (vars.S3_ENDPOINT && !accessKeyId) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_ENDPOINT (only AWS itself offers default credentials)');
  }
  return {
    bucket: vars.S3_BUCKET,
    region: vars.S3_REGION ?? 'us-east-1',
    endpoint: vars.S3_ENDPOINT?.replace(/\/+$/, ''),
    forcePathStyle: vars.S3_FORCE_PATH_STYLE ?? false,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/** On when REPORT_AI_URL, REPORT_AI_MODEL and REPORT_AI_KEY are all set; off when none is. */
function reportAiConfig(vars: z.infer<typeof envSchema>): ReportAiConfig | undefined {
  const names = ['REPORT_AI_URL', 'REPORT_AI_MODEL', 'REPORT_AI_KEY'] as const;
  const missing = names.filter((name) => !vars[name]);
  if (missing.length === names.length) return undefined;
  if (missing.length > 0) {
    const given = names.filter((name) => vars[name]);
    const verb = (list: readonly string[]) => (list.length > 1 ? 'are' : 'is');
    throw new ConfigError(`Invalid configuration: ${missing.join(' and ')} ${verb(missing)} required when ${given.join(' and ')} ${verb(given)} set (the AI narrative needs all three)`);
  }
  return { url: vars.REPORT_AI_URL!, model: vars.REPORT_AI_MODEL!, key: vars.REPORT_AI_KEY!, timeoutMs: vars.REPORT_AI_TIMEOUT_MS };
}

function paymentsConfig(vars: z.infer<typeof envSchema>): PaymentsConfig {
  const provider = vars.PAYMENT_PROVIDER ?? (vars.STRIPE_SECRET_KEY ? 'stripe' : 'test');
  let stripe: PaymentsConfig['stripe'];
  if (provider === 'stripe') {
    const missing = (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).find((name) => !vars[name]);
    if (missing) throw new ConfigError(`Invalid configuration: ${missing} is required when payments go through Stripe`);
    stripe = { secretKey: vars.STRIPE_SECRET_KEY!, publishableKey: vars.STRIPE_PUBLISHABLE_KEY!, webhookSecret: vars.STRIPE_WEBHOOK_SECRET!, apiUrl: vars.STRIPE_API_URL };
  }
  return {
    provider,
    providerChosen: vars.PAYMENT_PROVIDER !== undefined,
    stripe,
    orderPaymentTimeoutMinutes: vars.ORDER_PAYMENT_TIMEOUT_MINUTES,
    seller: {
      name: vars.SELLER_NAME,
      addressLines: vars.SELLER_ADDRESS.split(/\n|\|/).map((line) => line.trim()).filter(Boolean),
      vatNumber: vars.SELLER_VAT_NUMBER,
    },
    customerDeletionRetryDelaySeconds: vars.PAYMENT_CUSTOMER_DELETION_RETRY_SECONDS,
  };
}

/** The one-line error may reach shared logs: a URL's password never goes with it. */
function withoutCredentials(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*):[^@\s]*@/i, '$1:***@');
}
