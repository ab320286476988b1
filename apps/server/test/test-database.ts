import pg from 'pg';

// What global-setup hands to every test file (vitest's provide/inject).
declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the test PostgreSQL's maintenance database; swap the database name to reach others. */
    testServerUrl: string;
    /** The migrated and seeded database every test database is cloned from. */
    templateDatabase: string;
    /**
     * An external PostgreSQL for one project only (a server URL as TEST_DATABASE_URL takes), set
     * in that project's config; global-setup reads it.
     */
    externalDatabaseUrl?: string;
  }
}

/** The same server URL, pointing at another database. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

async function onMaintenanceDatabase(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<void> {
  const quote = pg.escapeIdentifier;
  await onMaintenanceDatabase(serverUrl, `CREATE DATABASE ${quote(name)}${template ? ` TEMPLATE ${quote(template)}` : ''}`);
}

/**
 * Drops a test database, ending its connections. A role that is not a superuser may not end an
 * autovacuum worker busy in it (42501, met on CI's external PostgreSQL; .ci/run grants the role
 * pg_signal_backend): the worker finishes in moments, so the drop is tried again.
 */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await onMaintenanceDatabase(serverUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '42501' || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
