import type { AssignableRole, MemberView } from '@app/contract/organisation-members';
import type { OrganisationRole } from '@app/contract/organisations';

// What the actor may do to one row of the members table: the server decides every change
// (members.test.ts), this only hides what it would refuse anyway.

export interface MemberActions {
  /** The roles this member may be given (their own excluded). */
  roles: AssignableRole[];
  transfer: boolean;
  remove: boolean;
}

export function memberActions(actor: { userId: string; role: OrganisationRole }, member: Pick<MemberView, 'user_id' | 'role'>): MemberActions {
  const none: MemberActions = { roles: [], transfer: false, remove: false };
  // One's own membership: Leave, at the top of the page.
  if (member.user_id === actor.userId || actor.role === 'member') return none;
  // Only an owner changes or removes an owner.
  if (member.role === 'owner' && actor.role !== 'owner') return none;
  const roles = (['admin', 'member'] as const).filter((role) => role !== member.role);
  return { roles, transfer: actor.role === 'owner' && member.role !== 'owner', remove: true };
}
