import { subscriptionMessages } from '@app/contract/organisation-billing';
import type { OrganisationRole } from '@app/contract/organisations';
import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationMembers } from '../../db/schema/organisation-members.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { ForbiddenError, NotFoundError } from '../../lib/domain-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { OrganisationRuleError } from './organisation-errors.ts';

// Who may do what inside an organisation (issue 12), decided here on the server for every call:
// someone who is not a member gets a 404 whether the organisation exists or not; a member without
// the role gets a 403.

export interface Membership {
  organisationId: string;
  organisationName: string;
  role: OrganisationRole;
  organisationStatus: string;
}

/** The caller's membership, or 404. With `lock`, the organisation row is locked for the rest of the transaction. */
export async function requireMembership(db: DatabaseHandle, userId: string, organisationId: string, options: { lock?: boolean } = {}): Promise<Membership> {
  if (!isUuid(organisationId)) throw new NotFoundError();
  const query = db
    .select({ name: organisations.name, role: organisationMembers.role, status: organisations.status })
    .from(organisations)
    .innerJoin(organisationMembers, and(eq(organisationMembers.organisationId, organisations.id), eq(organisationMembers.userId, userId)))
    .where(eq(organisations.id, organisationId));
  const [row] = options.lock ? await query.for('update', { of: organisations }) : await query;
  if (!row) throw new NotFoundError();
  return { organisationId, organisationName: row.name, role: row.role as OrganisationRole, organisationStatus: row.status };
}

/**
 * As requireMembership, and the caller must be an owner or an admin (403 otherwise). With
 * `change`, the organisation must not be read-only (past due: 409 until its subscription is paid).
 */
export async function requireManager(db: DatabaseHandle, userId: string, organisationId: string, options: { lock?: boolean; change?: boolean } = {}): Promise<Membership> {
  const membership = await requireMembership(db, userId, organisationId, options);
  if (membership.role === 'member') throw new ForbiddenError();
  if (options.change && membership.organisationStatus === 'past_due') throw new OrganisationRuleError(subscriptionMessages.readOnly);
  return membership;
}

/** How many owners the organisation has (read under the organisation's lock to decide a change). */
export async function ownerCount(db: DatabaseHandle, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.role, 'owner')));
  return row?.count ?? 0;
}
