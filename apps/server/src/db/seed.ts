import type { Database } from './connection.ts';
import { seedCatalogue } from './seeds/catalogue.ts';
import { seedOrganisationPricing } from './seeds/organisation-pricing.ts';

/**
 * Data the product needs in every database (catalogue, VAT rate, item banks). Each seed must be
 * idempotent (INSERT ... ON CONFLICT, or compare before writing): it runs at every start.
 */
export interface Seed {
  name: string;
  run: (db: Database) => Promise<void>;
}

// Later issues append their seeds here (files under src/db/seeds/), in the order they must run.
export const seeds: Seed[] = [
  { name: 'catalogue', run: seedCatalogue },
  { name: 'organisation-pricing', run: seedOrganisationPricing },
];

export async function runSeeds(db: Database, list: readonly Seed[] = seeds): Promise<string[]> {
  const ran: string[] = [];
  for (const seed of list) {
    await seed.run(db);
    ran.push(seed.name);
  }
  return ran;
}
