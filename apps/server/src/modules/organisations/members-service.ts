import { memberMessages, type AssignableRole, type MemberList, type MemberProgressSummary, type QuestionnaireProgressState } from '@app/contract/organisation-members';
import type { OrganisationRole } from '@app/contract/organisations';
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connection.ts';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationMembers } from '../../db/schema/organisation-members.ts';
import { organisationOwnershipOffers } from '../../db/schema/organisation-ownership-offers.ts';
import { questionnaireProgress } from '../../db/schema/questionnaire-progress.ts';
import { questionnaireTotals } from '../../db/schema/questionnaire-totals.ts';
import { users } from '../../db/schema/users.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/domain-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { ownerCount, requireManager, requireMembership } from './membership.ts';
import { OrganisationRuleError } from './organisation-errors.ts';

// Issue 12, members: the list (paged and searchable, no cap), role changes, leaving and removal,
// and the transfer of ownership. Every change runs in one transaction that first locks the
// organisation's row, so two changes at once are decided one after the other and the organisation
// never has zero owners, not even for a moment.

/** Escapes LIKE's wildcards so a search for "50%" finds "50%", not everything. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The members, owners first, then by name; with each one's questionnaire progress (never answers). Owners and admins only. */
export async function listMembers(db: Database, userId: string, organisationId: string, query: { search?: string | undefined; page: number; per_page: number }): Promise<MemberList> {
  await requireManager(db, userId, organisationId);
  const filters: SQL[] = [eq(organisationMembers.organisationId, organisationId)];
  if (query.search) {
    const pattern = likePattern(query.search);
    const matches = or(ilike(users.name, pattern), ilike(users.email, pattern));
    if (matches) filters.push(matches);
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: users.id,
        name: users.name,
        email: users.email,
        role: organisationMembers.role,
        joinedAt: organisationMembers.createdAt,
        answeredItems: questionnaireProgress.answeredItems,
        activeItems: sql<number | null>`(select ${questionnaireTotals.activeItems} from ${questionnaireTotals} limit 1)`,
      })
      .from(organisationMembers)
      .innerJoin(users, eq(users.id, organisationMembers.userId))
      .leftJoin(questionnaireProgress, eq(questionnaireProgress.userId, users.id))
      .where(where)
      .orderBy(sql`case ${organisationMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`, asc(users.name), asc(users.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(organisationMembers)
      .innerJoin(users, eq(users.id, organisationMembers.userId))
      .where(where),
  ]);
  return {
    data: rows.map((row) => ({
      user_id: row.userId,
      name: row.name,
      email: row.email,
      role: row.role as OrganisationRole,
      questionnaire: progressState(row.answeredItems, row.activeItems),
      joined_at: row.joinedAt.toISOString(),
    })),
    meta: { page: query.page, per_page: query.per_page, total: total?.count ?? 0 },
  };
}

/**
 * How many members have done, started or not started the questionnaire, counted in the database
 * over the whole organisation (no member cap: the dashboard's summary of 10,000 people is one
 * query). The same rule as progressState. Owners and admins only.
 */
