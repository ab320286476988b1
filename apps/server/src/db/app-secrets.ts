import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './connection.ts';
import { appSecrets } from './schema/app-secrets.ts';

/**
 * Returns the named secret, creating it on first use. Every instance runs the same insert; the
 * first one wins (ON CONFLICT DO NOTHING) and all read back the winner, so they share one key.
 */
export async function ensureAppSecret(db: Database, name: string, bytes = 32): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(bytes).toString('base64') })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`app secret ${name} could not be created`);
  return Buffer.from(row.value, 'base64');
}
