import { organisationApiPaths } from '@app/contract/api-paths';
import { memberList, memberMessages, memberProgressSummary } from '@app/contract/organisation-members';
import { organisationList } from '@app/contract/organisations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { addMember, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { answerAllQuestions, completeSignupData } from '../../../test/questionnaire-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 12, members: roles (owner, admin, member) and the rules other products have shipped as
// bugs: the organisation never has zero owners, the last owner cannot leave, demote themselves or
// be removed, admins cannot change or remove owners, a member can leave; ownership moves only when
// the recipient accepts. Plus the list: paged, searchable, no hidden cap.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function organisationWith(roles: { admin?: number; member?: number; owner?: number } = {}) {
  const owner = await registerUser(t, { name: 'Olga Owner' });
  const organisation = await createOrganisationThroughApi(t, owner);
  const people: Record<'owners' | 'admins' | 'members', RegisteredUser[]> = { owners: [owner], admins: [], members: [] };
  for (const [role, count] of Object.entries(roles) as ['admin' | 'member' | 'owner', number][]) {
    for (let index = 0; index < count; index += 1) {
      const user = await registerUser(t, { name: `${role} ${index + 1}` });
      await addMember(t, organisation.id, user, role);
      people[`${role}s`].push(user);
    }
  }
  return { organisation, ...people };
}

function changeRole(actor: RegisteredUser, organisationId: string, target: RegisteredUser, role: string) {
  return t.app.inject({ method: 'PATCH', url: organisationApiPaths.member(organisationId, target.account.id), headers: actor.headersWithCsrf, payload: { role } });
}

function remove(actor: RegisteredUser, organisationId: string, target: RegisteredUser) {
  return t.app.inject({ method: 'DELETE', url: organisationApiPaths.member(organisationId, target.account.id), headers: actor.headersWithCsrf });
}

async function rolesOf(owner: RegisteredUser, organisationId: string): Promise<Record<string, string>> {
  const response = await t.app.inject({ method: 'GET', url: organisationApiPaths.members(organisationId), query: { per_page: '100' }, headers: owner.authHeaders });
  return Object.fromEntries(memberList.parse(response.json()).data.map((member) => [member.name, member.role]));
}

async function ownerCount(organisationId: string): Promise<number> {
  const { rows } = await t.pool.query<{ owners: number }>(`select count(*)::int as owners from organisation_members where organisation_id = $1 and role = 'owner'`, [organisationId]);
  return rows[0]?.owners ?? 0;
}

describe('the last owner', () => {
  it('cannot leave, demote themselves or be removed, even by another request at the same moment', async () => {
    const { organisation, owners, admins } = await organisationWith({ admin: 1 });
    const [owner] = owners as [RegisteredUser];
    const [admin] = admins as [RegisteredUser];

    const leave = await remove(owner, organisation.id, owner);
    expect(leave.statusCode).toBe(409);
    expect(leave.json()).toMatchObject({ code: 'organisation_rule', message: memberMessages.lastOwnerCannotLeave });
    const demote = await changeRole(owner, organisation.id, owner, 'admin');
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(memberMessages.lastOwnerCannotBeDemoted);
    const removedByAdmin = await remove(admin, organisation.id, owner);
    expect(removedByAdmin.statusCode).toBe(403);
    expect(await ownerCount(organisation.id)).toBe(1);
  });

  it('with a second owner, two owners leaving at once leave one owner behind', async () => {
    const { organisation, owners } = await organisationWith({ owner: 1 });
    const [first, second] = owners as [RegisteredUser, RegisteredUser];
    const answers = await Promise.all([remove(first, organisation.id, first), remove(second, organisation.id, second)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
    expect(await ownerCount(organisation.id)).toBe(1);
  });

  it('an owner may step down to admin while another owner remains', async () => {
    const { organisation, owners } = await organisationWith({ owner: 1 });
    const [first, second] = owners as [RegisteredUser, RegisteredUser];
    expect((await changeRole(first, organisation.id, first, 'admin')).statusCode).toBe(204);
    expect((await rolesOf(second, organisation.id))['Olga Owner']).toBe('admin');
  });
});

describe('admins and members', () => {
  it('admins cannot change or remove an owner, but manage members and other admins', async () => {
    const { organisation, owners, admins, members } = await organisationWith({ owner: 1, admin: 2, member: 1 });
    const [, secondOwner] = owners as [RegisteredUser, RegisteredUser];
    const [admin, otherAdmin] = admins as [RegisteredUser, RegisteredUser];
    const [member] = members as [RegisteredUser];

    const demoteOwner = await changeRole(admin, organisation.id, secondOwner, 'member');
    expect(demoteOwner.statusCode).toBe(403);
    expect(demoteOwner.json().message).toBe(memberMessages.adminsCannotChangeOwners);
    expect((await remove(admin, organisation.id, secondOwner)).statusCode).toBe(403);

    expect((await changeRole(admin, organisation.id, member, 'admin')).statusCode).toBe(204);
    expect((await changeRole(admin, organisation.id, otherAdmin, 'member')).statusCode).toBe(204);
    expect((await remove(admin, organisation.id, otherAdmin)).statusCode).toBe(204);
    const roles = await rolesOf(admin, organisation.id);
    expect(roles).toEqual({ 'Olga Owner': 'owner', 'owner 1': 'owner', 'admin 1': 'admin', 'member 1': 'admin' });
  });

  it('a member can leave, cannot change anyone, cannot see the list, and may not become owner by a role change', async () => {
    const { organisation, owners, members } = await organisationWith({ member: 2 });
    const [owner] = owners as [RegisteredUser];
    const [member, other] = members as [RegisteredUser, RegisteredUser];
    expect((await changeRole(member, organisation.id, other, 'admin')).statusCode).toBe(403);
    expect((await remove(member, organisation.id, other)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: organisationApiPaths.members(organisation.id), headers: member.authHeaders })).statusCode).toBe(403);
    expect((await changeRole(owner, organisation.id, member, 'owner')).statusCode).toBe(422);

    expect((await remove(member, organisation.id, member)).statusCode).toBe(204);
    const theirs = organisationList.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.list, headers: member.authHeaders })).json()).data;
    expect(theirs).toEqual([]);
  });

  it("answers 404 to someone outside the organisation, for every call, and for a member id that is not one of its members", async () => {
    const { organisation, owners } = await organisationWith({ member: 1 });
    const [owner] = owners as [RegisteredUser];
    const stranger = await registerUser(t);
    expect((await t.app.inject({ method: 'GET', url: organisationApiPaths.members(organisation.id), headers: stranger.authHeaders })).statusCode).toBe(404);
    expect((await changeRole(stranger, organisation.id, owner, 'member')).statusCode).toBe(404);
    expect((await remove(stranger, organisation.id, owner)).statusCode).toBe(404);
    expect((await changeRole(owner, organisation.id, stranger, 'admin')).statusCode).toBe(404);
  });
});

