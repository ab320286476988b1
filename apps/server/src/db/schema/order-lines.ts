import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/**
 * One basket item as it was priced at checkout. Title, sku and prices are copied, not referenced:
 * a later change to the catalogue never changes a placed order or its invoice.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    productId: uuid().notNull(),
    sku: text().notNull(),
    title: text().notNull(),
    quantity: integer().notNull(),
    unitPrice: integer().notNull(),
    lineSubtotal: integer().notNull(),
    lineDiscount: integer().notNull(),
    /** The single report a report product grants; null for bundles and services. */
    reportType: text(),
    /** Every report the line grants (the bundle grants three). */
    reportTypes: text().array().notNull().default(sql`'{}'::text[]`),
    /**
     * Issue 16: the catalogue price of one unit, above unitPrice for a bundle priced down by the
     * reports its buyer owned; null on lines placed before it (read as unitPrice).
     */
    listPrice: integer(),
    /** The owned reports that listPrice - unitPrice stood for. */
    ownedReportTypes: text().array().notNull().default(sql`'{}'::text[]`),
  },
  (table) => [index('order_lines_order_idx').on(table.orderId, table.position)],
);
