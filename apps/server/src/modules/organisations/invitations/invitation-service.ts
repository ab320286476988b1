import { invitationLifetimeDays, memberMessages, type AssignableRole, type InvitationView } from '@app/contract/organisation-members';
import type { OrganisationRole } from '@app/contract/organisations';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/connection.ts';
import type { DatabaseHandle } from '../../../db/database-handle.ts';
import { organisationInvitations } from '../../../db/schema/organisation-invitations.ts';
import { organisationMembers } from '../../../db/schema/organisation-members.ts';
import { organisationPeople } from '../../../db/schema/organisation-people.ts';
import { organisations } from '../../../db/schema/organisations.ts';
import { users } from '../../../db/schema/users.ts';
import type { Clock } from '../../../lib/clock.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../lib/domain-errors.ts';
import { looksLikeOpaqueToken, newOpaqueToken, sha256Hex } from '../../../lib/token-hash.ts';
import { isUuid } from '../../../lib/uuid.ts';
import { organisationInvitationMessage, type Mailer } from '../../mail/public.ts';
import { requireManager } from '../membership.ts';
import { InvitationUnusableError } from '../organisation-errors.ts';

// Issue 12, invitations: an owner or admin invites an e-mail address; the link carries a random
// token stored only as its SHA-256, valid for 7 days; one pending invitation per address and
// organisation; resend (a new link, the old one stops working), revoke. Accepting needs an account
// with the invited address, verified: a forwarded or leaked link is useless to anyone else.

export interface InvitationDeps {
  db: Database;
  mail: Mailer;
  clock: Clock;
}

type InvitationRow = typeof organisationInvitations.$inferSelect;

const lifetimeMs = invitationLifetimeDays * 24 * 60 * 60 * 1000;

/** The web page that accepts an invitation (the SPA's `invitation` route). */
export const invitationPath = (token: string) => `/invitations/${token}`;

