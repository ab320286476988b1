import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { coupons } from './coupons.ts';
import { users } from './users.ts';

/**
 * One use of a coupon by one order: 'reserved' inside the order's transaction, 'confirmed' when
 * the order is paid, 'released' when it fails or expires. Only reserved and confirmed rows hold a
 * use (coupons.redeemed). `order_id` has no foreign key: orders belong to the payments module and
 * a redemption must outlive an anonymised order.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    couponId: uuid()
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    orderId: uuid().notNull(),
    status: text().notNull().default('reserved'),
    reservedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
    releasedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // One coupon per order.
    uniqueIndex('coupon_redemptions_order_unique').on(table.orderId),
    index('coupon_redemptions_coupon_user_idx').on(table.couponId, table.userId),
    check('coupon_redemptions_status_known', sql`${table.status} in ('reserved', 'confirmed', 'released')`),
  ],
);
