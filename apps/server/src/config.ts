import path from 'node:path';
import { z } from 'zod';
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

const envSchema = z.object({
  PORT: portNumber.default(3000),
  // Loopback by default: `npm start` on a laptop must not expose the product to the network.
  // Containers and servers set HOST=0.0.0.0 on purpose.
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: absolutePath.optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
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
});

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
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${raw === undefined ? '' : ` (got "${raw}")`}`);
  }
  const vars = parsed.data;
  return {
    port: vars.PORT,
    host: vars.HOST,
    // The default is the repository's ./data whatever the working directory (npm -w changes it).
    dataDir: vars.DATA_DIR ?? path.join(repoRootDir, 'data'),
    databaseUrl: vars.DATABASE_URL,
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    nodeEnv: vars.NODE_ENV,
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY,
    webDistDir: vars.WEB_DIST_DIR ?? defaultWebDistDir,
  };
}