function toView(row: InvitationRow, now: Date): InvitationView {
  const expired = row.status === 'pending' && row.expiresAt <= now;
  return {
    id: row.id,
    email: row.email,
    role: row.role as AssignableRole,
    status: expired ? 'expired' : (row.status as InvitationView['status']),
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

async function inviterName(tx: DatabaseHandle, userId: string | null): Promise<string> {
  if (userId === null) return 'A colleague';
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? 'A colleague';
}

/** Queues the invitation e-mail in the caller's transaction: sent if and only if it commits. */
async function queueInvitationMail(tx: DatabaseHandle, deps: Pick<InvitationDeps, 'mail'>, input: { organisationName: string; actorId: string | null; email: string; role: AssignableRole; token: string }): Promise<void> {
  const message = organisationInvitationMessage(input.email, {
    organisationName: input.organisationName,
    inviterName: await inviterName(tx, input.actorId),
    role: input.role,
    acceptUrl: deps.mail.link(invitationPath(input.token)),
    expiresInDays: invitationLifetimeDays,
  });
  await deps.mail.send(message, { transaction: tx });
}

/** An owner or admin invites an address; an expired pending invitation to it is replaced. */
export async function inviteMember(deps: InvitationDeps, actorId: string, organisationId: string, input: { email: string; role: AssignableRole }): Promise<InvitationView> {
  const now = deps.clock.now();
  const email = input.email.trim();
  return deps.db.transaction(async (tx) => {
    const actor = await requireManager(tx, actorId, organisationId, { lock: true, change: true });
    const [member] = await tx
      .select({ userId: organisationMembers.userId })
      .from(organisationMembers)
      .innerJoin(users, eq(users.id, organisationMembers.userId))
      .where(and(eq(organisationMembers.organisationId, organisationId), eq(sql`lower(${users.email})`, email.toLowerCase())));
    if (member) throw new ValidationError({ email: [memberMessages.alreadyMember] });
    const [pending] = await tx
      .select()
      .from(organisationInvitations)
      .where(and(eq(organisationInvitations.organisationId, organisationId), eq(sql`lower(${organisationInvitations.email})`, email.toLowerCase()), eq(organisationInvitations.status, 'pending')));
    if (pending && pending.expiresAt > now) throw new ValidationError({ email: [memberMessages.invitationPending] });
    if (pending) await tx.update(organisationInvitations).set({ status: 'revoked', updatedAt: now }).where(eq(organisationInvitations.id, pending.id));

    const token = newOpaqueToken();
    const [row] = await tx
      .insert(organisationInvitations)
      .values({ organisationId, email, role: input.role, tokenHash: sha256Hex(token), invitedBy: actorId, expiresAt: new Date(now.getTime() + lifetimeMs), createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('the invitation insert returned no row');
    await queueInvitationMail(tx, deps, { organisationName: actor.organisationName, actorId, email, role: input.role, token });
    return toView(row, now);
  });
}

/**
 * On activation: invites everyone listed in the wizard (users, employees, portfolio company
 * representatives) who is neither a member nor already invited, each address once, as members.
 * Runs in the activation's transaction, so the e-mails go out if and only if it commits.
 */
export async function inviteListedPeople(tx: DatabaseHandle, deps: Pick<InvitationDeps, 'mail'>, input: { organisationId: string; organisationName: string; inviterId: string | null; at: Date }): Promise<number> {
  const { rows } = await tx.execute<{ email: string }>(sql`
    select distinct on (lower(${organisationPeople.email})) ${organisationPeople.email} as email
    from ${organisationPeople}
    where ${organisationPeople.organisationId} = ${input.organisationId}
      and not exists (
        select 1 from ${organisationMembers} join ${users} on ${users.id} = ${organisationMembers.userId}
        where ${organisationMembers.organisationId} = ${input.organisationId} and lower(${users.email}) = lower(${organisationPeople.email}))
      and not exists (
        select 1 from ${organisationInvitations}
        where ${organisationInvitations.organisationId} = ${input.organisationId} and ${organisationInvitations.status} = 'pending'
          and lower(${organisationInvitations.email}) = lower(${organisationPeople.email}))
    order by lower(${organisationPeople.email}), ${organisationPeople.createdAt}`);
  for (const { email } of rows) {
    const token = newOpaqueToken();
    await tx.insert(organisationInvitations).values({
      organisationId: input.organisationId,
      email,
      role: 'member',
      tokenHash: sha256Hex(token),
      invitedBy: input.inviterId,
      expiresAt: new Date(input.at.getTime() + lifetimeMs),
      createdAt: input.at,
      updatedAt: input.at,
    });
    await queueInvitationMail(tx, deps, { organisationName: input.organisationName, actorId: input.inviterId, email, role: 'member', token });
  }
  return rows.length;
}

/**
 * Sends a member's invitation to an address on behalf of the organisation, in the caller's
 * transaction, for someone the caller has already authorised (a Human Capital Expert maintaining a
 * client's people, issue 13): a waiting invitation (expired or not) gets a new link and 7 days,
 * otherwise a new one is made. The address must not belong to a member.
 */
export async function sendInvitationOnBehalf(
  tx: DatabaseHandle,
  deps: Pick<InvitationDeps, 'mail'>,
  input: { organisationId: string; organisationName: string; inviterId: string; email: string; at: Date },
): Promise<{ resent: boolean; expiresAt: Date }> {
  const email = input.email.trim();
  const expiresAt = new Date(input.at.getTime() + lifetimeMs);
  const token = newOpaqueToken();
  const [pending] = await tx
    .update(organisationInvitations)
    .set({ tokenHash: sha256Hex(token), expiresAt, updatedAt: input.at })
    .where(and(eq(organisationInvitations.organisationId, input.organisationId), eq(sql`lower(${organisationInvitations.email})`, email.toLowerCase()), eq(organisationInvitations.status, 'pending')))
    .returning({ role: organisationInvitations.role });
  if (!pending) {
    await tx
      .insert(organisationInvitations)
      .values({ organisationId: input.organisationId, email, role: 'member', tokenHash: sha256Hex(token), invitedBy: input.inviterId, expiresAt, createdAt: input.at, updatedAt: input.at });
  }
  const role = (pending?.role ?? 'member') as AssignableRole;
  await queueInvitationMail(tx, deps, { organisationName: input.organisationName, actorId: input.inviterId, email, role, token });
  return { resent: pending !== undefined, expiresAt };
}

/** Withdraws the waiting invitation to an address on behalf of the organisation (see sendInvitationOnBehalf); false when none waits. */
export async function revokeInvitationOnBehalf(tx: DatabaseHandle, input: { organisationId: string; email: string; at: Date }): Promise<boolean> {
  const revoked = await tx
    .update(organisationInvitations)
    .set({ status: 'revoked', updatedAt: input.at })
    .where(and(eq(organisationInvitations.organisationId, input.organisationId), eq(sql`lower(${organisationInvitations.email})`, input.email.trim().toLowerCase()), eq(organisationInvitations.status, 'pending')))
    .returning({ id: organisationInvitations.id });
  return revoked.length > 0;
}

/** The organisation's invitations still waiting (expired ones included, so they can be resent), newest first. */
export async function listInvitations(deps: Pick<InvitationDeps, 'db' | 'clock'>, actorId: string, organisationId: string): Promise<InvitationView[]> {
  await requireManager(deps.db, actorId, organisationId);
  const rows = await deps.db
    .select()
    .from(organisationInvitations)
    .where(and(eq(organisationInvitations.organisationId, organisationId), eq(organisationInvitations.status, 'pending')))
    .orderBy(desc(organisationInvitations.createdAt));
  const now = deps.clock.now();
  return rows.map((row) => toView(row, now));
}

async function requirePendingInvitation(tx: DatabaseHandle, organisationId: string, invitationId: string): Promise<InvitationRow> {
  if (!isUuid(invitationId)) throw new NotFoundError();
  const [row] = await tx
    .select()
    .from(organisationInvitations)
    .where(and(eq(organisationInvitations.id, invitationId), eq(organisationInvitations.organisationId, organisationId), eq(organisationInvitations.status, 'pending')));
  if (!row) throw new NotFoundError();
  return row;
}

/** Sends the invitation again with a new link (the old one stops working) and a new 7 days. */
export async function resendInvitation(deps: InvitationDeps, actorId: string, organisationId: string, invitationId: string): Promise<InvitationView> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const actor = await requireManager(tx, actorId, organisationId, { lock: true, change: true });
    const invitation = await requirePendingInvitation(tx, organisationId, invitationId);
    const token = newOpaqueToken();
    const [row] = await tx
      .update(organisationInvitations)
      .set({ tokenHash: sha256Hex(token), expiresAt: new Date(now.getTime() + lifetimeMs), updatedAt: now })
      .where(eq(organisationInvitations.id, invitation.id))
      .returning();
    if (!row) throw new NotFoundError();
    await queueInvitationMail(tx, deps, { organisationName: actor.organisationName, actorId, email: row.email, role: row.role as AssignableRole, token });
    return toView(row, now);
  });
}

/** Withdraws a pending invitation: its link then says so. */
export async function revokeInvitation(deps: Pick<InvitationDeps, 'db' | 'clock'>, actorId: string, organisationId: string, invitationId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await requireManager(tx, actorId, organisationId, { lock: true, change: true });
    const invitation = await requirePendingInvitation(tx, organisationId, invitationId);
    await tx.update(organisationInvitations).set({ status: 'revoked', updatedAt: deps.clock.now() }).where(eq(organisationInvitations.id, invitation.id));
  });
}