export async function memberProgressSummary(db: Database, userId: string, organisationId: string): Promise<MemberProgressSummary> {
  await requireManager(db, userId, organisationId);
  const answered = sql`coalesce(${questionnaireProgress.answeredItems}, 0)`;
  const activeItems = sql`(select ${questionnaireTotals.activeItems} from ${questionnaireTotals} limit 1)`;
  const [counts] = await db
    .select({
      done: sql<number>`count(*) filter (where ${answered} > 0 and ${answered} >= ${activeItems})::int`,
      notStarted: sql<number>`count(*) filter (where ${answered} = 0)::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(organisationMembers)
    .leftJoin(questionnaireProgress, eq(questionnaireProgress.userId, organisationMembers.userId))
    .where(eq(organisationMembers.organisationId, organisationId));
  const done = counts?.done ?? 0;
  const notStarted = counts?.notStarted ?? 0;
  return { done, in_progress: (counts?.total ?? 0) - done - notStarted, not_started: notStarted };
}

/** done / in progress / not started, from the counters the answers keep. */
export function progressState(answeredItems: number | null, activeItems: number | null): QuestionnaireProgressState {
  if (!answeredItems) return 'not_started';
  return activeItems !== null && answeredItems >= activeItems ? 'done' : 'in_progress';
}

async function targetRole(tx: DatabaseHandle, organisationId: string, targetUserId: string): Promise<OrganisationRole> {
  if (!isUuid(targetUserId)) throw new NotFoundError();
  const [target] = await tx
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, targetUserId)));
  if (!target) throw new NotFoundError();
  return target.role as OrganisationRole;
}

/**
 * Gives a member the admin or member role. Owners and admins may; only an owner changes an owner;
 * the last owner keeps the role (ownership moves by a transfer the recipient accepts).
 */
export async function changeMemberRole(db: Database, actorId: string, organisationId: string, targetUserId: string, role: AssignableRole): Promise<void> {
  await db.transaction(async (tx) => {
    const actor = await requireManager(tx, actorId, organisationId, { lock: true, change: true });
    const current = await targetRole(tx, organisationId, targetUserId);
    if (current === 'owner') {
      if (actor.role !== 'owner') throw new ForbiddenError(memberMessages.adminsCannotChangeOwners);
      if ((await ownerCount(tx, organisationId)) <= 1) throw new OrganisationRuleError(memberMessages.lastOwnerCannotBeDemoted);
    }
    await tx
      .update(organisationMembers)
      .set({ role })
      .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, targetUserId)));
  });
}

/**
 * Removes a member, or the caller leaves (target = caller). Anyone may leave except the last
 * owner; owners and admins remove others, and only an owner removes an owner.
 */
export async function removeMember(db: Database, actorId: string, organisationId: string, targetUserId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const leaving = actorId === targetUserId;
    const actor = leaving ? await requireMembership(tx, actorId, organisationId, { lock: true }) : await requireManager(tx, actorId, organisationId, { lock: true, change: true });
    const current = leaving ? actor.role : await targetRole(tx, organisationId, targetUserId);
    if (current === 'owner') {
      if (!leaving && actor.role !== 'owner') throw new ForbiddenError(memberMessages.adminsCannotChangeOwners);
      if ((await ownerCount(tx, organisationId)) <= 1) throw new OrganisationRuleError(memberMessages.lastOwnerCannotLeave);
    }
    await tx.delete(organisationMembers).where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, targetUserId)));
    // An offer of the ownership to or from someone who left is void.
    await tx
      .delete(organisationOwnershipOffers)
      .where(and(eq(organisationOwnershipOffers.organisationId, organisationId), or(eq(organisationOwnershipOffers.toUserId, targetUserId), eq(organisationOwnershipOffers.fromUserId, targetUserId))));
  });
}

/** The open offer of the ownership, if any (members see it: the recipient accepts it). */
export async function findOwnershipOffer(db: DatabaseHandle, userId: string, organisationId: string) {
  await requireMembership(db, userId, organisationId);
  const recipients = alias(users, 'recipients');
  const [offer] = await db
    .select({ offer: organisationOwnershipOffers, fromName: users.name, toName: recipients.name })
    .from(organisationOwnershipOffers)
    .innerJoin(users, eq(users.id, organisationOwnershipOffers.fromUserId))
    .innerJoin(recipients, eq(recipients.id, organisationOwnershipOffers.toUserId))
    .where(eq(organisationOwnershipOffers.organisationId, organisationId));
  return offer
    ? { from_user_id: offer.offer.fromUserId, from_name: offer.fromName, to_user_id: offer.offer.toUserId, to_name: offer.toName, created_at: offer.offer.createdAt.toISOString() }
    : null;
}

/** An owner offers the ownership to another member; a new offer replaces an open one. */
export async function offerOwnership(db: Database, actorId: string, organisationId: string, toUserId: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const actor = await requireMembership(tx, actorId, organisationId, { lock: true });
    if (actor.role !== 'owner') throw new ForbiddenError(memberMessages.onlyOwnersTransfer);
    const recipient = isUuid(toUserId) && toUserId !== actorId ? await targetRole(tx, organisationId, toUserId).catch(() => null) : null;
    if (recipient === null || recipient === 'owner') throw new ValidationError({ user_id: [memberMessages.transferToMember] });
    const values = { fromUserId: actorId, toUserId, createdAt: at };
    await tx
      .insert(organisationOwnershipOffers)
      .values({ organisationId, ...values })
      .onConflictDoUpdate({ target: organisationOwnershipOffers.organisationId, set: values });
  });
}

/** An owner withdraws the open offer (nothing happens when there is none). */
export async function withdrawOwnershipOffer(db: Database, actorId: string, organisationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const actor = await requireMembership(tx, actorId, organisationId, { lock: true });
    if (actor.role !== 'owner') throw new ForbiddenError(memberMessages.onlyOwnersTransfer);
    await tx.delete(organisationOwnershipOffers).where(eq(organisationOwnershipOffers.organisationId, organisationId));
  });
}

/**
 * The recipient accepts: in one transaction they become an owner, and the owner who offered (if
 * still an owner) becomes an admin. The recipient is owner before the other stops being one.
 */
export async function acceptOwnership(db: Database, actorId: string, organisationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireMembership(tx, actorId, organisationId, { lock: true });
    const [offer] = await tx
      .delete(organisationOwnershipOffers)
      .where(and(eq(organisationOwnershipOffers.organisationId, organisationId), eq(organisationOwnershipOffers.toUserId, actorId)))
      .returning();
    if (!offer) throw new NotFoundError(memberMessages.noTransferOffered);
    await tx
      .update(organisationMembers)
      .set({ role: 'owner' })
      .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, actorId)));
    await tx
      .update(organisationMembers)
      .set({ role: 'admin' })
      .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, offer.fromUserId), eq(organisationMembers.role, 'owner')));
  });
}
