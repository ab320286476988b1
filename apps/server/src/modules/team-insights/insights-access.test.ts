import { eventApiPaths, teamInsightApiPaths } from '@app/contract/api-paths';
import { eventSessionEnvelope } from '@app/contract/event-attendees';
import { organisationShareApiPaths } from '@app/contract/organisation-shares';
import { teamInsightMessages } from '@app/contract/team-insights';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { addMember, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 13, "Access by type": the access matrix, one row per (organisation, viewer's role, call)
// with the expected status. Rows for the cross-organisation relations (an HC expert's share, an
// investor's portfolio, event attendees) join this table when those relations exist. Whoever has
// no relation to the organisation gets a 404, whatever their role elsewhere.

type Role = 'owner' | 'admin' | 'member' | 'stranger';
type Whose = 'own' | 'foreign';
type CallName = 'read consent' | 'set consent' | 'list shared results' | 'read member results' | 'team overview' | 'read group minimum' | 'change group minimum';

interface Organisation {
  id: string;
  people: Record<Exclude<Role, 'stranger'>, RegisteredUser>;
  /** A member who shares their individual results. */
  sharing: RegisteredUser;
}

let t: TestApp;
let business: Organisation;
let otherBusiness: Organisation;
let eventOrganiser: Organisation;
let stranger: RegisteredUser;

async function organisationWithPeople(type: 'business' | 'event_organiser'): Promise<Organisation> {
  const owner = await registerUser(t, { name: 'Olga Owner' });
  const organisation = await createOrganisationThroughApi(t, owner);
  // The wizard's other types need other lists; the type is what the access decision reads.
  if (type !== 'business') await t.pool.query('update organisations set type = $2 where id = $1', [organisation.id, type]);
  const admin = await registerUser(t, { name: 'Adam Admin' });
  const member = await registerUser(t, { name: 'Mia Member' });
  const sharing = await registerUser(t, { name: 'Sam Sharing' });
  await addMember(t, organisation.id, admin, 'admin');
  await addMember(t, organisation.id, member, 'member');
  await addMember(t, organisation.id, sharing, 'member');
  const consent = await t.app.inject({ method: 'PUT', url: teamInsightApiPaths.consent(organisation.id), headers: sharing.headersWithCsrf, payload: { visibility: 'individual' } });
  expect(consent.statusCode).toBe(200);
  return { id: organisation.id, people: { owner, admin, member }, sharing };
}

beforeAll(async () => {
  t = await createTestApp();
  business = await organisationWithPeople('business');
  otherBusiness = await organisationWithPeople('business');
  eventOrganiser = await organisationWithPeople('event_organiser');
  stranger = await registerUser(t, { name: 'Stan Stranger' });
});
afterAll(async () => {
  await t?.close();
});

const calls: Record<CallName, (viewer: RegisteredUser, organisation: Organisation) => Promise<{ statusCode: number; body: string }>> = {
  'read consent': (viewer, organisation) => t.app.inject({ method: 'GET', url: teamInsightApiPaths.consent(organisation.id), headers: viewer.authHeaders }),
  'set consent': (viewer, organisation) =>
    t.app.inject({ method: 'PUT', url: teamInsightApiPaths.consent(organisation.id), headers: viewer.headersWithCsrf, payload: { visibility: 'aggregate_only' } }),
  'list shared results': (viewer, organisation) => t.app.inject({ method: 'GET', url: teamInsightApiPaths.sharedResults(organisation.id), headers: viewer.authHeaders }),
  'read member results': (viewer, organisation) =>
    t.app.inject({ method: 'GET', url: teamInsightApiPaths.memberResults(organisation.id, organisation.sharing.account.id), headers: viewer.authHeaders }),
  'team overview': (viewer, organisation) => t.app.inject({ method: 'GET', url: teamInsightApiPaths.teamOverview(organisation.id), headers: viewer.authHeaders }),
  'read group minimum': (viewer, organisation) => t.app.inject({ method: 'GET', url: teamInsightApiPaths.groupMinimum(organisation.id), headers: viewer.authHeaders }),
  'change group minimum': (viewer, organisation) =>
    t.app.inject({ method: 'PUT', url: teamInsightApiPaths.groupMinimum(organisation.id), headers: viewer.headersWithCsrf, payload: { minimum: organisation === eventOrganiser ? 12 : 6 } }),
};

/** Expected status per call for a viewer of the organisation itself, by type and role. */
const ownOrganisation: Record<'business' | 'event_organiser', Record<Exclude<Role, 'stranger'>, Record<CallName, number>>> = {
  business: {
    owner: { 'read consent': 200, 'set consent': 200, 'list shared results': 200, 'read member results': 200, 'team overview': 200, 'read group minimum': 200, 'change group minimum': 200 },
    admin: { 'read consent': 200, 'set consent': 200, 'list shared results': 200, 'read member results': 200, 'team overview': 200, 'read group minimum': 200, 'change group minimum': 200 },
    member: { 'read consent': 200, 'set consent': 200, 'list shared results': 403, 'read member results': 403, 'team overview': 200, 'read group minimum': 403, 'change group minimum': 403 },
  },
  // An event organiser never sees a single person's scores (issue 13), whatever its members consent to.
  event_organiser: {
    owner: { 'read consent': 200, 'set consent': 200, 'list shared results': 403, 'read member results': 403, 'team overview': 200, 'read group minimum': 200, 'change group minimum': 200 },
    admin: { 'read consent': 200, 'set consent': 200, 'list shared results': 403, 'read member results': 403, 'team overview': 200, 'read group minimum': 200, 'change group minimum': 200 },
    member: { 'read consent': 200, 'set consent': 200, 'list shared results': 403, 'read member results': 403, 'team overview': 200, 'read group minimum': 403, 'change group minimum': 403 },
  },
};

interface MatrixRow {
  type: 'business' | 'event_organiser';
  whose: Whose;
  role: Role;
  call: CallName;
  status: number;
}

const roles: Role[] = ['owner', 'admin', 'member', 'stranger'];
const matrix: MatrixRow[] = (['business', 'event_organiser'] as const).flatMap((type) =>
  (['own', 'foreign'] as const).flatMap((whose) =>
    roles.flatMap((role) =>
      (Object.keys(calls) as CallName[]).map((call) => ({
        type,
        whose,
        role,
        call,
        // A foreign organisation, or anyone's for a stranger: always 404.
        status: whose === 'foreign' || role === 'stranger' ? 404 : ownOrganisation[type][role][call],
      })),
    ),
  ),
);

describe('the team insights access matrix', () => {
  it.each(matrix)('$type organisation, $whose, $role: $call answers $status', async ({ type, whose, role, call, status }) => {
    const home = type === 'business' ? business : eventOrganiser;
    // Foreign: the viewer holds the role in their own organisation and calls another one's.
    const target = whose === 'own' ? home : type === 'business' ? otherBusiness : business;
    const viewer = role === 'stranger' ? stranger : home.people[role];
    const response = await calls[call](viewer, target);
    expect(response.statusCode, response.body).toBe(status);
    if (status === 404 || status === 403) expect(response.body).not.toContain('"results"');
  });

  it('tells an event organiser’s owner that individual results are not offered, and a malformed id is a 404', async () => {
    const refused = await calls['read member results'](eventOrganiser.people.owner, eventOrganiser);
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'forbidden', message: teamInsightMessages.individualResultsNotOffered });
    const malformed = await t.app.inject({ method: 'GET', url: teamInsightApiPaths.teamOverview('not-an-id'), headers: business.people.owner.authHeaders });
    expect(malformed.statusCode).toBe(404);
    const unknownMember = await t.app.inject({ method: 'GET', url: teamInsightApiPaths.memberResults(business.id, otherBusiness.sharing.account.id), headers: business.people.owner.authHeaders });
    expect(unknownMember.statusCode).toBe(404);
  });

  it('refuses a caller who is not logged in', async () => {
    const response = await t.app.inject({ method: 'GET', url: teamInsightApiPaths.teamOverview(business.id) });
    expect(response.statusCode).toBe(401);
  });
});

