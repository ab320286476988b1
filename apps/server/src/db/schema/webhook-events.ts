import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every provider event, stored by its id before it is handled: a repeated delivery finds its row
 * and is ignored. An event whose handling failed keeps `processedAt` null and the sweeper retries it.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    /** The provider's payment id the event is about, if any. */
    paymentId: text(),
    payload: jsonb().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    lastError: text(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.eventId] }),
    index('webhook_events_unprocessed_idx').on(table.receivedAt).where(sql`${table.processedAt} is null`),
  ],
);
