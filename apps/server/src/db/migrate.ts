import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { migrationsDir } from '../paths.ts';
import type { Database } from './connection.ts';

/** Applies the committed SQL migrations in apps/server/drizzle that this database lacks. */
export async function migrateDatabase(db: Database, migrationsFolder: string = migrationsDir): Promise<void> {
  await migrate(db, { migrationsFolder });
}
