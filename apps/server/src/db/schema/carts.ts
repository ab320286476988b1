import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { coupons } from './coupons.ts';
import { users } from './users.ts';

/** A user's basket (spec section 4): one per account, kept across logins. Items are in cart_items. */
export const carts = pgTable('carts', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  couponId: uuid().references(() => coupons.id, { onDelete: 'set null' }),
  /** The code as the coupon spells it, shown back as the basket's coupon_code. */
  couponCode: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
