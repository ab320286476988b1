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

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onMaintenanceDatabase(serverUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
}
