import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { carts } from './carts.ts';
import { products } from './products.ts';

/**
 * One product in a basket. The unit price and minimum are snapshots of the catalogue when the
 * basket was last priced: a later difference is applied at the next pricing and told to the user.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid()
      .notNull()
      .references(() => carts.userId, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    unitPrice: integer().notNull(),
    minimumQuantity: integer().notNull(),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId] }), check('cart_items_quantity_positive', sql`${table.quantity} >= 1`)],
);
