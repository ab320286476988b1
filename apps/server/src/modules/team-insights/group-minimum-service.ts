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
// Once anyone counts in the overview (a member or attendee with a completed set) the minimum only
// goes up: a lower one would show a group that was hidden before to whoever saw it hidden, who
// could compare the two (issue 13: "never reveals a group retroactively").

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
    const current = await currentGroupMinimum(tx, organisationId, access.organisationType);
    if (current === minimum) return;
    if (minimum < current && (await anyoneCounts(tx, organisationId))) throw new ValidationError({ minimum: [teamInsightMessages.minimumOnlyRaised] });
    await tx.insert(organisationGroupMinimumChanges).values({ organisationId, minimum, changedBy: viewerId, changedAt: at });
  });
  return findGroupMinimum(db, viewerId, organisationId);
}

/** Whether anyone's completed set counts in the organisation's team overview: a member's, or an event attendee's. */
async function anyoneCounts(db: DatabaseHandle, organisationId: string): Promise<boolean> {
  const { rows } = await db.execute<{ counts: boolean }>(sql`
    select exists (select 1 from organisation_members om join team_result_summaries s on s.user_id = om.user_id where om.organisation_id = ${organisationId})
        or exists (select 1 from event_attendees a join team_result_summaries s on s.user_id = a.user_id where a.organisation_id = ${organisationId}) as counts`);
  return rows[0]?.counts === true;
}
