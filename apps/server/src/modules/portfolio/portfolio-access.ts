import type { OrganisationRole } from '@app/contract/organisations';
import { and, eq, inArray } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationMembers } from '../../db/schema/organisation-members.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { portfolioLinks } from '../../db/schema/portfolio-links.ts';

// What the portfolio gives an investor in another organisation (team-insights' access decision
// asks): the viewer's role in an investor whose link to the organisation is accepted and stands.
// Only owners and admins: the investor's members include the portfolio companies' representatives
// (the wizard's list is invited to the investor on activation), who must not read each other's
// companies. Read on every request, never cached: an ended link answers 404 at once.

/** The viewer's role (owner or admin) in an investor linked to the organisation, else null. */
export async function portfolioInvestorRole(db: DatabaseHandle, viewerId: string, companyOrganisationId: string): Promise<OrganisationRole | null> {
  const rows = await db
    .select({ role: organisationMembers.role })
    .from(portfolioLinks)
    .innerJoin(organisations, and(eq(organisations.id, portfolioLinks.investorOrganisationId), eq(organisations.type, 'investor')))
    .innerJoin(organisationMembers, and(eq(organisationMembers.organisationId, portfolioLinks.investorOrganisationId), eq(organisationMembers.userId, viewerId)))
    .where(and(eq(portfolioLinks.companyOrganisationId, companyOrganisationId), eq(portfolioLinks.status, 'accepted'), inArray(organisationMembers.role, ['owner', 'admin'])));
  if (rows.length === 0) return null;
  return rows.some((row) => row.role === 'owner') ? 'owner' : 'admin';
}
