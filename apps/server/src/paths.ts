import { fileURLToPath } from 'node:url';
import path from 'node:path';

// This file sits one level below the package directory both as source (src/paths.ts) and once
// bundled (dist/main.js), so the same relative URL finds the package from tests and production.
export const serverPackageDir = fileURLToPath(new URL('..', import.meta.url));

export const repoRootDir = path.resolve(serverPackageDir, '../..');

/** The SQL migrations drizzle-kit writes; committed, applied at start. */
export const migrationsDir = path.join(serverPackageDir, 'drizzle');

/** Where `npm run build -w apps/web` puts the SPA. */
export const defaultWebDistDir = path.resolve(serverPackageDir, '../web/dist');
