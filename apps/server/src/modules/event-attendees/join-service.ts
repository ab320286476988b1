import { eventMessages } from '@app/contract/event-attendees';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { eventAttendees } from '../../db/schema/event-attendees.ts';
import { eventSessions } from '../../db/schema/event-sessions.ts';
import { organisations } from '../../db/schema/organisations.ts';
import type { Clock } from '../../lib/clock.ts';
import { NotFoundError } from '../../lib/domain-errors.ts';
import { looksLikeOpaqueToken } from '../../lib/token-hash.ts';

// Issue 13, the attendee's side of a session's link: what it is (the event and session names) and
// joining. Any logged-in account may join through the current link; an old (rotated) link is 404.
// Joining again, also through another session's link, keeps one attendance: the latest session.

async function sessionByToken(db: DatabaseHandle, token: string): Promise<{ sessionId: string; organisationId: string; sessionName: string; eventName: string }> {
  if (!looksLikeOpaqueToken(token)) throw new NotFoundError(eventMessages.linkInvalid);
  const [row] = await db
    .select({ sessionId: eventSessions.id, organisationId: eventSessions.organisationId, sessionName: eventSessions.name, eventName: organisations.name })
    .from(eventSessions)
    .innerJoin(organisations, eq(organisations.id, eventSessions.organisationId))
    .where(eq(eventSessions.linkToken, token));
  if (!row) throw new NotFoundError(eventMessages.linkInvalid);
  return row;
}

export async function previewEventLink(db: Database, token: string): Promise<{ event_name: string; session_name: string }> {
  const session = await sessionByToken(db, token);
  return { event_name: session.eventName, session_name: session.sessionName };
}

export async function joinEvent(deps: { db: Database; clock: Clock }, userId: string, token: string): Promise<{ event_name: string; session_name: string }> {
  return deps.db.transaction(async (tx) => {
    const session = await sessionByToken(tx, token);
    await tx
      .insert(eventAttendees)
      .values({ organisationId: session.organisationId, userId, sessionId: session.sessionId, joinedAt: deps.clock.now() })
      .onConflictDoUpdate({ target: [eventAttendees.organisationId, eventAttendees.userId], set: { sessionId: session.sessionId } });
    return { event_name: session.eventName, session_name: session.sessionName };
  });
}
