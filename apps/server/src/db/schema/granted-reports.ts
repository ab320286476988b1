import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * A report a paid order entitles its buyer to. Created 'pending' by the order's fulfilment; the
 * reports module generates it and moves it on ('generating', 'ready', 'failed').
 */
export const grantedReports = pgTable(
  'granted_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reportType: text().notNull(),
    status: text().notNull().default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One grant per report type and order, whatever calls fulfil how often.
    uniqueIndex('granted_reports_order_type_unique').on(table.orderId, table.reportType),
    index('granted_reports_user_idx').on(table.userId, table.createdAt),
    index('granted_reports_status_idx').on(table.status),
  ],
);
