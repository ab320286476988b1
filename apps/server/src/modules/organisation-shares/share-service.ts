import { shareMessages, type ClientShareView, type ExpertClientView, type ShareScope, type ShareStatus } from '@app/contract/organisation-shares';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connection.ts';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationMembers } from '../../db/schema/organisation-members.ts';
import { organisationShares } from '../../db/schema/organisation-shares.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { users } from '../../db/schema/users.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/domain-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { shareOfferMessage, type Mailer } from '../mail/public.ts';
import { requireMembership } from '../organisations/public.ts';
import { requireClientManager, requireExpertManager } from './share-access.ts';
import { OrganisationShareRuleError } from './share-errors.ts';

// Issue 13: a client shares itself with a Human Capital Expert. The client's owner offers it to the
// expert organisation owned by an e-mail address (the client never sees a list of organisations,
// and learns nothing about an address that owns no expert organisation beyond that); the expert's
// owners or admins accept or decline; either side revokes at any time. One row per pair: a new
// offer after a decline or a revocation reuses it, and an open or active one refuses a second.

type ShareRow = typeof organisationShares.$inferSelect;

function revokedBy(row: ShareRow): 'client' | 'expert' | null {
  if (row.status !== 'revoked' || row.revokedByOrganisationId === null) return null;
  return row.revokedByOrganisationId === row.clientOrganisationId ? 'client' : 'expert';
}

