import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { products } from './products.ts';

/** The catalogue services an organisation chose in the wizard's step 1, with a quantity each. */
export const organisationServices = pgTable(
  'organisation_services',
  {
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    quantity: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.productId] }), check('organisation_services_quantity_positive', sql`${table.quantity} >= 1`)],
);
