import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` diffs the schema against drizzle/meta and writes the next SQL migration.
// No database connection is needed to generate; the server applies migrations at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './drizzle',
  casing: 'snake_case',
});