function common(row: ShareRow) {
  return {
    id: row.id,
    scope: row.scope as ShareScope[],
    status: row.status as ShareStatus,
    revoked_by: revokedBy(row),
    offered_at: row.offeredAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

const experts = alias(organisations, 'experts');
const clients = alias(organisations, 'clients');

/** The client's shares, newest offer first; the client's owners and admins. */
export async function listClientShares(db: DatabaseHandle, viewerId: string, clientId: string): Promise<ClientShareView[]> {
  await requireClientManager(db, viewerId, clientId);
  const rows = await db
    .select({ share: organisationShares, expertName: experts.name })
    .from(organisationShares)
    .innerJoin(experts, eq(experts.id, organisationShares.expertOrganisationId))
    .where(eq(organisationShares.clientOrganisationId, clientId))
    .orderBy(desc(organisationShares.offeredAt), asc(organisationShares.id));
  return rows.map((row) => ({ ...common(row.share), expert_organisation_name: row.expertName }));
}

async function clientShareView(db: DatabaseHandle, shareId: string): Promise<ClientShareView> {
  const [row] = await db
    .select({ share: organisationShares, expertName: experts.name })
    .from(organisationShares)
    .innerJoin(experts, eq(experts.id, organisationShares.expertOrganisationId))
    .where(eq(organisationShares.id, shareId));
  if (!row) throw new NotFoundError();
  return { ...common(row.share), expert_organisation_name: row.expertName };
}

/** The expert organisation owned by the address (and of that name, when it owns several). */
async function findExpert(db: DatabaseHandle, email: string, name: string | undefined): Promise<{ id: string; name: string; ownerEmail: string }> {
  const rows = await db
    .select({ id: organisations.id, name: organisations.name, ownerEmail: users.email })
    .from(organisations)
    .innerJoin(organisationMembers, and(eq(organisationMembers.organisationId, organisations.id), eq(organisationMembers.role, 'owner')))
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(and(eq(organisations.type, 'human_capital_expert'), eq(sql`lower(${users.email})`, email.trim().toLowerCase())));
  if (rows.length === 0) throw new ValidationError({ expert_owner_email: [shareMessages.noExpertFound] });
  if (rows.length === 1) return rows[0]!;
  const named = name ? rows.filter((row) => row.name.trim().toLowerCase() === name.trim().toLowerCase()) : [];
  if (named.length !== 1) throw new ValidationError({ expert_organisation_name: [shareMessages.severalExperts] });
  return named[0]!;
}

/** What each scope lets the expert's owners and admins do, as the offer's e-mail says it. */
const scopeInWords: Record<ShareScope, string> = {
  maintain_people: 'maintain its employees and contractors and send their invitations',
  individual_results: 'see the individual results of the members who choose to share them',
  aggregates: 'see its team overview',
};

/**
 * The client's owner offers a share with a scope, and the expert organisation's owner hears of it
 * by e-mail (queued in the same transaction). Only a business shares itself (its employees and
 * contractors are what an expert maintains).
 */
export async function offerShare(
  db: Database,
  mail: Mailer,
  viewerId: string,
  clientId: string,
  input: { expert_owner_email: string; expert_organisation_name?: string | undefined; scope: ShareScope[] },
  at: Date,
): Promise<ClientShareView> {
  return db.transaction(async (tx) => {
    const membership = await requireMembership(tx, viewerId, clientId, { lock: true });
    if (membership.role !== 'owner') throw new ForbiddenError(shareMessages.onlyOwnersShare);
    const [client] = await tx.select({ type: organisations.type, name: organisations.name }).from(organisations).where(eq(organisations.id, clientId));
    if (client?.type !== 'business') throw new ForbiddenError(shareMessages.onlyBusinessesShare);
    const expert = await findExpert(tx, input.expert_owner_email, input.expert_organisation_name);
    const offer = { scope: input.scope, status: 'offered', offeredBy: viewerId, offeredAt: at, decidedBy: null, decidedAt: null, revokedByOrganisationId: null };
    const [row] = await tx
      .insert(organisationShares)
      .values({ clientOrganisationId: clientId, expertOrganisationId: expert.id, ...offer })
      .onConflictDoUpdate({
        target: [organisationShares.clientOrganisationId, organisationShares.expertOrganisationId],
        set: offer,
        setWhere: inArray(organisationShares.status, ['declined', 'revoked']),
      })
      .returning({ id: organisationShares.id });
    if (!row) throw new ValidationError({ expert_owner_email: [shareMessages.alreadyShared] });
    const clientsUrl = mail.link(`/organization/${encodeURIComponent(expert.id)}/clients`);
    await mail.send(shareOfferMessage(expert.ownerEmail, { clientName: client.name, expertName: expert.name, scope: input.scope.map((entry) => scopeInWords[entry]), clientsUrl }), { transaction: tx });
    return clientShareView(tx, row.id);
  });
}

/** The client's owners or admins revoke a share (offered or active): the expert's access ends with the commit. */
export async function revokeShareByClient(db: Database, viewerId: string, clientId: string, shareId: string, at: Date): Promise<ClientShareView> {
  await requireClientManager(db, viewerId, clientId);
  if (!isUuid(shareId)) throw new NotFoundError();
  const [row] = await db
    .update(organisationShares)
    .set({ status: 'revoked', decidedBy: viewerId, decidedAt: at, revokedByOrganisationId: clientId })
    .where(and(eq(organisationShares.id, shareId), eq(organisationShares.clientOrganisationId, clientId), inArray(organisationShares.status, ['offered', 'active'])))
    .returning({ id: organisationShares.id });
  if (!row) {
    const [exists] = await db.select({ id: organisationShares.id }).from(organisationShares).where(and(eq(organisationShares.id, shareId), eq(organisationShares.clientOrganisationId, clientId)));
    if (!exists) throw new NotFoundError();
  }
  return clientShareView(db, shareId);
}

async function expertClientView(db: DatabaseHandle, expertId: string, clientId: string): Promise<ExpertClientView> {
  const [row] = await db
    .select({ share: organisationShares, clientName: clients.name })
    .from(organisationShares)
    .innerJoin(clients, eq(clients.id, organisationShares.clientOrganisationId))
    .where(and(eq(organisationShares.expertOrganisationId, expertId), eq(organisationShares.clientOrganisationId, clientId)));
  if (!row) throw new NotFoundError();
  return { ...common(row.share), client_organisation_id: row.share.clientOrganisationId, client_organisation_name: row.clientName };
}

/** The expert's clients (offers waiting, active, and ended ones so the expert sees what ended), by client name. */
export async function listExpertClients(db: DatabaseHandle, viewerId: string, expertId: string): Promise<ExpertClientView[]> {
  await requireExpertManager(db, viewerId, expertId);
  const rows = await db
    .select({ share: organisationShares, clientName: clients.name })
    .from(organisationShares)
    .innerJoin(clients, eq(clients.id, organisationShares.clientOrganisationId))
    .where(eq(organisationShares.expertOrganisationId, expertId))
    .orderBy(asc(clients.name), asc(organisationShares.id));
  return rows.map((row) => ({ ...common(row.share), client_organisation_id: row.share.clientOrganisationId, client_organisation_name: row.clientName }));
}

/** The expert's side changes the share's status, from one of `from`; 404 for a client it has no share with, 409 for one in another state. */
async function decideAsExpert(db: Database, viewerId: string, expertId: string, clientId: string, from: ShareStatus[], to: ShareStatus, refusal: string, at: Date): Promise<ExpertClientView> {
  await requireExpertManager(db, viewerId, expertId);
  if (!isUuid(clientId)) throw new NotFoundError();
  const [row] = await db
    .update(organisationShares)
    .set({ status: to, decidedBy: viewerId, decidedAt: at, revokedByOrganisationId: to === 'revoked' ? expertId : null })
    .where(and(eq(organisationShares.expertOrganisationId, expertId), eq(organisationShares.clientOrganisationId, clientId), inArray(organisationShares.status, from)))
    .returning({ id: organisationShares.id });
  if (!row) {
    await expertClientView(db, expertId, clientId);
    throw new OrganisationShareRuleError(refusal);
  }
  return expertClientView(db, expertId, clientId);
}

export function acceptShare(db: Database, viewerId: string, expertId: string, clientId: string, at: Date): Promise<ExpertClientView> {
  return decideAsExpert(db, viewerId, expertId, clientId, ['offered'], 'active', shareMessages.shareNotOffered, at);
}

export function declineShare(db: Database, viewerId: string, expertId: string, clientId: string, at: Date): Promise<ExpertClientView> {
  return decideAsExpert(db, viewerId, expertId, clientId, ['offered'], 'declined', shareMessages.shareNotOffered, at);
}

export function revokeShareByExpert(db: Database, viewerId: string, expertId: string, clientId: string, at: Date): Promise<ExpertClientView> {
  return decideAsExpert(db, viewerId, expertId, clientId, ['offered', 'active'], 'revoked', shareMessages.shareNotActive, at);
}