// Human Capital Expert (organisation-shares): the business above shares itself with expert
// organisations, each with its scope. The expert's owners and admins see the client within the
// scope; its plain members have no relation to the client (404 for team insights; 403 for the
// people calls, which name the expert organisation they belong to). An expert calling a business
// that did not share itself with it (foreign) gets 404 for everything.
describe('the access matrix for a client shared with a Human Capital Expert', () => {
  type ExpertRole = Exclude<Role, 'stranger'>;
  type ShareCall = CallName | 'list client people' | 'add client person' | 'read client audit log';
  const scopes = { full: ['maintain_people', 'individual_results', 'aggregates'], 'aggregates only': ['aggregates'], 'individual results only': ['individual_results'] } as const;
  type ScopeName = keyof typeof scopes;
  const experts = {} as Record<ScopeName, { id: string; people: Record<ExpertRole, RegisteredUser> }>;

  beforeAll(async () => {
    for (const scopeName of Object.keys(scopes) as ScopeName[]) {
      const owner = await registerUser(t, { name: 'Hana Expert' });
      const expert = await createOrganisationThroughApi(t, owner);
      await t.pool.query("update organisations set type = 'human_capital_expert' where id = $1", [expert.id]);
      const admin = await registerUser(t, { name: 'Eli Expert Admin' });
      const member = await registerUser(t, { name: 'Max Expert Member' });
      await addMember(t, expert.id, admin, 'admin');
      await addMember(t, expert.id, member, 'member');
      const offered = await t.app.inject({ method: 'POST', url: organisationShareApiPaths.shares(business.id), headers: business.people.owner.headersWithCsrf, payload: { expert_owner_email: owner.email, scope: scopes[scopeName] } });
      expect(offered.statusCode, offered.body).toBe(201);
      const accepted = await t.app.inject({ method: 'POST', url: organisationShareApiPaths.clientAccept(expert.id, business.id), headers: owner.headersWithCsrf });
      expect(accepted.statusCode, accepted.body).toBe(200);
      experts[scopeName] = { id: expert.id, people: { owner, admin, member } };
    }
  });

  type ShareCallFn = (viewer: RegisteredUser, expertId: string, client: Organisation) => Promise<{ statusCode: number; body: string }>;
  const onClient = (call: CallName): ShareCallFn => (viewer, _expertId, client) => calls[call](viewer, client);
  const shareCalls: Record<ShareCall, ShareCallFn> = {
    'read consent': onClient('read consent'),
    'set consent': onClient('set consent'),
    'list shared results': onClient('list shared results'),
    'read member results': onClient('read member results'),
    'team overview': onClient('team overview'),
    'read group minimum': onClient('read group minimum'),
    'change group minimum': onClient('change group minimum'),
    'list client people': (viewer, expertId, client) => t.app.inject({ method: 'GET', url: organisationShareApiPaths.clientPeople(expertId, client.id), headers: viewer.authHeaders }),
    'add client person': (viewer, expertId, client) =>
      t.app.inject({
        method: 'POST',
        url: organisationShareApiPaths.clientPeople(expertId, client.id),
        headers: viewer.headersWithCsrf,
        payload: { kind: 'employee', position_title: 'Analyst', full_name: 'Ann Analyst', email: `analyst-${Math.random().toString(36).slice(2)}@example.com` },
      }),
    'read client audit log': (viewer, _expertId, client) => t.app.inject({ method: 'GET', url: organisationShareApiPaths.auditLog(client.id), headers: viewer.authHeaders }),
  };

  /** An expert's owner or admin on a shared client, by scope. Consent is a member's own: 404. The minimum is the client's: 403. */
  const manager: Record<ScopeName, Record<ShareCall, number>> = {
    full: { 'read consent': 404, 'set consent': 404, 'list shared results': 200, 'read member results': 200, 'team overview': 200, 'read group minimum': 403, 'change group minimum': 403, 'list client people': 200, 'add client person': 201, 'read client audit log': 404 },
    'aggregates only': { 'read consent': 404, 'set consent': 404, 'list shared results': 403, 'read member results': 403, 'team overview': 200, 'read group minimum': 403, 'change group minimum': 403, 'list client people': 403, 'add client person': 403, 'read client audit log': 404 },
    'individual results only': { 'read consent': 404, 'set consent': 404, 'list shared results': 200, 'read member results': 200, 'team overview': 403, 'read group minimum': 403, 'change group minimum': 403, 'list client people': 403, 'add client person': 403, 'read client audit log': 404 },
  };
  const expectedStatus = (scope: ScopeName, whose: 'shared' | 'foreign', role: Role, call: ShareCall): number => {
    if (role === 'stranger' || whose === 'foreign') return 404;
    // The expert's plain member: the people calls name the expert organisation (a member there, not a manager: 403); the rest, no relation (404).
    if (role === 'member') return call === 'list client people' || call === 'add client person' ? 403 : 404;
    return manager[scope][call];
  };
  const rows = (Object.keys(scopes) as ScopeName[]).flatMap((scope) =>
    (['shared', 'foreign'] as const).flatMap((whose) =>
      roles.flatMap((role) => (Object.keys(shareCalls) as ShareCall[]).map((call) => ({ scope, whose, role, call, status: expectedStatus(scope, whose, role, call) }))),
    ),
  );

  it.each(rows)('expert ($scope), $whose client, $role: $call answers $status', async ({ scope, whose, role, call, status }) => {
    const expert = experts[scope];
    const viewer = role === 'stranger' ? stranger : expert.people[role];
    const response = await shareCalls[call](viewer, expert.id, whose === 'shared' ? business : otherBusiness);
    expect(response.statusCode, response.body).toBe(status);
    if (status === 404 || status === 403) expect(response.body).not.toContain('"results"');
  });

  it('answers 404 at once for every call after the client revokes the share', async () => {
    const expert = experts['full'];
    const [share] = (await t.pool.query<{ id: string }>('select id from organisation_shares where client_organisation_id = $1 and expert_organisation_id = $2', [business.id, expert.id])).rows;
    const revoked = await t.app.inject({ method: 'DELETE', url: organisationShareApiPaths.share(business.id, share!.id), headers: business.people.owner.headersWithCsrf });
    expect(revoked.statusCode).toBe(200);
    for (const call of ['list shared results', 'read member results', 'team overview', 'list client people', 'add client person'] as const) {
      expect((await shareCalls[call](expert.people.owner, expert.id, business)).statusCode, call).toBe(404);
    }
  });
});

