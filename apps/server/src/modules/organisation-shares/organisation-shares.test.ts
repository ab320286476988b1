import { organisationApiPaths, teamInsightApiPaths } from '@app/contract/api-paths';
import { auditLogList, clientPeopleList, clientPersonEnvelope, clientShareEnvelope, clientShareList, expertClientList, organisationShareApiPaths as paths, shareMessages, type ShareScope } from '@app/contract/organisation-shares';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, uniqueEmail, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { eventually } from '../../../test/eventually.ts';
import { outboxFor, waitForMail } from '../../../test/mail-helpers.ts';
import { addMember, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 13, Human Capital Expert: a client shares itself with an expert organisation (offered by
// the client's owner, accepted or declined by the expert's owners or admins, revoked by either
// side, with a scope); within 'maintain_people' the expert keeps the client's employees and
// contractors and their invitations, and each step is written to the client's audit log.

let t: TestApp;

interface Organisation {
  id: string;
  name: string;
  owner: RegisteredUser;
  admin: RegisteredUser;
  member: RegisteredUser;
}

async function organisation(type: 'business' | 'human_capital_expert', name: string): Promise<Organisation> {
  const owner = await registerUser(t, { name: `${name} Owner`, email: uniqueEmail('owner') });
  const created = await createOrganisationThroughApi(t, owner);
  await t.pool.query('update organisations set type = $2, name = $3 where id = $1', [created.id, type, name]);
  const admin = await registerUser(t, { name: `${name} Admin` });
  const member = await registerUser(t, { name: `${name} Member` });
  await addMember(t, created.id, admin, 'admin');
  await addMember(t, created.id, member, 'member');
  return { id: created.id, name, owner, admin, member };
}

function offer(client: Organisation, by: RegisteredUser, expertOwnerEmail: string, scope: ShareScope[] = ['maintain_people', 'aggregates']) {
  return t.app.inject({ method: 'POST', url: paths.shares(client.id), headers: by.headersWithCsrf, payload: { expert_owner_email: expertOwnerEmail, scope } });
}
function answer(expert: Organisation, by: RegisteredUser, client: Organisation, step: 'accept' | 'decline') {
  const url = step === 'accept' ? paths.clientAccept(expert.id, client.id) : paths.clientDecline(expert.id, client.id);
  return t.app.inject({ method: 'POST', url, headers: by.headersWithCsrf });
}
function people(expert: Organisation, by: RegisteredUser, client: Organisation) {
  return t.app.inject({ method: 'GET', url: paths.clientPeople(expert.id, client.id), headers: by.authHeaders });
}
function addPerson(expert: Organisation, by: RegisteredUser, client: Organisation, email = uniqueEmail('employee'), kind: 'employee' | 'contractor' = 'employee') {
  return t.app.inject({ method: 'POST', url: paths.clientPeople(expert.id, client.id), headers: by.headersWithCsrf, payload: { kind, position_title: 'Carpenter', full_name: 'Cora Carpenter', email } });
}
async function auditActions(client: Organisation): Promise<string[]> {
  const response = await t.app.inject({ method: 'GET', url: paths.auditLog(client.id), headers: client.owner.authHeaders });
  expect(response.statusCode, response.body).toBe(200);
  return auditLogList.parse(response.json()).data.map((entry) => entry.action);
}
/** A client shared with the expert, accepted, with the scope. */
async function sharedPair(scope: ShareScope[], names = { client: 'Client Ltd', expert: 'Expert Partners' }) {
  const client = await organisation('business', names.client);
  const expert = await organisation('human_capital_expert', names.expert);
  expect((await offer(client, client.owner, expert.owner.email, scope)).statusCode).toBe(201);
  expect((await answer(expert, expert.admin, client, 'accept')).statusCode).toBe(200);
  return { client, expert };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('offering, answering and revoking a share', () => {
  it('lets the client’s owner offer a share that the expert’s admin accepts, and each side sees it', async () => {
    const client = await organisation('business', 'Oak Client');
    const expert = await organisation('human_capital_expert', 'People Advisors');
    const offered = await offer(client, client.owner, expert.owner.email.toUpperCase(), ['aggregates', 'maintain_people']);
    expect(offered.statusCode, offered.body).toBe(201);
    expect(clientShareEnvelope.parse(offered.json()).data).toMatchObject({ expert_organisation_name: 'People Advisors', status: 'offered', scope: ['maintain_people', 'aggregates'] });
    // The expert's owner hears of it by e-mail, with the way to the Clients page; the name is shown as typed.
    const offerMail = async () => (await outboxFor(t, expert.owner.email)).find((message) => message.subject === 'Oak Client wants to work with you on Compass');
    await eventually(async () => expect(await offerMail()).toBeDefined());
    const mail = (await offerMail())!;
    expect(mail.text).toContain('Oak Client offers to share its organisation with People Advisors. Once you accept, your owners and admins may maintain its employees and contractors and send their invitations, see its team overview.');
    expect(mail.text).toContain(`/organization/${expert.id}/clients`);

    const clients = await t.app.inject({ method: 'GET', url: paths.clients(expert.id), headers: expert.admin.authHeaders });
    expect(expertClientList.parse(clients.json()).data).toEqual([expect.objectContaining({ client_organisation_id: client.id, client_organisation_name: 'Oak Client', status: 'offered' })]);
    // Nothing within the scope before the expert accepts.
    expect((await people(expert, expert.owner, client)).statusCode).toBe(404);

    expect((await answer(expert, expert.admin, client, 'accept')).statusCode).toBe(200);
    const shares = await t.app.inject({ method: 'GET', url: paths.shares(client.id), headers: client.admin.authHeaders });
    expect(clientShareList.parse(shares.json()).data).toEqual([expect.objectContaining({ status: 'active', revoked_by: null })]);
    expect((await people(expert, expert.owner, client)).statusCode).toBe(200);
    // Accepting twice is refused with the reason.
    const again = await answer(expert, expert.owner, client, 'accept');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: shareMessages.shareNotOffered });
  });

  it('lets only the client’s owner offer, only to an HC expert, and a pair only once at a time', async () => {
    const client = await organisation('business', 'Pine Client');
    const expert = await organisation('human_capital_expert', 'Talent Co');
    const notExpert = await organisation('business', 'Just A Business');
    expect((await offer(client, client.admin, expert.owner.email)).statusCode).toBe(403);
    expect((await offer(client, client.member, expert.owner.email)).statusCode).toBe(403);
    expect((await offer(client, expert.owner, expert.owner.email)).statusCode).toBe(404);

    // An address that owns no expert organisation and one that owns a business read the same: no enumeration.
    for (const email of [notExpert.owner.email, uniqueEmail('nobody'), expert.admin.email]) {
      const refused = await offer(client, client.owner, email);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ errors: { expert_owner_email: [shareMessages.noExpertFound] } });
    }
    const noScope = await offer(client, client.owner, expert.owner.email, []);
    expect(noScope.statusCode).toBe(422);
    expect(noScope.json()).toMatchObject({ errors: { scope: [shareMessages.chooseScope] } });

    expect((await offer(client, client.owner, expert.owner.email)).statusCode).toBe(201);
    const twice = await offer(client, client.owner, expert.owner.email);
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({ errors: { expert_owner_email: [shareMessages.alreadyShared] } });
    const { rows } = await t.pool.query('select count(*)::int as count from organisation_shares where client_organisation_id = $1', [client.id]);
    expect(rows[0].count).toBe(1);
  });

  it('refuses a share offered by an organisation that is not a business', async () => {
    const expert = await organisation('human_capital_expert', 'Expert One');
    const otherExpert = await organisation('human_capital_expert', 'Expert Two');
    const refused = await offer(otherExpert, otherExpert.owner, expert.owner.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: shareMessages.onlyBusinessesShare });
  });

  it('lets the expert decline, and the client offer again afterwards (the same row)', async () => {
    const client = await organisation('business', 'Birch Client');
    const expert = await organisation('human_capital_expert', 'Decliners');
    await offer(client, client.owner, expert.owner.email);
    expect((await answer(expert, expert.member, client, 'decline')).statusCode).toBe(403);
    const declined = await answer(expert, expert.owner, client, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(expertClientList.shape.data.element.parse(declined.json().data).status).toBe('declined');
    expect((await people(expert, expert.owner, client)).statusCode).toBe(404);
    expect((await offer(client, client.owner, expert.owner.email, ['aggregates'])).statusCode).toBe(201);
    const { rows } = await t.pool.query('select count(*)::int as count from organisation_shares where client_organisation_id = $1', [client.id]);
    expect(rows[0].count).toBe(1);
  });

  it('ends the expert’s access at once when the client revokes', async () => {
    const { client, expert } = await sharedPair(['maintain_people', 'aggregates']);
    expect((await t.app.inject({ method: 'GET', url: teamInsightApiPaths.teamOverview(client.id), headers: expert.owner.authHeaders })).statusCode).toBe(200);
    const [share] = clientShareList.parse((await t.app.inject({ method: 'GET', url: paths.shares(client.id), headers: client.owner.authHeaders })).json()).data;
    expect((await t.app.inject({ method: 'DELETE', url: paths.share(client.id, share!.id), headers: expert.owner.headersWithCsrf })).statusCode).toBe(404);
    const revoked = await t.app.inject({ method: 'DELETE', url: paths.share(client.id, share!.id), headers: client.admin.headersWithCsrf });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(clientShareEnvelope.parse(revoked.json()).data).toMatchObject({ status: 'revoked', revoked_by: 'client' });
    const afterwards = await people(expert, expert.owner, client);
    expect(afterwards.statusCode).toBe(404);
    expect(afterwards.json()).toMatchObject({ message: shareMessages.shareNotActive });
    expect((await addPerson(expert, expert.owner, client)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: teamInsightApiPaths.teamOverview(client.id), headers: expert.owner.authHeaders })).statusCode).toBe(404);
    const clients = expertClientList.parse((await t.app.inject({ method: 'GET', url: paths.clients(expert.id), headers: expert.owner.authHeaders })).json()).data;
    expect(clients[0]).toMatchObject({ status: 'revoked', revoked_by: 'client' });
  });

  it('lets the expert revoke too', async () => {
    const { client, expert } = await sharedPair(['aggregates']);
    const revoked = await t.app.inject({ method: 'DELETE', url: paths.client(expert.id, client.id), headers: expert.admin.headersWithCsrf });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: teamInsightApiPaths.teamOverview(client.id), headers: expert.admin.authHeaders })).statusCode).toBe(404);
    const shares = clientShareList.parse((await t.app.inject({ method: 'GET', url: paths.shares(client.id), headers: client.owner.authHeaders })).json()).data;
    expect(shares[0]).toMatchObject({ status: 'revoked', revoked_by: 'expert' });
  });

  it('answers 404 for a foreign organisation on either side and 403 for an expert’s plain member', async () => {
    const { client, expert } = await sharedPair(['maintain_people']);
    const other = await organisation('human_capital_expert', 'Outsiders');
    expect((await t.app.inject({ method: 'GET', url: paths.clients(expert.id), headers: other.owner.authHeaders })).statusCode).toBe(404);
    expect((await people(other, other.owner, client)).statusCode).toBe(404);
    expect((await people(expert, expert.owner, other)).statusCode).toBe(404);
    expect((await people(expert, expert.owner, { ...client, id: 'not-an-id' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: paths.shares(client.id), headers: expert.owner.authHeaders })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: paths.auditLog(client.id), headers: expert.owner.authHeaders })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: paths.auditLog(client.id), headers: client.member.authHeaders })).statusCode).toBe(403);
    expect((await people(expert, expert.member, client)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: paths.clients(client.id), headers: client.owner.authHeaders })).statusCode).toBe(403);
  });
});

