import type pg from 'pg';
import { advisoryLocks, withAdvisoryLock } from './advisory-lock.ts';
import { createDrizzle } from './connection.ts';
import { migrateDatabase } from './migrate.ts';
import { runSeeds } from './seed.ts';

/** Start-up work on the database: migrations, then seeds, serialised across instances. */
export async function prepareDatabase(pool: pg.Pool): Promise<void> {
  await withAdvisoryLock(pool, advisoryLocks.migrateAndSeed, async (client) => {
    const db = createDrizzle(client);
    await migrateDatabase(db);
    await runSeeds(db);
  });
}
