import { describe, expect, it } from 'vitest';
import { memberActions } from './member-actions';

// What the members table offers on each row; the server decides every change (members.test.ts),
// so these only hide what it would refuse.

const owner = { userId: 'owner-1', role: 'owner' as const };
const admin = { userId: 'admin-1', role: 'admin' as const };

describe('memberActions', () => {
  it('offers an owner every change on a member: the other role, the ownership, removal', () => {
    expect(memberActions(owner, { user_id: 'm', role: 'member' })).toEqual({ roles: ['admin'], transfer: true, remove: true });
    expect(memberActions(owner, { user_id: 'a', role: 'admin' })).toEqual({ roles: ['member'], transfer: true, remove: true });
  });

  it('lets an owner change another owner, but not offer them the ownership they have', () => {
    expect(memberActions(owner, { user_id: 'o2', role: 'owner' })).toEqual({ roles: ['admin', 'member'], transfer: false, remove: true });
  });

  it('offers an admin no change to an owner and no ownership transfer', () => {
    expect(memberActions(admin, { user_id: 'o', role: 'owner' })).toEqual({ roles: [], transfer: false, remove: false });
    expect(memberActions(admin, { user_id: 'm', role: 'member' })).toEqual({ roles: ['admin'], transfer: false, remove: true });
  });

  it("offers nothing on one's own row (Leave is at the top) and nothing to a member", () => {
    expect(memberActions(owner, { user_id: owner.userId, role: 'owner' })).toEqual({ roles: [], transfer: false, remove: false });
    expect(memberActions({ userId: 'x', role: 'member' }, { user_id: 'm', role: 'member' })).toEqual({ roles: [], transfer: false, remove: false });
  });
});