describe('what a client’s member is told', () => {
  it('lists the experts the organisation is shared with and what each sees of the member, following the consent and the scope', async () => {
    const { client } = await sharedPair(['individual_results', 'aggregates'], { client: 'Told Ltd', expert: 'Insightful Experts' });
    const aggregatesOnly = await organisation('human_capital_expert', 'Aggregate Advisors');
    await offer(client, client.owner, aggregatesOnly.owner.email, ['aggregates']);
    await answer(aggregatesOnly, aggregatesOnly.owner, client, 'accept');
    const read = async () => (await t.app.inject({ method: 'GET', url: teamInsightApiPaths.consent(client.id), headers: client.member.authHeaders })).json().data.experts;
    expect(await read()).toEqual([
      { organisation_name: 'Aggregate Advisors', sees: 'aggregates_only' },
      { organisation_name: 'Insightful Experts', sees: 'aggregates_only' },
    ]);
    const shared = await t.app.inject({ method: 'PUT', url: teamInsightApiPaths.consent(client.id), headers: client.member.headersWithCsrf, payload: { visibility: 'individual' } });
    expect(shared.json().data.experts).toEqual([
      { organisation_name: 'Aggregate Advisors', sees: 'aggregates_only' },
      { organisation_name: 'Insightful Experts', sees: 'individual_results' },
    ]);
    await t.app.inject({ method: 'DELETE', url: paths.client(aggregatesOnly.id, client.id), headers: aggregatesOnly.owner.headersWithCsrf });
    expect(await read()).toEqual([{ organisation_name: 'Insightful Experts', sees: 'individual_results' }]);
  });
});

