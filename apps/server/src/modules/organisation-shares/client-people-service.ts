import type { ClientPeople, ClientPersonUpdate, ClientPersonView } from '@app/contract/organisation-shares';
import type { Database } from '../../db/connection.ts';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../mail/public.ts';
import {
  addListedPerson,
  findListedPerson,
  listListedPeople,
  removeListedPerson,
  requireNotJoined,
  revokeInvitationOnBehalf,
  sendInvitationOnBehalf,
  updateListedPerson,
} from '../organisations/public.ts';
import { NotFoundError } from '../../lib/domain-errors.ts';
import { writeAuditEntry } from './audit-log.ts';
import { requireActiveShare, requireExpertMember, requireExpertRole } from './share-access.ts';

// Issue 13: within a share's 'maintain_people' scope, the expert's owners and admins add, edit and
// remove the client's employees and contractors and send, resend and withdraw their invitations,
// through the organisations module's own functions. Each step is one transaction: the expert's
// role, the share (locked: a revocation waits for it, or it sees the revocation), the change and
// the client's audit entry commit together. Nothing here reaches roles, ownership or billing.

export interface ClientPeopleDeps {
  db: Database;
  mail: Mailer;
  clock: Clock;
}

interface Actor {
  viewerId: string;
  expertId: string;
  clientId: string;
}

type Steps<T> = (context: { tx: DatabaseHandle; now: Date; expertName: string; clientName: string }) => Promise<T>;

/** Runs a change within the scope, in one transaction with the checks. */
async function withinScope<T>(deps: ClientPeopleDeps, actor: Actor, steps: Steps<T>): Promise<T> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // A client not shared with the expert is a 404 before the caller's role is looked at: a foreign id is always 404.
    const expert = await requireExpertMember(tx, actor.viewerId, actor.expertId);
    const share = await requireActiveShare(tx, actor.expertId, actor.clientId, 'maintain_people', { change: true });
    requireExpertRole(expert, { change: true });
    return steps({ tx, now, expertName: expert.organisationName, clientName: share.clientName });
  });
}

/** The client's employees and contractors, with where each one's invitation stands. */
export async function listClientPeople(deps: ClientPeopleDeps, actor: Actor): Promise<ClientPeople> {
  const expert = await requireExpertMember(deps.db, actor.viewerId, actor.expertId);
  const share = await requireActiveShare(deps.db, actor.expertId, actor.clientId, 'maintain_people');
  requireExpertRole(expert);
  return { client_organisation_name: share.clientName, scope: share.scope, people: await listListedPeople(deps.db, actor.clientId, deps.clock.now()) };
}

export function addClientPerson(deps: ClientPeopleDeps, actor: Actor, input: { kind: 'employee' | 'contractor'; position_title: string; full_name: string; email: string }): Promise<ClientPersonView> {
  return withinScope(deps, actor, async ({ tx, now, expertName }) => {
    const person = await addListedPerson(tx, actor.clientId, input, now);
    await writeAuditEntry(tx, { clientId: actor.clientId, actorId: actor.viewerId, expertId: actor.expertId, expertName, action: 'person_added', subject: person, at: now });
    return person;
  });
}

const editableFields = { position_title: 'position_title', full_name: 'full_name', email: 'email' } as const;

export function updateClientPerson(deps: ClientPeopleDeps, actor: Actor, personId: string, changes: ClientPersonUpdate): Promise<ClientPersonView> {
  return withinScope(deps, actor, async ({ tx, now, expertName }) => {
    const { before, after, invitationWithdrawn } = await updateListedPerson(tx, actor.clientId, personId, changes, now);
    const details: Record<string, { from: string | null; to: string | null }> = {};
    for (const field of Object.values(editableFields)) {
      if (before[field] !== after[field]) details[field] = { from: before[field], to: after[field] };
    }
    if (Object.keys(details).length === 0) return after;
    await writeAuditEntry(tx, { clientId: actor.clientId, actorId: actor.viewerId, expertId: actor.expertId, expertName, action: 'person_updated', subject: before, details, at: now });
    if (invitationWithdrawn) await writeAuditEntry(tx, { clientId: actor.clientId, actorId: actor.viewerId, expertId: actor.expertId, expertName, action: 'invitation_revoked', subject: before, at: now });
    return after;
  });
}

export function removeClientPerson(deps: ClientPeopleDeps, actor: Actor, personId: string): Promise<void> {
  return withinScope(deps, actor, async ({ tx, now, expertName }) => {
    const person = await removeListedPerson(tx, actor.clientId, personId, now);
    await writeAuditEntry(tx, { clientId: actor.clientId, actorId: actor.viewerId, expertId: actor.expertId, expertName, action: 'person_removed', subject: person, at: now });
  });
}

/** Sends the person's invitation to join the client as a member, or sends it again with a new link. */
export function inviteClientPerson(deps: ClientPeopleDeps, actor: Actor, personId: string): Promise<ClientPersonView> {
  return withinScope(deps, actor, async ({ tx, now, expertName, clientName }) => {
    const person = await findListedPerson(tx, actor.clientId, personId, now);
    requireNotJoined(person);
    const { resent } = await sendInvitationOnBehalf(tx, deps, { organisationId: actor.clientId, organisationName: clientName, inviterId: actor.viewerId, email: person.email, at: now });
    await writeAuditEntry(tx, { clientId: actor.clientId, actorId: actor.viewerId, expertId: actor.expertId, expertName, action: resent ? 'invitation_resent' : 'invitation_sent', subject: person, at: now });
    return findListedPerson(tx, actor.clientId, personId, now);
  });
}

/** Withdraws the person's waiting invitation; 404 when none waits. */
export function revokeClientPersonInvitation(deps: ClientPeopleDeps, actor: Actor, personId: string): Promise<ClientPersonView> {
  return withinScope(deps, actor, async ({ tx, now, expertName }) => {
    const person = await findListedPerson(tx, actor.clientId, personId, now);
    if (!(await revokeInvitationOnBehalf(tx, { organisationId: actor.clientId, email: person.email, at: now }))) throw new NotFoundError();
    await writeAuditEntry(tx, { clientId: actor.clientId, actorId: actor.viewerId, expertId: actor.expertId, expertName, action: 'invitation_revoked', subject: person, at: now });
    return findListedPerson(tx, actor.clientId, personId, now);
  });
}