// Issue 13, Investor: an investor's owners and admins read a linked portfolio company's team
// overview and nothing else of it (every other call 403, consent 404: they are not its members);
// the investor's members, and anyone for a company not linked (or whose link ended), 404.
describe('the access matrix of an investor’s portfolio', () => {
  type InvestorRole = 'owner' | 'admin' | 'member' | 'stranger';
  const investorPeople = {} as Record<Exclude<InvestorRole, 'stranger'>, RegisteredUser>;
  let endedCompany: Organisation;

  beforeAll(async () => {
    const owner = await registerUser(t, { name: 'Ivana Investor' });
    const investor = await createOrganisationThroughApi(t, owner);
    await t.pool.query(`update organisations set type = 'investor' where id = $1`, [investor.id]);
    investorPeople.owner = owner;
    investorPeople.admin = await registerUser(t, { name: 'Anton Admin' });
    investorPeople.member = await registerUser(t, { name: 'Mila Member' });
    await addMember(t, investor.id, investorPeople.admin, 'admin');
    await addMember(t, investor.id, investorPeople.member, 'member');
    endedCompany = await organisationWithPeople('business');
    // The link flow has its own tests (portfolio.test.ts): here the rows it leaves.
    const link = `insert into portfolio_links (investor_organisation_id, company_name, representative_email, token_hash, status, company_organisation_id, expires_at, accepted_at, ended_at)
      values ($1, 'Company', 'rep@example.com', md5(random()::text), $3, $2, now(), now(), case when $3 = 'ended' then now() end)`;
    await t.pool.query(link, [investor.id, business.id, 'accepted']);
    await t.pool.query(link, [investor.id, endedCompany.id, 'ended']);
  });

  const linkedCompany: Record<InvestorRole, Record<CallName, number>> = {
    owner: { 'read consent': 404, 'set consent': 404, 'list shared results': 403, 'read member results': 403, 'team overview': 200, 'read group minimum': 403, 'change group minimum': 403 },
    admin: { 'read consent': 404, 'set consent': 404, 'list shared results': 403, 'read member results': 403, 'team overview': 200, 'read group minimum': 403, 'change group minimum': 403 },
    member: { 'read consent': 404, 'set consent': 404, 'list shared results': 404, 'read member results': 404, 'team overview': 404, 'read group minimum': 404, 'change group minimum': 404 },
    stranger: { 'read consent': 404, 'set consent': 404, 'list shared results': 404, 'read member results': 404, 'team overview': 404, 'read group minimum': 404, 'change group minimum': 404 },
  };
  const portfolioMatrix = (['shared', 'ended', 'foreign'] as const).flatMap((whose) =>
    (['owner', 'admin', 'member', 'stranger'] as const).flatMap((role) =>
      (Object.keys(calls) as CallName[]).map((call) => ({ whose, role, call, status: whose === 'shared' ? linkedCompany[role][call] : 404 })),
    ),
  );

  it.each(portfolioMatrix)('portfolio company, $whose, investor $role: $call answers $status', async ({ whose, role, call, status }) => {
    const target = whose === 'shared' ? business : whose === 'ended' ? endedCompany : otherBusiness;
    const viewer = role === 'stranger' ? stranger : investorPeople[role];
    const response = await calls[call](viewer, target);
    expect(response.statusCode, response.body).toBe(status);
    if (status !== 200) expect(response.body).not.toContain('"results"');
  });
});

