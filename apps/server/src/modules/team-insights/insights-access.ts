import type { OrganisationRole, OrganisationType } from '@app/contract/organisations';
import { teamInsightMessages } from '@app/contract/team-insights';
import { and, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationMembers } from '../../db/schema/organisation-members.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { ForbiddenError, NotFoundError } from '../../lib/domain-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { expertSharesOf } from '../organisation-shares/public.ts';
import type { ShareScope } from '@app/contract/organisation-shares';
import { portfolioInvestorRole } from '../portfolio/public.ts';

// Issue 13, "Access by type": what a viewer may see of an organisation's results is decided here,
// in one function, for every team-insights call. The relations: membership of the organisation
// itself, an investor's accepted portfolio link (portfolio) and a client's active share with a
// Human Capital Expert (organisation-shares); further ones join as rows of `capabilitiesOf` without
// touching the services that ask. Someone with no relation gets a 404 whether the organisation
// exists or not.

/** How the viewer stands to the organisation. */
export type InsightsRelation =
  | 'own_member'
  /** An owner or admin of an investor whose portfolio link to the organisation was accepted and stands. */
  | 'portfolio_investor'
  /** An owner or admin of a Human Capital Expert with an active share from the organisation (its scope decides). */
  | 'shared_with_expert';

/** What a viewer may do with an organisation's results. */
export interface InsightsCapabilities {
  /** The team overview (aggregates above the group minimum). */
  teamOverview: boolean;
  /** Individual results of the members who consented. */
  individualResults: boolean;
  /** Change the group minimum and read its log. */
  manageMinimum: boolean;
}

export interface InsightsAccess extends InsightsCapabilities {
  organisationId: string;
  organisationName: string;
  organisationType: OrganisationType;
  relation: InsightsRelation;
  role: OrganisationRole;
}

/**
 * The capabilities of one relation, type and role. A business's owners and admins see consenting
 * members' individual results (spec 6: a business defines its values with its own people); every
 * member sees the team overview. The other types' own members see aggregates only until their
 * issue-13 slices say otherwise (an event organiser never sees a single person's scores).
 */
export function capabilitiesOf(relation: InsightsRelation, type: OrganisationType, role: OrganisationRole, scope: readonly ShareScope[] = []): InsightsCapabilities {
  switch (relation) {
    case 'own_member': {
      const manager = role === 'owner' || role === 'admin';
      return { teamOverview: true, individualResults: manager && type === 'business', manageMinimum: manager };
    }
    // An HC expert's owners and admins (role in the expert organisation) see a client within the
    // share's scope; consenting members' results only with 'individual_results'; never its minimum.
    case 'shared_with_expert':
      return { teamOverview: scope.includes('aggregates'), individualResults: scope.includes('individual_results') && type === 'business', manageMinimum: false };
    // Spec 6: an investor reads its portfolio organisations' reports, never writes there. A
    // member's consent is given to their own organisation, not to its investors: aggregates only.
    case 'portfolio_investor':
      return { teamOverview: true, individualResults: false, manageMinimum: false };
  }
}

/** The viewer's access to the organisation's results, or 404 when the viewer has no relation to it. */
export async function insightsAccess(db: DatabaseHandle, viewerId: string, organisationId: string): Promise<InsightsAccess> {
  if (!isUuid(organisationId)) throw new NotFoundError();
  const [row] = await db
    .select({ name: organisations.name, type: organisations.type, role: organisationMembers.role })
    .from(organisations)
    .innerJoin(organisationMembers, and(eq(organisationMembers.organisationId, organisations.id), eq(organisationMembers.userId, viewerId)))
    .where(eq(organisations.id, organisationId));
  if (!row) return crossOrganisationAccess(db, viewerId, organisationId);
  const type = row.type as OrganisationType;
  const role = row.role as OrganisationRole;
  return { organisationId, organisationName: row.name, organisationType: type, relation: 'own_member', role, ...capabilitiesOf('own_member', type, role) };
}

/** The viewer's access through another organisation's relation to this one, or 404. */
async function crossOrganisationAccess(db: DatabaseHandle, viewerId: string, organisationId: string): Promise<InsightsAccess> {
  const [organisation] = await db.select({ name: organisations.name, type: organisations.type }).from(organisations).where(eq(organisations.id, organisationId));
  if (!organisation) throw new NotFoundError();
  const type = organisation.type as OrganisationType;
  const base = { organisationId, organisationName: organisation.name, organisationType: type };
  const investorRole = await portfolioInvestorRole(db, viewerId, organisationId);
  if (investorRole) return { ...base, relation: 'portfolio_investor', role: investorRole, ...capabilitiesOf('portfolio_investor', type, investorRole) };
  const expertShares = await expertSharesOf(db, viewerId, organisationId);
  if (expertShares) return { ...base, relation: 'shared_with_expert', role: expertShares.role, ...capabilitiesOf('shared_with_expert', type, expertShares.role, expertShares.scope) };
  throw new NotFoundError();
}

/** 403 unless the access includes the capability (the viewer is known to the organisation, so no 404). */
export function requireCapability(access: InsightsAccess, capability: keyof InsightsCapabilities): void {
  if (access[capability]) return;
  if (capability === 'individualResults' && access.role !== 'member') throw new ForbiddenError(teamInsightMessages.individualResultsNotOffered);
  throw new ForbiddenError();
}
