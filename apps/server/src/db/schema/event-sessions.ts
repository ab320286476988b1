import { sql } from 'drizzle-orm';
import { pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';

/**
 * An event organiser's sessions (issue 13, spec 6 "Event Organiser"), named by the organiser. Each
 * has a shareable invitation link: posting it where attendees find it is its purpose, and it grants
 * nothing but joining this session as an attendee, so its token is kept readable for the organiser
 * to copy again; rotating it replaces the token and the old link stops working at once.
 */
export const eventSessions = pgTable(
  'event_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    linkToken: text().notNull(),
    linkRotatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('event_sessions_link_token_unique').on(table.linkToken),
    uniqueIndex('event_sessions_name_unique').on(table.organisationId, sql`lower(${table.name})`),
  ],
);

/**
 * The addresses a session's link was e-mailed to, as the SHA-256 of the lower-cased address only:
 * enough to send each address once (a retried request sends nothing twice) and to count them,
 * nothing the organiser could read back.
 */
export const eventSessionInvitations = pgTable(
  'event_session_invitations',
  {
    sessionId: uuid()
      .notNull()
      .references(() => eventSessions.id, { onDelete: 'cascade' }),
    emailHash: text().notNull(),
    invitedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.emailHash] })],
);
