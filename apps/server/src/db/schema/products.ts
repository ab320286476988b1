import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The catalogue (issue 5): reports and organisation services. Prices are net, in euro cents.
 * Products are never deleted (orders and baskets point at them); an operator deactivates them.
 */
export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stable operator-facing key (`REPORT-BIG5`); unique whatever its letter case. */
    sku: text().notNull(),
    /** 'report', 'bundle' or 'service' (organisation services carry a minimum quantity). */
    kind: text().notNull(),
    title: text().notNull(),
    description: text().notNull(),
    summary: text().notNull(),
    /** Net price of one unit, in cents. */
    unitPrice: integer().notNull(),
    minimumQuantity: integer().notNull().default(1),
    /** The report types a purchase grants: one for a report, several for a bundle, none for a service. */
    reportTypes: text().array().notNull().default(sql`'{}'::text[]`),
    active: boolean().notNull().default(true),
    /** Catalogue order (ascending), then title. */
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_sku_lower_unique').on(sql`lower(${table.sku})`),
    index('products_active_position_idx').on(table.active, table.position),
    check('products_unit_price_not_negative', sql`${table.unitPrice} >= 0`),
    check('products_minimum_quantity_positive', sql`${table.minimumQuantity} >= 1`),
    check('products_kind_known', sql`${table.kind} in ('report', 'bundle', 'service')`),
  ],
);
