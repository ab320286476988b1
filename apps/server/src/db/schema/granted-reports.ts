import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * A report a paid order entitles its buyer to. Created 'pending' by the order's fulfilment; the
 * reports module generates it and moves it on ('generating', 'ready', 'failed'). Each generation
 * makes an edition (report_editions); an update with newer answers asks for the next one.
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
    /** The edition being made, or the last one made: 1 at first, +1 per update. */
    requestedEdition: integer().notNull().default(1),
    /** The newest ready edition; null until the first is made. */
    currentEdition: integer(),
    /** The job that holds the generation of `requestedEdition` (a retry of it holds it again). */
    claimedByJob: text(),
    claimedAt: timestamp({ withTimezone: true }),
    /** Generations started (claims), over all editions: proves that each is made once. */
    generationAttempts: integer().notNull().default(0),
    /** Why the last attempt failed, for the log and support (never shown with a stack). */
    failureReason: text(),
    /** First opened on the web or downloaded: until then the list says 'New purchase'. */
    openedAt: timestamp({ withTimezone: true }),
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
