import { toResultsResponse, type StoredResult } from '@app/assessments/results-response';
import { resultFlag } from '@app/contract/assessment-results';
import { teamInsightMessages, type MemberResults, type SharedResultsMember } from '@app/contract/team-insights';
import { and, asc, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { assessmentResults } from '../../db/schema/assessment-results.ts';
import { organisationMembers } from '../../db/schema/organisation-members.ts';
import { organisationResultConsents } from '../../db/schema/organisation-result-consents.ts';
import { users } from '../../db/schema/users.ts';
import { ForbiddenError, NotFoundError } from '../../lib/domain-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { insightsAccess, requireCapability } from './insights-access.ts';

// Issue 13: owners and admins of a business read the individual results of the members who
// consented, and of no one else. The consent is joined in the same statement that reads the
// scores, so a withdrawal committed before the read hides them; there is no cache to outlive it.

/** The members who share their individual results with the organisation, by name. */
export async function listSharedMembers(db: DatabaseHandle, viewerId: string, organisationId: string): Promise<SharedResultsMember[]> {
  requireCapability(await insightsAccess(db, viewerId, organisationId), 'individualResults');
  const rows = await db
    .select({ userId: users.id, name: users.name, email: users.email, grantedAt: organisationResultConsents.grantedAt })
    .from(organisationResultConsents)
    .innerJoin(users, eq(users.id, organisationResultConsents.userId))
    .where(eq(organisationResultConsents.organisationId, organisationId))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((row) => ({ user_id: row.userId, name: row.name, email: row.email, shared_since: row.grantedAt.toISOString() }));
}

/**
 * One member's results, as they see them themselves. Someone who is not a member of the
 * organisation is a 404; a member who has not consented (or withdrew) is a 403 that says so and
 * carries no score.
 */
export async function findMemberResults(db: DatabaseHandle, viewerId: string, organisationId: string, memberId: string): Promise<MemberResults> {
  requireCapability(await insightsAccess(db, viewerId, organisationId), 'individualResults');
  if (!isUuid(memberId)) throw new NotFoundError();
  const rows = await db
    .select({
      name: users.name,
      email: users.email,
      grantedAt: organisationResultConsents.grantedAt,
      assessment: assessmentResults.assessment,
      scores: assessmentResults.scores,
      flags: assessmentResults.flags,
      completedAt: assessmentResults.completedAt,
    })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .leftJoin(
      organisationResultConsents,
      and(eq(organisationResultConsents.organisationId, organisationMembers.organisationId), eq(organisationResultConsents.userId, organisationMembers.userId)),
    )
    // Scores are joined only through the consent: without it no score is even read.
    .leftJoin(assessmentResults, eq(assessmentResults.userId, organisationResultConsents.userId))
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, memberId)));
  const [first] = rows;
  if (!first) throw new NotFoundError();
  if (!first.grantedAt) throw new ForbiddenError(teamInsightMessages.noConsent);
  const stored = (assessment: string): StoredResult | null => {
    const row = rows.find((candidate) => candidate.assessment === assessment);
    return row?.scores && row.completedAt ? { scores: row.scores, completedAt: row.completedAt, flags: resultFlag.array().parse(row.flags) } : null;
  };
  return {
    user_id: memberId,
    name: first.name,
    email: first.email,
    shared_since: first.grantedAt.toISOString(),
    results: toResultsResponse({ environment: stored('environment'), big5: stored('big5'), values: stored('values') }),
  };
}
