import { organisationRoles, type OrganisationType } from '@app/contract/organisations';
import type { ShareScope } from '@app/contract/organisation-shares';
import type { ConsentAudience, ConsentExpert, ConsentView, ResultVisibility } from '@app/contract/team-insights';
import { and, asc, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationMembers } from '../../db/schema/organisation-members.ts';
import { organisationResultConsents } from '../../db/schema/organisation-result-consents.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { NotFoundError } from '../../lib/domain-errors.ts';
import { activeExpertsOf } from '../organisation-shares/public.ts';
import { capabilitiesOf, insightsAccess } from './insights-access.ts';

// Issue 13, "Consent": each member chooses per organisation whether it sees their individual
// results or only the aggregate; aggregate only until they choose. A consent is a row of
// organisation_result_consents; choosing aggregate only deletes it, and so does leaving or being
// removed (the row hangs on the membership, ON DELETE CASCADE). Nothing caches it: every read of
// individual results joins it, so a change takes effect with its commit.

/** Who sees what of this member's results, from the same capabilities the server enforces. */
export function audienceOf(type: OrganisationType, visibility: ResultVisibility): ConsentAudience[] {
  return organisationRoles.map((viewer) => {
    const capabilities = capabilitiesOf('own_member', type, viewer);
    if (capabilities.individualResults && visibility === 'individual') return { viewer, sees: 'individual_results' };
    return { viewer, sees: capabilities.teamOverview ? 'aggregates_only' : 'nothing' };
  });
}

/** What each HC expert the organisation is shared with sees of this member (its owners and admins, within the share's scope). */
export function expertAudienceOf(type: OrganisationType, visibility: ResultVisibility, experts: { expertName: string; scope: ShareScope[] }[]): ConsentExpert[] {
  return experts.map(({ expertName, scope }) => {
    const capabilities = capabilitiesOf('shared_with_expert', type, 'owner', scope);
    if (capabilities.individualResults && visibility === 'individual') return { organisation_name: expertName, sees: 'individual_results' };
    return { organisation_name: expertName, sees: capabilities.teamOverview ? 'aggregates_only' : 'nothing' };
  });
}

interface ConsentRow {
  organisationId: string;
  organisationName: string;
  organisationType: string;
  grantedAt: Date | null;
}

function toConsentView(row: ConsentRow, experts: Map<string, { expertName: string; scope: ShareScope[] }[]>): ConsentView {
  const type = row.organisationType as OrganisationType;
  const visibility: ResultVisibility = row.grantedAt ? 'individual' : 'aggregate_only';
  return {
    organisation_id: row.organisationId,
    organisation_name: row.organisationName,
    organisation_type: type,
    visibility,
    shared_since: row.grantedAt?.toISOString() ?? null,
    audience: audienceOf(type, visibility),
    experts: expertAudienceOf(type, visibility, experts.get(row.organisationId) ?? []),
  };
}

function consentRows(db: DatabaseHandle, userId: string) {
  return db
    .select({
      organisationId: organisations.id,
      organisationName: organisations.name,
      organisationType: organisations.type,
      grantedAt: organisationResultConsents.grantedAt,
    })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .leftJoin(
      organisationResultConsents,
      and(eq(organisationResultConsents.organisationId, organisationMembers.organisationId), eq(organisationResultConsents.userId, organisationMembers.userId)),
    )
    .where(eq(organisationMembers.userId, userId))
    .$dynamic();
}

/** The caller's consent in every organisation they belong to, by organisation name. */
export async function listConsents(db: DatabaseHandle, userId: string): Promise<ConsentView[]> {
  const rows = await consentRows(db, userId).orderBy(asc(organisations.name), asc(organisations.id));
  const experts = await activeExpertsOf(db, rows.map((row) => row.organisationId));
  return rows.map((row) => toConsentView(row, experts));
}

/** The caller's consent for one organisation; 404 unless they are a member of it. */
export async function findConsent(db: DatabaseHandle, userId: string, organisationId: string): Promise<ConsentView> {
  await insightsAccess(db, userId, organisationId);
  const [row] = await consentRows(db, userId).where(and(eq(organisationMembers.userId, userId), eq(organisationMembers.organisationId, organisationId)));
  if (!row) throw new NotFoundError();
  return toConsentView(row, await activeExpertsOf(db, [organisationId]));
}

/**
 * Sets the caller's choice, effective with the commit. Repeating a choice changes nothing (the
 * first consent's time stays). A membership that ends meanwhile makes the insert fail its foreign
 * key: the caller is no longer a member, a 404 like any non-member.
 */
export async function setConsent(db: DatabaseHandle, userId: string, organisationId: string, visibility: ResultVisibility, at: Date): Promise<ConsentView> {
  await insightsAccess(db, userId, organisationId);
  const where = and(eq(organisationResultConsents.organisationId, organisationId), eq(organisationResultConsents.userId, userId));
  try {
    if (visibility === 'individual') {
      await db.insert(organisationResultConsents).values({ organisationId, userId, grantedAt: at }).onConflictDoNothing();
    } else {
      await db.delete(organisationResultConsents).where(where);
    }
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new NotFoundError();
    throw error;
  }
  return findConsent(db, userId, organisationId);
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === '23503') return true;
  }
  return false;
}
