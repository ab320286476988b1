import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { eventSessions } from './event-sessions.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/**
 * An event's attendees (issue 13): accounts that joined through a session's link. Not members of
 * the organisation, so no members list, progress or individual view ever names them; the
 * organiser's team overview counts those who completed a set (team-insights). One session per
 * attendee and event: joining through another session's link moves them.
 */
export const eventAttendees = pgTable(
  'event_attendees',
  {
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid()
      .notNull()
      .references(() => eventSessions.id, { onDelete: 'cascade' }),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.userId] }), index('event_attendees_session_idx').on(table.sessionId), index('event_attendees_user_idx').on(table.userId)],
);