// Issue 13, Event Organiser: its attendees are no members (every team insights call on the
// organiser 404 for them), and its attendee calls are its owners' and admins' (members 403, any
// other organisation's people 404; a business's owner asking its own organisation: 409, no attendees).
describe('the access matrix of an event organiser’s attendees', () => {
  type EventCall = 'list sessions' | 'create session' | 'rotate link' | 'e-mail invitations';
  let attendee: RegisteredUser;
  const sessionOf = new Map<string, string>();

  const eventCalls: Record<EventCall, (viewer: RegisteredUser, organisation: Organisation) => Promise<{ statusCode: number; body: string }>> = {
    'list sessions': (viewer, organisation) => t.app.inject({ method: 'GET', url: eventApiPaths.sessions(organisation.id), headers: viewer.authHeaders }),
    'create session': (viewer, organisation) =>
      t.app.inject({ method: 'POST', url: eventApiPaths.sessions(organisation.id), headers: viewer.headersWithCsrf, payload: { name: `Session ${Math.random()}` } }),
    'rotate link': (viewer, organisation) => t.app.inject({ method: 'POST', url: eventApiPaths.linkRotate(organisation.id, sessionOf.get(organisation.id) ?? organisation.id), headers: viewer.headersWithCsrf }),
    'e-mail invitations': (viewer, organisation) =>
      t.app.inject({ method: 'POST', url: eventApiPaths.emailInvitations(organisation.id, sessionOf.get(organisation.id) ?? organisation.id), headers: viewer.headersWithCsrf, payload: { emails: 'guest@example.com' } }),
  };

  beforeAll(async () => {
    const created = await t.app.inject({ method: 'POST', url: eventApiPaths.sessions(eventOrganiser.id), headers: eventOrganiser.people.owner.headersWithCsrf, payload: { name: 'Main hall' } });
    const session = eventSessionEnvelope.parse(created.json()).data;
    sessionOf.set(eventOrganiser.id, session.id);
    attendee = await registerUser(t, { name: 'Ada Attendee' });
    const joined = await t.app.inject({ method: 'POST', url: eventApiPaths.join(session.link_path.split('/events/')[1]!), headers: attendee.headersWithCsrf });
    expect(joined.statusCode, joined.body).toBe(200);
  });

  const own: Record<Exclude<Role, 'stranger'>, number> = { owner: 200, admin: 200, member: 403 };
  const eventMatrix = (['own', 'foreign'] as const).flatMap((whose) =>
    (['owner', 'admin', 'member', 'stranger'] as const).flatMap((role) =>
      (Object.keys(eventCalls) as EventCall[]).map((call) => ({
        whose,
        role,
        call,
        status: whose === 'foreign' || role === 'stranger' ? 404 : call === 'create session' && own[role] === 200 ? 201 : own[role],
      })),
    ),
  );

  it.each(eventMatrix)('event organiser, $whose, $role: $call answers $status', async ({ whose, role, call, status }) => {
    // Foreign: the event organiser's people call a business's.
    const target = whose === 'own' ? eventOrganiser : business;
    const viewer = role === 'stranger' ? stranger : eventOrganiser.people[role];
    const response = await eventCalls[call](viewer, target);
    expect(response.statusCode, response.body).toBe(status);
  });

  it.each(Object.keys(calls) as CallName[])('an attendee calling the event organiser: %s answers 404', async (call) => {
    const response = await calls[call](attendee, eventOrganiser);
    expect(response.statusCode, response.body).toBe(404);
  });

  it('tells a business’s own owner that it has no attendees (409)', async () => {
    const response = await eventCalls['list sessions'](business.people.owner, business);
    expect(response.statusCode).toBe(409);
  });
});
