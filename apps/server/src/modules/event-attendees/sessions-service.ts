import { eventMessages, maxInvitationEmailsPerRequest, splitEmailList, type EventSessionView } from '@app/contract/event-attendees';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { eventSessionInvitations, eventSessions } from '../../db/schema/event-sessions.ts';
import { organisations } from '../../db/schema/organisations.ts';
import type { Clock } from '../../lib/clock.ts';
import { NotFoundError, ValidationError } from '../../lib/domain-errors.ts';
import { newOpaqueToken, sha256Hex } from '../../lib/token-hash.ts';
import { isUuid } from '../../lib/uuid.ts';
import { eventInvitationMessage, type Mailer } from '../mail/public.ts';
import { OrganisationRuleError, requireManager, type Membership } from '../organisations/public.ts';

// Issue 13, the event organiser's side: sessions it names, each with a shareable link (rotating it
// makes the old one useless at once) and e-mailed invitations carrying that link. What it learns of
// its attendees is counts: how many were sent the link, joined, and completed the questionnaire,
// per session; the distributions are the team overview's (team-insights). No call here returns an
// attendee's name or address, and the addresses it was given are kept only as their SHA-256.

export interface EventDeps {
  db: Database;
  mail: Mailer;
  clock: Clock;
}

/** The web page a session's link opens (the SPA's `event-invitation` route). */
export const eventLinkPath = (token: string) => `/events/${token}`;

/** An owner or admin of an event organiser (404 for anyone else, 403 for its members, 409 for another type). */
async function requireOrganiserManager(db: DatabaseHandle, actorId: string, organisationId: string, options: { lock?: boolean; change?: boolean } = {}): Promise<Membership> {
  const membership = await requireManager(db, actorId, organisationId, options);
  const [organisation] = await db.select({ type: organisations.type }).from(organisations).where(eq(organisations.id, organisationId));
  if (organisation?.type !== 'event_organiser') throw new OrganisationRuleError(eventMessages.notEventOrganiser);
  return membership;
}

const sessionRow = z.object({
  id: z.string(),
  name: z.string(),
  link_token: z.string(),
  link_rotated_at: z.union([z.date(), z.string()]),
  created_at: z.union([z.date(), z.string()]),
  invited: z.number().int(),
  joined: z.number().int(),
  completed: z.number().int(),
});
const iso = (value: Date | string) => new Date(value).toISOString();

/** The organisation's sessions (or one) with their counts, oldest first. */
async function sessionViews(db: DatabaseHandle, organisationId: string, sessionId?: string): Promise<EventSessionView[]> {
  const result = await db.execute(sql`
    select s.id, s.name, s.link_token, s.link_rotated_at, s.created_at,
      (select count(*)::int from event_session_invitations i where i.session_id = s.id) as invited,
      (select count(*)::int from event_attendees a where a.session_id = s.id) as joined,
      (select count(*)::int from event_attendees a join team_result_summaries r on r.user_id = a.user_id
        where a.session_id = s.id and r.big5_scores is not null and r.values_top_three is not null and r.culture_shares is not null) as completed
    from event_sessions s
    where s.organisation_id = ${organisationId} ${sessionId === undefined ? sql`` : sql`and s.id = ${sessionId}`}
    order by s.created_at, s.id`);
  return result.rows.map((raw) => {
    const row = sessionRow.parse(raw);
    return {
      id: row.id,
      name: row.name,
      link_path: eventLinkPath(row.link_token),
      link_rotated_at: iso(row.link_rotated_at),
      invited: row.invited,
      joined: row.joined,
      completed: row.completed,
      created_at: iso(row.created_at),
    };
  });
}

async function oneSession(db: DatabaseHandle, organisationId: string, sessionId: string): Promise<EventSessionView> {
  const [view] = await sessionViews(db, organisationId, sessionId);
  if (!view) throw new NotFoundError();
  return view;
}

