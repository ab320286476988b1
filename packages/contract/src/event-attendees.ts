import { z } from 'zod';

// Issue 13, "Access by type", Event Organiser (spec 6): the organiser invites attendees, by a
// session's shareable link or an e-mail list, and receives only summarised attendee profiles: the
// team overview's distributions of the attendees who completed a set (group minimum 10, filter by
// session). No call gives the organiser an attendee's name, e-mail address, free-text answer or
// single person's scores, and no export of individual rows exists.

/** At most this many addresses per e-mail list request. */
export const maxInvitationEmailsPerRequest = 200;

export const eventMessages = {
  notEventOrganiser: 'Only an event organiser has attendees.',
  sessionNameTaken: 'A session with this name already exists.',
  tooManyEmails: `Send at most ${maxInvitationEmailsPerRequest} addresses at a time: split the list.`,
  noEmails: 'Enter at least one e-mail address.',
  invalidEmails: 'These are not valid e-mail addresses: {list}',
  linkInvalid: 'This event link is not valid. Ask the organiser for the current one.',
  linkRotated: 'A new link is ready; the old one no longer works.',
  joined: 'You have joined the event. Answer the questionnaire: the organiser sees only summaries of all attendees, never your name or your answers.',
  invitationsSent: 'Invitations sent.',
} as const;

export const eventSessionRequest = z.object({
  name: z.string({ error: 'Enter a name' }).trim().min(1, { error: 'Enter a name' }).max(120, { error: 'May not be longer than 120 characters' }),
});
export type EventSessionRequest = z.infer<typeof eventSessionRequest>;

/** One session as the organiser sees it: counts only, never who. */
export const eventSessionView = z.object({
  id: z.string(),
  name: z.string(),
  /** The shareable link's path in the web app (`/events/{token}`). */
  link_path: z.string(),
  link_rotated_at: z.iso.datetime(),
  /** Addresses the link was e-mailed to. */
  invited: z.number().int(),
  /** Accounts that joined through the link. */
  joined: z.number().int(),
  /** Of those, how many completed every set of the questionnaire. */
  completed: z.number().int(),
  created_at: z.iso.datetime(),
});
export type EventSessionView = z.infer<typeof eventSessionView>;

/** `GET /api/organisations/{id}/event-sessions` (owners and admins of an event organiser). */
export const eventSessionList = z.object({ data: z.array(eventSessionView) });
export const eventSessionEnvelope = z.object({ data: eventSessionView });

/**
 * `POST /api/organisations/{id}/event-sessions/{sessionId}/email-invitations`: addresses separated
 * by commas, semicolons, spaces or new lines; validated (every invalid one named), de-duplicated
 * (case-insensitive) and at most 200 per request. An address already sent this session's link is
 * not sent it again.
 */
export const eventEmailInvitationRequest = z.object({ emails: z.string({ error: eventMessages.noEmails }).max(100_000) });
export type EventEmailInvitationRequest = z.infer<typeof eventEmailInvitationRequest>;
export const eventEmailInvitationResult = z.object({
  data: z.object({ sent: z.number().int(), already_invited: z.number().int(), session: eventSessionView }),
});

/** Splits a pasted list: separators, blanks dropped, duplicates (case-insensitive) once, in order. */
export function splitEmailList(text: string): string[] {
  const seen = new Set<string>();
  const emails: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const email = part.trim();
    if (!email || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    emails.push(email);
  }
  return emails;
}

/** `GET /api/event-invitations/{token}`: what the link's visitor sees. */
export const eventInvitationPreview = z.object({ data: z.object({ event_name: z.string(), session_name: z.string() }) });
/** `POST /api/event-invitations/{token}/join`. */
export const eventJoinResult = z.object({ data: z.object({ event_name: z.string(), session_name: z.string() }) });
