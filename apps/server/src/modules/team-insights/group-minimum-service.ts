import type { OrganisationType } from '@app/contract/organisations';
import { defaultGroupMinimum, groupMinimumFloor, teamInsightMessages, type GroupMinimum } from '@app/contract/team-insights';
import { desc, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationGroupMinimumChanges } from '../../db/schema/organisation-group-minimum-changes.ts';
import { users } from '../../db/schema/users.ts';
import { ValidationError } from '../../lib/domain-errors.ts';
import { insightsAccess, requireCapability } from './insights-access.ts';

// Issue 13: the group minimum of the team overview, 5 by default (event organisers 10),
// configurable by owners and admins, never below 3 (event organisers never below 10). Each change
// is a row of organisation_group_minimum_changes (who, when, what); the latest row is in force.

/** The minimum in force: the latest change, else the type's default; never below the type's floor. */
export async function currentGroupMinimum(db: DatabaseHandle, organisationId: string, type: OrganisationType): Promise<number> {
  const [latest] = await db
    .select({ minimum: organisationGroupMinimumChanges.minimum })
    .from(organisationGroupMinimumChanges)
    .where(eq(organisationGroupMinimumChanges.organisationId, organisationId))
    .orderBy(desc(organisationGroupMinimumChanges.id))
    .limit(1);
  // The floor again, should a type's floor ever rise above a value recorded before.
  return Math.max(latest?.minimum ?? defaultGroupMinimum(type), groupMinimumFloor(type));
}

/** The minimum in force with its log, newest first; owners and admins. */
export async function findGroupMinimum(db: DatabaseHandle, viewerId: string, organisationId: string): Promise<GroupMinimum> {
  const access = await insightsAccess(db, viewerId, organisationId);
  requireCapability(access, 'manageMinimum');
  const [minimum, changes] = await Promise.all([
    currentGroupMinimum(db, organisationId, access.organisationType),
    db
      .select({ minimum: organisationGroupMinimumChanges.minimum, userId: users.id, name: users.name, changedAt: organisationGroupMinimumChanges.changedAt })
      .from(organisationGroupMinimumChanges)
      .leftJoin(users, eq(users.id, organisationGroupMinimumChanges.changedBy))
      .where(eq(organisationGroupMinimumChanges.organisationId, organisationId))
      .orderBy(desc(organisationGroupMinimumChanges.id)),
  ]);
  return {
    minimum,
    default: defaultGroupMinimum(access.organisationType),
    floor: groupMinimumFloor(access.organisationType),
    changes: changes.map((change) => ({
      minimum: change.minimum,
      changed_by: change.userId && change.name !== null ? { user_id: change.userId, name: change.name } : null,
      changed_at: change.changedAt.toISOString(),
    })),
  };
}

/**
 * Records a new minimum (owners and admins). Setting the minimum in force again records nothing,
 * so a retried request does not log the change twice. Changes of one organisation are serialised
 * by an advisory lock, so two at once compare with what the other wrote.
 */
export async function changeGroupMinimum(db: DatabaseHandle, viewerId: string, organisationId: string, minimum: number, at: Date): Promise<GroupMinimum> {
  const access = await insightsAccess(db, viewerId, organisationId);
  requireCapability(access, 'manageMinimum');
  const floor = groupMinimumFloor(access.organisationType);
  if (minimum < floor) throw new ValidationError({ minimum: [teamInsightMessages.minimumTooLow.replace('{value}', String(floor))] });
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`group-minimum:${organisationId}`}, 0))`);
    if ((await currentGroupMinimum(tx, organisationId, access.organisationType)) === minimum) return;
    await tx.insert(organisationGroupMinimumChanges).values({ organisationId, minimum, changedBy: viewerId, changedAt: at });
  });
  return findGroupMinimum(db, viewerId, organisationId);
}