describe('maintaining a client’s people within the scope', () => {
  it('adds, edits, invites, re-invites, withdraws and removes, each written to the client’s audit log', async () => {
    const { client, expert } = await sharedPair(['maintain_people']);
    const email = uniqueEmail('new-hire');
    const added = await addPerson(expert, expert.admin, client, email, 'contractor');
    expect(added.statusCode, added.body).toBe(201);
    const person = clientPersonEnvelope.parse(added.json()).data;
    expect(person).toMatchObject({ kind: 'contractor', full_name: 'Cora Carpenter', invitation: 'none' });
    const duplicate = await addPerson(expert, expert.admin, client, email.toUpperCase());
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toMatchObject({ errors: { email: [shareMessages.personAlreadyListed] } });

    const edited = await t.app.inject({ method: 'PATCH', url: paths.clientPerson(expert.id, client.id, person.id), headers: expert.admin.headersWithCsrf, payload: { position_title: 'Lead carpenter' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(clientPersonEnvelope.parse(edited.json()).data.position_title).toBe('Lead carpenter');

    const invited = await t.app.inject({ method: 'POST', url: paths.clientPersonInvitation(expert.id, client.id, person.id), headers: expert.admin.headersWithCsrf });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(clientPersonEnvelope.parse(invited.json()).data.invitation).toBe('pending');
    const mail = await waitForMail(t, email);
    expect(mail.subject + mail.text).toContain('Client Ltd');
    const resent = await t.app.inject({ method: 'POST', url: paths.clientPersonInvitation(expert.id, client.id, person.id), headers: expert.admin.headersWithCsrf });
    expect(resent.statusCode).toBe(200);
    await waitForMail(t, email, { count: 2 });
    // The client's own invitations list shows the invitation the expert sent.
    const invitations = await t.app.inject({ method: 'GET', url: organisationApiPaths.invitations(client.id), headers: client.owner.authHeaders });
    expect(invitations.json().data).toEqual([expect.objectContaining({ email, role: 'member', status: 'pending' })]);

    const withdrawn = await t.app.inject({ method: 'DELETE', url: paths.clientPersonInvitation(expert.id, client.id, person.id), headers: expert.admin.headersWithCsrf });
    expect(clientPersonEnvelope.parse(withdrawn.json()).data.invitation).toBe('none');
    expect((await t.app.inject({ method: 'DELETE', url: paths.clientPersonInvitation(expert.id, client.id, person.id), headers: expert.admin.headersWithCsrf })).statusCode).toBe(404);

    expect((await t.app.inject({ method: 'DELETE', url: paths.clientPerson(expert.id, client.id, person.id), headers: expert.admin.headersWithCsrf })).statusCode).toBe(204);
    const list = clientPeopleList.parse((await people(expert, expert.admin, client)).json()).data;
    expect(list.people.map((entry) => entry.email)).not.toContain(email);
    // The wizard's three employees are there.
    expect(list.people.filter((entry) => entry.kind === 'employee')).toHaveLength(3);

    expect(await auditActions(client)).toEqual(['person_removed', 'invitation_revoked', 'invitation_resent', 'invitation_sent', 'person_updated', 'person_added']);
    const log = auditLogList.parse((await t.app.inject({ method: 'GET', url: `${paths.auditLog(client.id)}?per_page=2&page=3`, headers: client.admin.authHeaders })).json());
    expect(log.meta).toEqual({ page: 3, per_page: 2, total: 6 });
    expect(log.data[0]).toMatchObject({ action: 'person_updated', actor_name: 'Expert Partners Admin', actor_organisation_name: 'Expert Partners', subject: `Cora Carpenter <${email}>` });
    expect(log.data[0]!.details).toEqual({ position_title: { from: 'Carpenter', to: 'Lead carpenter' } });
  });

  it('changes an e-mail address only before the person joins, and withdraws the invitation to the old one', async () => {
    const { client, expert } = await sharedPair(['maintain_people']);
    const joining = await registerUser(t, { name: 'Jo Joined' });
    const added = clientPersonEnvelope.parse((await addPerson(expert, expert.owner, client, joining.email)).json()).data;
    await addMember(t, client.id, joining, 'member');
    const refused = await t.app.inject({ method: 'PATCH', url: paths.clientPerson(expert.id, client.id, added.id), headers: expert.owner.headersWithCsrf, payload: { email: uniqueEmail() } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { email: [shareMessages.alreadyJoined] } });
    const inviteMember = await t.app.inject({ method: 'POST', url: paths.clientPersonInvitation(expert.id, client.id, added.id), headers: expert.owner.headersWithCsrf });
    expect(inviteMember.statusCode).toBe(422);

    const other = clientPersonEnvelope.parse((await addPerson(expert, expert.owner, client)).json()).data;
    await t.app.inject({ method: 'POST', url: paths.clientPersonInvitation(expert.id, client.id, other.id), headers: expert.owner.headersWithCsrf });
    const newEmail = uniqueEmail('moved');
    const moved = await t.app.inject({ method: 'PATCH', url: paths.clientPerson(expert.id, client.id, other.id), headers: expert.owner.headersWithCsrf, payload: { email: newEmail } });
    expect(clientPersonEnvelope.parse(moved.json()).data).toMatchObject({ email: newEmail, invitation: 'none' });
    expect((await auditActions(client)).slice(0, 2)).toEqual(['invitation_revoked', 'person_updated']);
  });

  it('refuses every people call without the maintain_people scope (403), and writes nothing', async () => {
    const { client, expert } = await sharedPair(['aggregates', 'individual_results']);
    const [employee] = clientPeopleList.shape.data.shape.people.parse((await t.pool.query("select id, list as kind, position_title, full_name, email, 'none' as invitation, null as invitation_expires_at from organisation_people where organisation_id = $1 and list = 'employee' limit 1", [client.id])).rows);
    const calls = [
      people(expert, expert.owner, client),
      addPerson(expert, expert.owner, client),
      t.app.inject({ method: 'PATCH', url: paths.clientPerson(expert.id, client.id, employee!.id), headers: expert.owner.headersWithCsrf, payload: { full_name: 'X' } }),
      t.app.inject({ method: 'DELETE', url: paths.clientPerson(expert.id, client.id, employee!.id), headers: expert.owner.headersWithCsrf }),
      t.app.inject({ method: 'POST', url: paths.clientPersonInvitation(expert.id, client.id, employee!.id), headers: expert.owner.headersWithCsrf }),
      t.app.inject({ method: 'DELETE', url: paths.clientPersonInvitation(expert.id, client.id, employee!.id), headers: expert.owner.headersWithCsrf }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: shareMessages.outsideScope });
    }
    expect(await auditActions(client)).toEqual([]);
  });

  it('never lets the expert change the client’s roles, ownership or billing, or remove its members', async () => {
    const { client, expert } = await sharedPair(['maintain_people', 'aggregates', 'individual_results']);
    const attempts = [
      t.app.inject({ method: 'PATCH', url: organisationApiPaths.member(client.id, client.member.account.id), headers: expert.owner.headersWithCsrf, payload: { role: 'admin' } }),
      t.app.inject({ method: 'DELETE', url: organisationApiPaths.member(client.id, client.member.account.id), headers: expert.owner.headersWithCsrf }),
      t.app.inject({ method: 'POST', url: organisationApiPaths.ownershipTransfer(client.id), headers: expert.owner.headersWithCsrf, payload: { user_id: expert.owner.account.id } }),
      t.app.inject({ method: 'GET', url: organisationApiPaths.subscription(client.id), headers: expert.owner.authHeaders }),
      t.app.inject({ method: 'GET', url: organisationApiPaths.members(client.id), headers: expert.owner.authHeaders }),
      t.app.inject({ method: 'POST', url: organisationApiPaths.invitations(client.id), headers: expert.owner.headersWithCsrf, payload: { email: uniqueEmail(), role: 'admin' } }),
      t.app.inject({ method: 'PUT', url: teamInsightApiPaths.groupMinimum(client.id), headers: expert.owner.headersWithCsrf, payload: { minimum: 7 } }),
      t.app.inject({ method: 'POST', url: paths.shares(client.id), headers: expert.owner.headersWithCsrf, payload: { expert_owner_email: expert.owner.email, scope: ['aggregates'] } }),
    ];
    const statuses = (await Promise.all(attempts)).map((response) => response.statusCode);
    // Not a member of the client: its own organisation routes do not know the expert (404); the group minimum is a team-insights call, known but not allowed (403).
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 403, 404]);
    const { rows } = await t.pool.query('select role from organisation_members where organisation_id = $1 and user_id = $2', [client.id, client.member.account.id]);
    expect(rows[0].role).toBe('member');
  });

  it('refuses changes while the client is read-only (past due), and lists still work', async () => {
    const { client, expert } = await sharedPair(['maintain_people']);
    await t.pool.query("update organisations set status = 'past_due' where id = $1", [client.id]);
    expect((await people(expert, expert.owner, client)).statusCode).toBe(200);
    expect((await addPerson(expert, expert.owner, client)).statusCode).toBe(409);
    expect(await auditActions(client)).toEqual([]);
  });
});