/** The invitation behind a link, or why it cannot be used. */
async function usableInvitation(tx: DatabaseHandle, token: string, now: Date): Promise<{ invitation: InvitationRow; organisationName: string }> {
  if (!looksLikeOpaqueToken(token)) throw new NotFoundError(memberMessages.invitationInvalid);
  const [found] = await tx
    .select({ invitation: organisationInvitations, organisationName: organisations.name })
    .from(organisationInvitations)
    .innerJoin(organisations, eq(organisations.id, organisationInvitations.organisationId))
    .where(eq(organisationInvitations.tokenHash, sha256Hex(token)));
  if (!found) throw new NotFoundError(memberMessages.invitationInvalid);
  const { invitation } = found;
  if (invitation.status === 'revoked') throw new InvitationUnusableError(memberMessages.invitationRevoked);
  if (invitation.status === 'accepted') throw new InvitationUnusableError(memberMessages.invitationUsed);
  if (invitation.expiresAt <= now) throw new InvitationUnusableError(memberMessages.invitationExpired);
  return found;
}

/** Refuses an account that is not the invited address, or whose address is not verified yet. */
async function requireInvitedAccount(tx: DatabaseHandle, userId: string, invitation: InvitationRow): Promise<void> {
  const [account] = await tx.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  if (!account || account.email.toLowerCase() !== invitation.email.toLowerCase()) throw new ForbiddenError(memberMessages.invitationOtherAccount);
  if (!account.verifiedAt) throw new ForbiddenError(memberMessages.invitationUnverified);
}

/** What the invited person sees before accepting (logged in as the invited address). */
export async function previewInvitation(deps: Pick<InvitationDeps, 'db' | 'clock'>, userId: string, token: string) {
  const { invitation, organisationName } = await usableInvitation(deps.db, token, deps.clock.now());
  await requireInvitedAccount(deps.db, userId, invitation);
  return { organisation_name: organisationName, invited_email: invitation.email, role: invitation.role as AssignableRole, expires_at: invitation.expiresAt.toISOString() };
}

/**
 * Accepts: the account joins with the invitation's role, once. The invitation is marked accepted
 * by a conditional update, so two clicks (or two tabs) make one membership.
 */
export async function acceptInvitation(deps: Pick<InvitationDeps, 'db' | 'clock'>, userId: string, token: string): Promise<{ organisation_id: string; role: OrganisationRole }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { invitation } = await usableInvitation(tx, token, now);
    await requireInvitedAccount(tx, userId, invitation);
    const [claimed] = await tx
      .update(organisationInvitations)
      .set({ status: 'accepted', acceptedBy: userId, updatedAt: now })
      .where(and(eq(organisationInvitations.id, invitation.id), eq(organisationInvitations.status, 'pending')))
      .returning({ id: organisationInvitations.id });
    if (!claimed) throw new InvitationUnusableError(memberMessages.invitationUsed);
    const [joined] = await tx
      .insert(organisationMembers)
      .values({ organisationId: invitation.organisationId, userId, role: invitation.role, createdAt: now })
      .onConflictDoNothing()
      .returning({ role: organisationMembers.role });
    if (joined) return { organisation_id: invitation.organisationId, role: joined.role as OrganisationRole };
    // Already a member (joined another way meanwhile): keeps the role they have.
    const [existing] = await tx
      .select({ role: organisationMembers.role })
      .from(organisationMembers)
      .where(and(eq(organisationMembers.organisationId, invitation.organisationId), eq(organisationMembers.userId, userId)));
    return { organisation_id: invitation.organisationId, role: (existing?.role ?? invitation.role) as OrganisationRole };
  });
}
