import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The dev outbox (DESIGN section 5): without SMTP_URL every e-mail lands here instead of being
 * sent, and GET /api/dev/outbox lists it outside production (the e2e tests read links from it).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    /** Increasing, so "newest first" is exact even within one clock tick. */
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text().notNull(),
    /** The links the message carries (verification, reset), so tests need not parse the body. */
    links: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_to_idx').on(sql`lower(${table.toAddress})`, table.id), index('mail_outbox_created_at_idx').on(table.createdAt)],
);