async function requireSession(tx: DatabaseHandle, organisationId: string, sessionId: string): Promise<typeof eventSessions.$inferSelect> {
  if (!isUuid(sessionId)) throw new NotFoundError();
  const [row] = await tx
    .select()
    .from(eventSessions)
    .where(and(eq(eventSessions.id, sessionId), eq(eventSessions.organisationId, organisationId)));
  if (!row) throw new NotFoundError();
  return row;
}

export async function listSessions(deps: Pick<EventDeps, 'db'>, actorId: string, organisationId: string): Promise<EventSessionView[]> {
  await requireOrganiserManager(deps.db, actorId, organisationId);
  return sessionViews(deps.db, organisationId);
}

/** Names a new session with its own link; a name the organisation already uses (any case) is refused. */
export async function createSession(deps: Pick<EventDeps, 'db' | 'clock'>, actorId: string, organisationId: string, name: string): Promise<EventSessionView> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await requireOrganiserManager(tx, actorId, organisationId, { lock: true, change: true });
    const [taken] = await tx
      .select({ id: eventSessions.id })
      .from(eventSessions)
      .where(and(eq(eventSessions.organisationId, organisationId), eq(sql`lower(${eventSessions.name})`, name.toLowerCase())));
    if (taken) throw new ValidationError({ name: [eventMessages.sessionNameTaken] });
    const [row] = await tx.insert(eventSessions).values({ organisationId, name, linkToken: newOpaqueToken(), linkRotatedAt: now, createdAt: now }).returning({ id: eventSessions.id });
    if (!row) throw new Error('the session insert returned no row');
    return oneSession(tx, organisationId, row.id);
  });
}

/** A new link for the session; the old one stops working with the commit. Attendees who joined stay. */
export async function rotateSessionLink(deps: Pick<EventDeps, 'db' | 'clock'>, actorId: string, organisationId: string, sessionId: string): Promise<EventSessionView> {
  return deps.db.transaction(async (tx) => {
    await requireOrganiserManager(tx, actorId, organisationId, { lock: true, change: true });
    const session = await requireSession(tx, organisationId, sessionId);
    await tx.update(eventSessions).set({ linkToken: newOpaqueToken(), linkRotatedAt: deps.clock.now() }).where(eq(eventSessions.id, session.id));
    return oneSession(tx, organisationId, session.id);
  });
}

const emailSchema = z.email().max(254);

/**
 * E-mails the session's link to a pasted list: every invalid address named (nothing sent), at most
 * 200 distinct addresses per request, an address already sent this session's link skipped (so a
 * retried request sends nothing twice). The e-mails go out if and only if the transaction commits.
 */
export async function inviteByEmail(deps: EventDeps, actorId: string, organisationId: string, sessionId: string, text: string): Promise<{ sent: number; already_invited: number; session: EventSessionView }> {
  const emails = splitEmailList(text);
  if (emails.length === 0) throw new ValidationError({ emails: [eventMessages.noEmails] });
  if (emails.length > maxInvitationEmailsPerRequest) throw new ValidationError({ emails: [eventMessages.tooManyEmails] });
  const invalid = emails.filter((email) => !emailSchema.safeParse(email).success);
  if (invalid.length > 0) throw new ValidationError({ emails: [eventMessages.invalidEmails.replace('{list}', invalid.join(', '))] });
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const actor = await requireOrganiserManager(tx, actorId, organisationId, { lock: true, change: true });
    const session = await requireSession(tx, organisationId, sessionId);
    let sent = 0;
    for (const email of emails) {
      const [fresh] = await tx
        .insert(eventSessionInvitations)
        .values({ sessionId: session.id, emailHash: sha256Hex(email.toLowerCase()), invitedAt: now })
        .onConflictDoNothing()
        .returning({ sessionId: eventSessionInvitations.sessionId });
      if (!fresh) continue;
      await deps.mail.send(eventInvitationMessage(email, { eventName: actor.organisationName, sessionName: session.name, joinUrl: deps.mail.link(eventLinkPath(session.linkToken)) }), { transaction: tx });
      sent += 1;
    }
    return { sent, already_invited: emails.length - sent, session: await oneSession(tx, organisationId, session.id) };
  });
}

