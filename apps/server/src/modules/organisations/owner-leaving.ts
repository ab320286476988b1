import { ownedOrganisationMembersShown, type OwnedOrganisation } from '@app/contract/account-settings';
import type { OrganisationStatus, OrganisationType } from '@app/contract/organisations';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { eventSessions } from '../../db/schema/event-sessions.ts';
import { organisationAuditEntries } from '../../db/schema/organisation-audit-entries.ts';
import { organisationGroupMinimumChanges } from '../../db/schema/organisation-group-minimum-changes.ts';
import { organisationInvitations } from '../../db/schema/organisation-invitations.ts';
import { organisationMembers } from '../../db/schema/organisation-members.ts';
import { organisationOwnershipOffers } from '../../db/schema/organisation-ownership-offers.ts';
import { organisationPeople } from '../../db/schema/organisation-people.ts';
import { organisationShares } from '../../db/schema/organisation-shares.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { portfolioLinks } from '../../db/schema/portfolio-links.ts';
import { subscriptionInvoices } from '../../db/schema/subscription-invoices.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import { teamReports } from '../../db/schema/team-reports.ts';
import { users } from '../../db/schema/users.ts';
import { isUuid } from '../../lib/uuid.ts';

// Issue 14: the organisation's side of its only owner deleting their account. Each organisation
// the person alone owns passes to another member, who becomes owner at once (the leaving owner
// cannot accept an offer later), or is closed. The account deletion (settings module) runs these
// in its own transaction, after locking the organisations' rows, so the organisation never has
// zero owners, not even for a moment.

/** The organisations the user is the only owner of, with their other members (admins first); `lock` locks their rows. */
export async function soleOwnedOrganisations(db: DatabaseHandle, userId: string, options: { lock?: boolean } = {}): Promise<OwnedOrganisation[]> {
  const query = db
    .select({ id: organisations.id, name: organisations.name, type: organisations.type, status: organisations.status })
    .from(organisations)
    .innerJoin(organisationMembers, and(eq(organisationMembers.organisationId, organisations.id), eq(organisationMembers.userId, userId), eq(organisationMembers.role, 'owner')))
    .where(
      sql`not exists (select 1 from ${organisationMembers} co where co.organisation_id = ${organisations.id} and co.role = 'owner' and co.user_id <> ${userId})`,
    )
    .orderBy(asc(organisations.name), asc(organisations.id));
  const owned = options.lock ? await query.for('update', { of: organisations }) : await query;
  const result: OwnedOrganisation[] = [];
  for (const organisation of owned) {
    const others = and(eq(organisationMembers.organisationId, organisation.id), ne(organisationMembers.userId, userId));
    const [members, [total]] = await Promise.all([
      db
        .select({ userId: users.id, name: users.name, email: users.email, role: organisationMembers.role })
        .from(organisationMembers)
        .innerJoin(users, eq(users.id, organisationMembers.userId))
        .where(others)
        .orderBy(sql`case ${organisationMembers.role} when 'admin' then 0 else 1 end`, asc(users.name), asc(users.id))
        .limit(ownedOrganisationMembersShown),
      db.select({ count: sql<number>`count(*)::int` }).from(organisationMembers).where(others),
    ]);
    result.push({
      id: organisation.id,
      name: organisation.name,
      type: organisation.type as OrganisationType,
      status: organisation.status as OrganisationStatus,
      members: members.map((member) => ({ user_id: member.userId, name: member.name, email: member.email, role: member.role === 'admin' ? 'admin' : 'member' })),
      members_total: total?.count ?? 0,
    });
  }
  return result;
}

/** Whether `userId` is another member of the organisation (the one a leaving owner may pass it to). */
export async function isOtherMember(tx: DatabaseHandle, organisationId: string, leavingUserId: string, userId: string): Promise<boolean> {
  if (userId === leavingUserId || !isUuid(userId)) return false;
  const [row] = await tx
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)));
  return row !== undefined;
}

/** The new owner is owner at once; an open offer of the ownership is void. Under the organisation's lock. */
export async function passOwnershipOnLeaving(tx: DatabaseHandle, organisationId: string, newOwnerId: string): Promise<void> {
  await tx
    .update(organisationMembers)
    .set({ role: 'owner' })
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, newOwnerId)));
  await tx.delete(organisationOwnershipOffers).where(eq(organisationOwnershipOffers.organisationId, organisationId));
}

/**
 * Closes the organisation (its subscription is ended by the billing module in the same
 * transaction): members, invitations, the typed lists of people, shares with experts, portfolio
 * links, event sessions and their attendees, team reports, the audit log and group minimum
 * history go. An organisation that was never invoiced goes entirely; one with period invoices
 * stays as a closed record (status cancelled, nobody a member, the registrar's contact removed)
 * because its invoices are kept for the books. Under the organisation's lock; the caller removes
 * the team reports' files after the commit.
 */
export async function closeOrganisation(tx: DatabaseHandle, organisationId: string, at: Date): Promise<void> {
  const [invoiced] = await tx
    .select({ id: subscriptionInvoices.id })
    .from(subscriptionInvoices)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionInvoices.subscriptionId))
    .where(eq(subscriptions.organisationId, organisationId))
    .limit(1);
  if (!invoiced) {
    // Every row of the organisation hangs on it (ON DELETE CASCADE).
    await tx.delete(organisations).where(eq(organisations.id, organisationId));
    return;
  }
  await tx.delete(organisationMembers).where(eq(organisationMembers.organisationId, organisationId));
  await tx.delete(organisationOwnershipOffers).where(eq(organisationOwnershipOffers.organisationId, organisationId));
  await tx.delete(organisationInvitations).where(eq(organisationInvitations.organisationId, organisationId));
  await tx.delete(organisationPeople).where(eq(organisationPeople.organisationId, organisationId));
  await tx.delete(organisationShares).where(or(eq(organisationShares.clientOrganisationId, organisationId), eq(organisationShares.expertOrganisationId, organisationId)));
  await tx.delete(portfolioLinks).where(or(eq(portfolioLinks.investorOrganisationId, organisationId), eq(portfolioLinks.companyOrganisationId, organisationId)));
  await tx.delete(eventSessions).where(eq(eventSessions.organisationId, organisationId));
  await tx.delete(teamReports).where(eq(teamReports.organisationId, organisationId));
  await tx.delete(organisationAuditEntries).where(eq(organisationAuditEntries.organisationId, organisationId));
  await tx.delete(organisationGroupMinimumChanges).where(eq(organisationGroupMinimumChanges.organisationId, organisationId));
  await tx
    .update(organisations)
    .set({ status: 'cancelled', salesFollowUp: false, registrarName: null, registrarEmail: null, registrarPhone: null, updatedAt: at })
    .where(eq(organisations.id, organisationId));
}