describe('transferring ownership', () => {
  it('keeps the owner until the recipient accepts; then the recipient is owner and the former owner an admin', async () => {
    const { organisation, owners, members } = await organisationWith({ member: 1 });
    const [owner] = owners as [RegisteredUser];
    const [recipient] = members as [RegisteredUser];
    const offer = await t.app.inject({ method: 'POST', url: organisationApiPaths.ownershipTransfer(organisation.id), headers: owner.headersWithCsrf, payload: { user_id: recipient.account.id } });
    expect(offer.statusCode).toBe(204);
    expect(await rolesOf(owner, organisation.id)).toEqual({ 'Olga Owner': 'owner', 'member 1': 'member' });
    const seen = await t.app.inject({ method: 'GET', url: organisationApiPaths.ownershipTransfer(organisation.id), headers: recipient.authHeaders });
    expect(seen.json().data).toMatchObject({ from_user_id: owner.account.id, from_name: 'Olga Owner', to_user_id: recipient.account.id, to_name: 'member 1' });

    // Nobody else can accept it.
    expect((await t.app.inject({ method: 'POST', url: organisationApiPaths.ownershipTransferAccept(organisation.id), headers: owner.headersWithCsrf })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: organisationApiPaths.ownershipTransferAccept(organisation.id), headers: recipient.headersWithCsrf })).statusCode).toBe(204);
    expect(await rolesOf(recipient, organisation.id)).toEqual({ 'member 1': 'owner', 'Olga Owner': 'admin' });
    expect(await ownerCount(organisation.id)).toBe(1);
    // Accepting twice does nothing more.
    expect((await t.app.inject({ method: 'POST', url: organisationApiPaths.ownershipTransferAccept(organisation.id), headers: recipient.headersWithCsrf })).json().message).toBe(memberMessages.noTransferOffered);
  });

  it('is offered by an owner only, to a member only; leaving voids the offer', async () => {
    const { organisation, owners, admins, members } = await organisationWith({ admin: 1, member: 1 });
    const [owner] = owners as [RegisteredUser];
    const [admin] = admins as [RegisteredUser];
    const [member] = members as [RegisteredUser];
    const stranger = await registerUser(t);
    const byAdmin = await t.app.inject({ method: 'POST', url: organisationApiPaths.ownershipTransfer(organisation.id), headers: admin.headersWithCsrf, payload: { user_id: member.account.id } });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(memberMessages.onlyOwnersTransfer);
    const toStranger = await t.app.inject({ method: 'POST', url: organisationApiPaths.ownershipTransfer(organisation.id), headers: owner.headersWithCsrf, payload: { user_id: stranger.account.id } });
    expect(toStranger.statusCode).toBe(422);
    expect(toStranger.json().errors).toEqual({ user_id: [memberMessages.transferToMember] });

    await t.app.inject({ method: 'POST', url: organisationApiPaths.ownershipTransfer(organisation.id), headers: owner.headersWithCsrf, payload: { user_id: member.account.id } });
    expect((await remove(member, organisation.id, member)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: organisationApiPaths.ownershipTransfer(organisation.id), headers: owner.authHeaders })).json()).toEqual({ data: null });
  });
});

