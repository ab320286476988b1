import type { OrganisationRole } from '@app/contract/organisations';
import { shareMessages, type ShareScope } from '@app/contract/organisation-shares';
import { subscriptionMessages } from '@app/contract/organisation-billing';
import { and, eq, inArray } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationMembers } from '../../db/schema/organisation-members.ts';
import { organisationShares } from '../../db/schema/organisation-shares.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { ForbiddenError, NotFoundError } from '../../lib/domain-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { requireManager, requireMembership, type Membership } from '../organisations/public.ts';
import { OrganisationShareRuleError } from './share-errors.ts';

// Who may do what with a share (issue 13), decided on the server for every call. On the client's
// side its owner offers and its owners and admins read and revoke; on the expert's side its owners
// and admins answer, revoke and act within the scope. An expert's plain members have no part in a
// client (the share is an agreement between the organisations' managers). Whoever is not a member
// of the organisation in the path gets a 404, and so does an expert for a client that has no
// active share with it, whether the client exists or not.

export interface ExpertManager extends Membership {
  organisationType: string;
}

async function organisationType(db: DatabaseHandle, organisationId: string): Promise<string> {
  const [row] = await db.select({ type: organisations.type }).from(organisations).where(eq(organisations.id, organisationId));
  if (!row) throw new NotFoundError();
  return row.type;
}

/** A member of the organisation in the path (404 otherwise), which must be a Human Capital Expert (403 otherwise). */
export async function requireExpertMember(db: DatabaseHandle, userId: string, expertId: string): Promise<ExpertManager> {
  const membership = await requireMembership(db, userId, expertId);
  const type = await organisationType(db, expertId);
  if (type !== 'human_capital_expert') throw new ForbiddenError(shareMessages.notExpert);
  return { ...membership, organisationType: type };
}

/** 403 unless the expert's member is an owner or an admin; with `change`, 409 while the expert is read-only. */
export function requireExpertRole(expert: ExpertManager, options: { change?: boolean } = {}): void {
  if (expert.role === 'member') throw new ForbiddenError();
  if (options.change && expert.organisationStatus === 'past_due') throw new OrganisationShareRuleError(subscriptionMessages.readOnly);
}

/** An owner or admin of the organisation in the path, which must be a Human Capital Expert. */
export async function requireExpertManager(db: DatabaseHandle, userId: string, expertId: string, options: { change?: boolean } = {}): Promise<ExpertManager> {
  const expert = await requireExpertMember(db, userId, expertId);
  requireExpertRole(expert, options);
  return expert;
}

/** An owner or admin of the client in the path. */
export async function requireClientManager(db: DatabaseHandle, userId: string, clientId: string): Promise<Membership> {
  return requireManager(db, userId, clientId);
}

export interface ActiveShare {
  shareId: string;
  clientId: string;
  clientName: string;
  clientStatus: string;
  scope: ShareScope[];
}

/**
 * The active share between the client and the expert, locked for the rest of the transaction (so a
 * revocation waits for an action under way, and an action after it sees it revoked). 404 when there
 * is none; 403 when its scope lacks `needed`; 409 while the client is read-only (past due).
 */
export async function requireActiveShare(tx: DatabaseHandle, expertId: string, clientId: string, needed: ShareScope, options: { change?: boolean } = {}): Promise<ActiveShare> {
  if (!isUuid(clientId)) throw new NotFoundError();
  const [row] = await tx
    .select({ id: organisationShares.id, scope: organisationShares.scope, name: organisations.name, status: organisations.status })
    .from(organisationShares)
    .innerJoin(organisations, eq(organisations.id, organisationShares.clientOrganisationId))
    .where(and(eq(organisationShares.expertOrganisationId, expertId), eq(organisationShares.clientOrganisationId, clientId), eq(organisationShares.status, 'active')))
    .for('update', { of: organisationShares });
  if (!row) throw new NotFoundError(shareMessages.shareNotActive);
  const scope = row.scope as ShareScope[];
  if (!scope.includes(needed)) throw new ForbiddenError(shareMessages.outsideScope);
  if (options.change && row.status === 'past_due') throw new OrganisationShareRuleError(subscriptionMessages.readOnly);
  return { shareId: row.id, clientId, clientName: row.name, clientStatus: row.status, scope };
}

/**
 * What the viewer's expert organisations may see of a client (team insights' access decision,
 * relation 'shared_with_expert'): the union of the scopes of the active shares with expert
 * organisations where the viewer is an owner or admin, with the viewer's highest role there; null
 * when there is none. Read on every request, never cached: a revocation applies to the next call.
 */
export async function expertSharesOf(db: DatabaseHandle, viewerId: string, clientId: string): Promise<{ scope: ShareScope[]; role: OrganisationRole } | null> {
  const rows = await db
    .select({ scope: organisationShares.scope, role: organisationMembers.role })
    .from(organisationShares)
    .innerJoin(
      organisationMembers,
      and(eq(organisationMembers.organisationId, organisationShares.expertOrganisationId), eq(organisationMembers.userId, viewerId), inArray(organisationMembers.role, ['owner', 'admin'])),
    )
    .where(and(eq(organisationShares.clientOrganisationId, clientId), eq(organisationShares.status, 'active')));
  if (rows.length === 0) return null;
  const scope = new Set(rows.flatMap((row) => row.scope as ShareScope[]));
  return { scope: [...scope], role: rows.some((row) => row.role === 'owner') ? 'owner' : 'admin' };
}

/** The active shares of each client with its experts (names and scopes), for the members' "who sees what". */
export async function activeExpertsOf(db: DatabaseHandle, clientIds: string[]): Promise<Map<string, { expertName: string; scope: ShareScope[] }[]>> {
  const experts = new Map<string, { expertName: string; scope: ShareScope[] }[]>();
  if (clientIds.length === 0) return experts;
  const rows = await db
    .select({ clientId: organisationShares.clientOrganisationId, name: organisations.name, scope: organisationShares.scope })
    .from(organisationShares)
    .innerJoin(organisations, eq(organisations.id, organisationShares.expertOrganisationId))
    .where(and(inArray(organisationShares.clientOrganisationId, clientIds), eq(organisationShares.status, 'active')))
    .orderBy(organisations.name);
  for (const row of rows) experts.set(row.clientId, [...(experts.get(row.clientId) ?? []), { expertName: row.name, scope: row.scope as ShareScope[] }]);
  return experts;
}