describe('GET /api/organisations/{id}/members', () => {
  it('pages and searches through 10,000 members with their questionnaire progress, owners first', async () => {
    const { organisation, owners } = await organisationWith();
    const [owner] = owners as [RegisteredUser];
    // Arranged in bulk: 10,000 accounts and memberships in two statements.
    await t.pool.query(
      `with people as (
         insert into users (name, email) select 'Person ' || lpad(n::text, 5, '0'), 'person' || n || '-' || $2 || '@example.com' from generate_series(1, 10000) as n returning id
       )
       insert into organisation_members (organisation_id, user_id, role) select $1, id, 'member' from people`,
      [organisation.id, organisation.id.slice(0, 8)],
    );
    const first = memberList.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.members(organisation.id), query: { per_page: '100' }, headers: owner.authHeaders })).json());
    expect(first.meta).toEqual({ page: 1, per_page: 100, total: 10_001 });
    expect(first.data[0]).toMatchObject({ name: 'Olga Owner', role: 'owner' });
    const last = memberList.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.members(organisation.id), query: { per_page: '100', page: '101' }, headers: owner.authHeaders })).json());
    expect(last.data.map((member) => member.name)).toEqual(['Person 10000']);
    const search = memberList.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.members(organisation.id), query: { search: 'person 0999' }, headers: owner.authHeaders })).json());
    expect(search.data.map((member) => member.name)).toEqual(['Person 09990', 'Person 09991', 'Person 09992', 'Person 09993', 'Person 09994', 'Person 09995', 'Person 09996', 'Person 09997', 'Person 09998', 'Person 09999']);
    expect(search.meta.total).toBe(10);
    const wildcard = memberList.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.members(organisation.id), query: { search: '%' }, headers: owner.authHeaders })).json());
    expect(wildcard.meta.total).toBe(0);
    const summary = await t.app.inject({ method: 'GET', url: organisationApiPaths.membersProgress(organisation.id), headers: owner.authHeaders });
    expect(memberProgressSummary.parse(summary.json()).data).toEqual({ done: 0, in_progress: 0, not_started: 10_001 });
  });

  it("shows each member's questionnaire progress as not started, in progress or done, never the answers", async () => {
    const { organisation, owners, members } = await organisationWith({ member: 2 });
    const [owner] = owners as [RegisteredUser];
    const [started, finished] = members as [RegisteredUser, RegisteredUser];
    const progress = async () => {
      const list = memberList.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.members(organisation.id), headers: owner.authHeaders })).json()).data;
      return Object.fromEntries(list.map((entry) => [entry.name, entry.questionnaire]));
    };
    expect(await progress()).toEqual({ 'Olga Owner': 'not_started', 'member 1': 'not_started', 'member 2': 'not_started' });
    for (const user of [started, finished]) await completeSignupData(t, user);
    await answerAllQuestions(t, started, { limit: 3 });
    await answerAllQuestions(t, finished);
    expect(await progress()).toEqual({ 'Olga Owner': 'not_started', 'member 1': 'in_progress', 'member 2': 'done' });
    const list = memberList.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.members(organisation.id), headers: owner.authHeaders })).json()).data;
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(['email', 'joined_at', 'name', 'questionnaire', 'role', 'user_id']);
  });

  it('counts the members who are done, in progress and not started for owners and admins only; a member gets 403, a stranger 404', async () => {
    const { organisation, owners, admins, members } = await organisationWith({ admin: 1, member: 3 });
    const [owner] = owners as [RegisteredUser];
    const [admin] = admins as [RegisteredUser];
    const [started, finished, idle] = members as [RegisteredUser, RegisteredUser, RegisteredUser];
    const summary = (caller: RegisteredUser) => t.app.inject({ method: 'GET', url: organisationApiPaths.membersProgress(organisation.id), headers: caller.authHeaders });
    for (const user of [started, finished]) await completeSignupData(t, user);
    await answerAllQuestions(t, started, { limit: 3 });
    await answerAllQuestions(t, finished);
    await t.changesSettled();

    const byOwner = await summary(owner);
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json()).toEqual({ data: { done: 1, in_progress: 1, not_started: 3 } });
    expect((await summary(admin)).json()).toEqual(byOwner.json());
    expect((await summary(idle)).statusCode).toBe(403);
    expect((await summary(await registerUser(t, { name: 'Stranger' }))).statusCode).toBe(404);
  });
});
