import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from './auth-helpers.ts';
import { card } from './checkout-helpers.ts';
import { addMember, createOrganisationThroughApi, markEmailVerified } from './organisation-helpers.ts';
import { answerAllQuestions, completeSignupData } from './questionnaire-helpers.ts';
import { allReady, buyReports, waitForReports } from './report-helpers.ts';
import { seededSkus } from './shop-fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Issue 14, "Bad input": the access matrix over every route that takes an id. Two people, Alice
// and Bob, each with their own of everything (an order and its invoice, saved cards, a report, a
// business with a member, invitations, a subscription and its invoice, a team report, an investor
// with a portfolio link, a company an investor follows, an event with a session, a share with a
// Human Capital Expert and the client's people). For every route, Bob's ids called by Alice (the
// same role on her own things) answer 404, never 403 or 200 and never Bob's data; for a nested
// route, Alice's own parent with Bob's child answers 404 too; Bob himself gets the route's success.
// The table is checked against the server's route list: a new route with an id fails this file
// until it has its row.

type Actor = 'owner' | 'member' | 'expert';

interface World {
  owner: RegisteredUser;
  /** A member of the business (consents to show individual results). */
  member: RegisteredUser;
  /** The owner of the Human Capital Expert organisation the business shares with. */
  expert: RegisteredUser;
  ids: Record<string, string>;
}

interface Row {
  /** `METHOD /path/{param}` as the OpenAPI document names it. */
  route: string;
  /** Who holds the resource (and makes the foreign call with their own counterpart's ids). */
  actor: Actor;
  /** Path parameters from the world: World.ids keys by default, named the same as the parameters. */
  params?: (world: World) => Record<string, string>;
  /** Path parameters naming a thing inside the parent (mixed call: the caller's parent, the other's child). */
  child?: string[];
  body?: (world: World) => unknown;
  /** What the holder gets. */
  owner: number;
}

/** Routes whose id is not anyone's: catalogue products and questions are everyone's; a token in the path is itself the permission (an invitation link). */
const notOwned: Record<string, string> = {
  'PATCH /api/cart/items/{productId}': 'a catalogue product',
  'DELETE /api/cart/items/{productId}': 'a catalogue product',
  'POST /me/question/{questionId}/answer': 'a question of the questionnaire',
  'GET /api/invitations/{token}': 'the e-mailed token is the permission',
  'POST /api/invitations/{token}/accept': 'the e-mailed token is the permission (and it checks the address)',
  'GET /api/portfolio-invitations/{token}': 'the e-mailed token is the permission',
  'POST /api/portfolio-invitations/{token}/accept': 'the e-mailed token is the permission',
  'GET /api/event-invitations/{token}': 'the shared session link is the permission',
  'POST /api/event-invitations/{token}/join': 'the shared session link is the permission',
};

const cardPayment = () => ({ idempotency_key: randomUUID(), payment: { method: 'card', card: card() } });

// Read-only and repeatable calls first; then calls that change state, each in an order in which
// the holder's call still succeeds (a resend before the delete, cancel before resume).
const rows: Row[] = [
  { route: 'GET /api/orders/{orderId}', actor: 'owner', owner: 200 },
  { route: 'GET /api/orders/{orderId}/invoice', actor: 'owner', owner: 200 },
  // A paid order's confirmation answers the order as it is (the confirmation is idempotent).
  { route: 'POST /api/orders/{orderId}/confirm', actor: 'owner', body: () => ({}), owner: 200 },
  { route: 'GET /api/reports/{type}/{id}', actor: 'owner', owner: 200 },
  { route: 'GET /api/reports/{type}/{id}/pdf', actor: 'owner', owner: 200 },
  // A ready report is neither failed (retry) nor waiting for a narrative (AI off by default).
  { route: 'POST /api/reports/{type}/{id}/retry', actor: 'owner', owner: 409 },
  { route: 'POST /api/reports/{type}/{id}/narrative', actor: 'owner', owner: 409 },
  { route: 'POST /api/reports/{type}/{id}/update', actor: 'owner', owner: 409 },
  { route: 'PUT /api/payment-methods/{paymentMethodId}/default', actor: 'owner', owner: 200 },
  { route: 'GET /api/organisations/{organisationId}', actor: 'owner', owner: 200 },
  { route: 'GET /api/organisations/{organisationId}/members', actor: 'owner', owner: 200 },
  { route: 'GET /api/organisations/{organisationId}/members/progress', actor: 'owner', owner: 200 },
  { route: 'GET /api/organisations/{organisationId}/invitations', actor: 'owner', owner: 200 },
  { route: 'GET /api/organisations/{organisationId}/ownership-transfer', actor: 'owner', params: (w) => ({ organisationId: w.ids.transferOrganisationId! }), owner: 200 },
  { route: 'GET /api/organisations/{organisationId}/consent', actor: 'member', owner: 200 },
  { route: 'PUT /api/organisations/{organisationId}/consent', actor: 'member', body: () => ({ visibility: 'individual' }), owner: 200 },
  { route: 'GET /api/organisations/{organisationId}/shared-results', actor: 'owner', owner: 200 },
  { route: 'GET /api/organisations/{organisationId}/shared-results/{userId}', actor: 'owner', params: (w) => ({ organisationId: w.ids.organisationId!, userId: w.member.account.id }), child: ['userId'], owner: 200 },
  { route: 'GET /api/organisations/{organisationId}/team-overview', actor: 'owner', owner: 200 },
  { route: 'GET /api/organisations/{organisationId}/group-minimum', actor: 'owner', owner: 200 },
  { route: 'PUT /api/organisations/{organisationId}/group-minimum', actor: 'owner', body: () => ({ minimum: 6 }), owner: 200 },
  { route: 'PATCH /api/organisations/{organisationId}/billing-details', actor: 'owner', body: () => ({ name: 'Oak & Pine Ltd', billing_email: 'billing@example.com', address_line_1: '12 Market Street', city: 'Leeds', postal_code: 'LS1 1AA', country: 'GB' }), owner: 200 },
  { route: 'GET /api/organisations/{organisationId}/team-reports', actor: 'owner', owner: 200 },
  { route: 'POST /api/organisations/{organisationId}/team-reports', actor: 'owner', body: () => ({ request_key: randomUUID() }), owner: 202 },
  { route: 'GET /api/organisations/{organisationId}/team-reports/{reportId}/pdf', actor: 'owner', params: (w) => ({ organisationId: w.ids.organisationId!, reportId: w.ids.teamReportId! }), child: ['reportId'], owner: 200 },
  { route: 'POST /api/organisations/{organisationId}/team-reports/{reportId}/retry', actor: 'owner', params: (w) => ({ organisationId: w.ids.organisationId!, reportId: w.ids.teamReportId! }), child: ['reportId'], owner: 409 },
  { route: 'GET /api/organisations/{organisationId}/subscription', actor: 'owner', owner: 200 },
  { route: 'GET /api/organisations/{organisationId}/subscription/invoices', actor: 'owner', owner: 200 },
  { route: 'GET /api/organisations/{organisationId}/subscription/invoices/{invoiceId}/pdf', actor: 'owner', child: ['invoiceId'], owner: 200 },
  // Already active: activating again answers the active state (idempotent); nothing is due to pay.
  { route: 'POST /api/organisations/{organisationId}/activate', actor: 'owner', body: cardPayment, owner: 200 },
  { route: 'POST /api/organisations/{organisationId}/activate/confirm', actor: 'owner', body: () => ({}), owner: 200 },
  { route: 'POST /api/organisations/{organisationId}/subscription/pay', actor: 'owner', body: cardPayment, owner: 409 },
  { route: 'PUT /api/organisations/{organisationId}/subscription/payment-method', actor: 'owner', body: cardPayment, owner: 200 },
  { route: 'PATCH /api/organisations/{organisationId}/subscription', actor: 'owner', body: () => ({ plan: 'annual' }), owner: 200 },
  { route: 'POST /api/organisations/{organisationId}/subscription/cancel', actor: 'owner', owner: 200 },
  { route: 'POST /api/organisations/{organisationId}/subscription/resume', actor: 'owner', owner: 200 },
  { route: 'POST /api/organisations/{organisationId}/invitations', actor: 'owner', body: () => ({ email: `invitee-${randomUUID()}@example.com` }), owner: 201 },
  { route: 'POST /api/organisations/{organisationId}/invitations/{invitationId}/resend', actor: 'owner', child: ['invitationId'], owner: 200 },
  { route: 'DELETE /api/organisations/{organisationId}/invitations/{invitationId}', actor: 'owner', child: ['invitationId'], owner: 204 },
  // A transfer offered in the set-up (its own business) is read and accepted by the member; another is offered and withdrawn here.
  { route: 'POST /api/organisations/{organisationId}/ownership-transfer', actor: 'owner', body: (w) => ({ user_id: w.member.account.id }), owner: 204 },
  { route: 'DELETE /api/organisations/{organisationId}/ownership-transfer', actor: 'owner', owner: 204 },
  { route: 'POST /api/organisations/{organisationId}/ownership-transfer/accept', actor: 'member', params: (w) => ({ organisationId: w.ids.transferOrganisationId! }), owner: 204 },
  { route: 'PATCH /api/organisations/{organisationId}/members/{userId}', actor: 'owner', params: (w) => ({ organisationId: w.ids.organisationId!, userId: w.member.account.id }), child: ['userId'], body: () => ({ role: 'admin' }), owner: 204 },
  { route: 'DELETE /api/organisations/{organisationId}/members/{userId}', actor: 'owner', params: (w) => ({ organisationId: w.ids.organisationId!, userId: w.member.account.id }), child: ['userId'], owner: 204 },

  { route: 'GET /api/organisations/{organisationId}/portfolio', actor: 'owner', params: (w) => ({ organisationId: w.ids.investorId! }), owner: 200 },
  { route: 'POST /api/organisations/{organisationId}/portfolio', actor: 'owner', params: (w) => ({ organisationId: w.ids.investorId! }), body: () => ({ company_name: 'Acme', representative_email: `rep-${randomUUID()}@example.com` }), owner: 201 },
  { route: 'POST /api/organisations/{organisationId}/portfolio/{linkId}/resend', actor: 'owner', params: (w) => ({ organisationId: w.ids.investorId!, linkId: w.ids.portfolioLinkId! }), child: ['linkId'], owner: 200 },
  { route: 'DELETE /api/organisations/{organisationId}/portfolio/{linkId}', actor: 'owner', params: (w) => ({ organisationId: w.ids.investorId!, linkId: w.ids.portfolioLinkId! }), child: ['linkId'], owner: 204 },
  { route: 'GET /api/organisations/{organisationId}/investors', actor: 'owner', params: (w) => ({ organisationId: w.ids.companyId! }), owner: 200 },
  { route: 'DELETE /api/organisations/{organisationId}/investors/{linkId}', actor: 'owner', params: (w) => ({ organisationId: w.ids.companyId!, linkId: w.ids.investorLinkId! }), child: ['linkId'], owner: 204 },

  { route: 'GET /api/organisations/{organisationId}/event-sessions', actor: 'owner', params: (w) => ({ organisationId: w.ids.eventId! }), owner: 200 },
  { route: 'POST /api/organisations/{organisationId}/event-sessions', actor: 'owner', params: (w) => ({ organisationId: w.ids.eventId! }), body: () => ({ name: `Session ${randomUUID()}` }), owner: 201 },
  { route: 'POST /api/organisations/{organisationId}/event-sessions/{sessionId}/link/rotate', actor: 'owner', params: (w) => ({ organisationId: w.ids.eventId!, sessionId: w.ids.sessionId! }), child: ['sessionId'], owner: 200 },
  { route: 'POST /api/organisations/{organisationId}/event-sessions/{sessionId}/email-invitations', actor: 'owner', params: (w) => ({ organisationId: w.ids.eventId!, sessionId: w.ids.sessionId! }), child: ['sessionId'], body: () => ({ emails: 'guest@example.com' }), owner: 200 },

  { route: 'GET /api/organisations/{clientId}/shares', actor: 'owner', owner: 200 },
  { route: 'GET /api/organisations/{clientId}/audit-log', actor: 'owner', owner: 200 },
  { route: 'POST /api/organisations/{clientId}/shares', actor: 'owner', body: (w) => ({ expert_owner_email: w.ids.spareExpertEmail, scope: ['aggregates'] }), owner: 201 },
  { route: 'GET /api/organisations/{expertId}/clients', actor: 'expert', owner: 200 },
  { route: 'GET /api/organisations/{expertId}/clients/{clientId}/people', actor: 'expert', child: ['clientId'], owner: 200 },
  { route: 'POST /api/organisations/{expertId}/clients/{clientId}/people', actor: 'expert', child: ['clientId'], body: () => ({ kind: 'employee', position_title: 'Analyst', full_name: 'Ann Analyst', email: `analyst-${randomUUID()}@example.com` }), owner: 201 },
  { route: 'PATCH /api/organisations/{expertId}/clients/{clientId}/people/{personId}', actor: 'expert', child: ['clientId', 'personId'], body: () => ({ position_title: 'Senior Analyst' }), owner: 200 },
  { route: 'POST /api/organisations/{expertId}/clients/{clientId}/people/{personId}/invitation', actor: 'expert', child: ['clientId', 'personId'], owner: 200 },
  { route: 'DELETE /api/organisations/{expertId}/clients/{clientId}/people/{personId}/invitation', actor: 'expert', child: ['clientId', 'personId'], owner: 200 },
  { route: 'DELETE /api/organisations/{expertId}/clients/{clientId}/people/{personId}', actor: 'expert', child: ['clientId', 'personId'], owner: 204 },
  // The share is accepted already (in the set-up): an accept or a decline now is a conflict.
  { route: 'POST /api/organisations/{expertId}/clients/{clientId}/accept', actor: 'expert', child: ['clientId'], owner: 409 },
  { route: 'POST /api/organisations/{expertId}/clients/{clientId}/decline', actor: 'expert', child: ['clientId'], owner: 409 },
  { route: 'DELETE /api/organisations/{expertId}/clients/{clientId}', actor: 'expert', child: ['clientId'], owner: 200 },
  { route: 'DELETE /api/organisations/{clientId}/shares/{shareId}', actor: 'owner', params: (w) => ({ clientId: w.ids.clientId!, shareId: w.ids.secondShareId! }), child: ['shareId'], owner: 200 },

  { route: 'DELETE /api/payment-methods/{paymentMethodId}', actor: 'owner', params: (w) => ({ paymentMethodId: w.ids.spareMethodId! }), owner: 204 },
];

let t: TestApp;
let alice: World;
let bob: World;

async function call(user: RegisteredUser, method: string, url: string, body?: unknown) {
  return t.app.inject({ method: method as 'GET', url, headers: method === 'GET' ? user.authHeaders : user.headersWithCsrf, ...(body === undefined ? {} : { payload: body as object }) });
}

async function expectOk(response: { statusCode: number; body: string }, status: number, what: string): Promise<{ data: Record<string, unknown> & { id: string } }> {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return (response.body === '' ? { data: {} } : JSON.parse(response.body)) as { data: Record<string, unknown> & { id: string } };
}

async function organisationOfType(owner: RegisteredUser, type: string): Promise<string> {
  const organisation = await createOrganisationThroughApi(t, owner);
  // The wizard's other types need other lists; the type is what the access decisions read (as insights-access.test.ts does).
  if (type !== 'business') await t.pool.query('update organisations set type = $2 where id = $1', [organisation.id, type]);
  return organisation.id;
}

async function buildWorld(name: string): Promise<World> {
  const owner = await registerUser(t, { name: `${name} Owner` });
  const member = await registerUser(t, { name: `${name} Member` });
  const expert = await registerUser(t, { name: `${name} Expert` });
  for (const user of [owner, member, expert]) await markEmailVerified(t, user);
  await completeSignupData(t, owner);
  await answerAllQuestions(t, owner);
  await buyReports(t, owner, seededSkus.big5);
  // Generous: the render threads are shared with every other test file running.
  const [report] = await waitForReports(t, owner, allReady(1), 120_000);
  const orders = (await (await call(owner, 'GET', '/api/orders')).json()) as { data: { id: string }[] };
  const savedCard = async () => (await expectOk(await call(owner, 'POST', '/api/payment-methods', { method: 'card', card: card() }), 201, 'saving a card')).data.id;
  const paymentMethodId = await savedCard();
  const spareMethodId = await savedCard();

  const organisationId = await organisationOfType(owner, 'business');
  await expectOk(await call(owner, 'POST', `/api/organisations/${organisationId}/activate`, cardPayment()), 200, 'activating');
  await addMember(t, organisationId, member, 'member');
  await expectOk(await call(member, 'PUT', `/api/organisations/${organisationId}/consent`, { visibility: 'individual' }), 200, 'consenting');
  const invitationId = (await expectOk(await call(owner, 'POST', `/api/organisations/${organisationId}/invitations`, { email: `invitee-${randomUUID()}@example.com` }), 201, 'inviting')).data.id;
  const invoices = (await expectOk(await call(owner, 'GET', `/api/organisations/${organisationId}/subscription/invoices`), 200, 'listing period invoices')).data as unknown as { id: string }[];
  const teamReportId = (await expectOk(await call(owner, 'POST', `/api/organisations/${organisationId}/team-reports`, { request_key: randomUUID() }), 202, 'creating a team report')).data.id;

  const transferOrganisationId = await organisationOfType(owner, 'business');
  await addMember(t, transferOrganisationId, member, 'member');
  await expectOk(await call(owner, 'POST', `/api/organisations/${transferOrganisationId}/ownership-transfer`, { user_id: member.account.id }), 204, 'offering the ownership');

  const investorId = await organisationOfType(owner, 'investor');
  const portfolioLinkId = (await expectOk(await call(owner, 'POST', `/api/organisations/${investorId}/portfolio`, { company_name: 'Acme', representative_email: `rep-${randomUUID()}@example.com` }), 201, 'inviting a company')).data.id;
  // A company (this owner's second business) followed by someone else's investor: the link flow has its own tests (portfolio.test.ts).
  const companyId = await organisationOfType(owner, 'business');
  const otherInvestor = await organisationOfType(await registerUser(t), 'investor');
  const { rows: links } = await t.pool.query<{ id: string }>(
    `insert into portfolio_links (investor_organisation_id, company_name, representative_email, token_hash, status, company_organisation_id, expires_at, accepted_at)
     values ($1, 'Company', 'rep@example.com', md5(random()::text), 'accepted', $2, now() + interval '7 days', now()) returning id`,
    [otherInvestor, companyId],
  );

  const eventId = await organisationOfType(owner, 'event_organiser');
  const sessionId = (await expectOk(await call(owner, 'POST', `/api/organisations/${eventId}/event-sessions`, { name: 'Main hall' }), 201, 'creating a session')).data.id;

  const expertId = await organisationOfType(expert, 'human_capital_expert');
  const share = (await expectOk(await call(owner, 'POST', `/api/organisations/${organisationId}/shares`, { expert_owner_email: expert.email, scope: ['maintain_people', 'individual_results', 'aggregates'] }), 201, 'sharing')).data.id;
  await expectOk(await call(expert, 'POST', `/api/organisations/${expertId}/clients/${organisationId}/accept`), 200, 'accepting the share');
  const secondExpert = await registerUser(t);
  await organisationOfType(secondExpert, 'human_capital_expert');
  const secondShareId = (await expectOk(await call(owner, 'POST', `/api/organisations/${organisationId}/shares`, { expert_owner_email: secondExpert.email, scope: ['aggregates'] }), 201, 'sharing again')).data.id;
  const spareExpert = await registerUser(t);
  await organisationOfType(spareExpert, 'human_capital_expert');
  const personId = (await expectOk(await call(expert, 'POST', `/api/organisations/${expertId}/clients/${organisationId}/people`, { kind: 'employee', position_title: 'Analyst', full_name: 'Ann Analyst', email: `analyst-${randomUUID()}@example.com` }), 201, 'adding a person')).data.id;
  // The holder's download of the team report answers 200 only once it is made.
  await waitForTeamReport(owner, organisationId, teamReportId, 120_000);

  return {
    owner,
    member,
    expert,
    ids: {
      orderId: orders.data[0]!.id,
      type: report!.type,
      id: report!.id,
      paymentMethodId,
      spareMethodId,
      organisationId,
      clientId: organisationId,
      invitationId,
      invoiceId: invoices[0]!.id,
      teamReportId,
      transferOrganisationId,
      investorId,
      portfolioLinkId,
      companyId,
      investorLinkId: links[0]!.id,
      eventId,
      sessionId,
      expertId,
      shareId: share,
      secondShareId,
      personId,
      spareExpertEmail: spareExpert.email,
    },
  };
}

async function waitForTeamReport(owner: RegisteredUser, organisationId: string, reportId: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const listing = (await expectOk(await call(owner, 'GET', `/api/organisations/${organisationId}/team-reports`), 200, 'listing team reports')).data as unknown as { reports: { id: string; status: string }[] };
    const status = listing.reports.find((report) => report.id === reportId)?.status;
    if (status === 'ready') return;
    if (status === 'failed' || Date.now() > deadline) throw new Error(`team report ${reportId} is ${status ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function pathOf(route: string, params: Record<string, string>): string {
  return route.split(' ')[1]!.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

function paramsOf(row: Row, world: World): Record<string, string> {
  return row.params ? row.params(world) : world.ids;
}

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = await Promise.all([buildWorld('Alice'), buildWorld('Bob')]);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('the access matrix over every route that takes an id', () => {
  it('has a row (or a reason) for every route of the server with an id in its path', async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const idRoutes = Object.entries(document.paths).flatMap(([path, methods]) => (path.includes('{') ? Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`) : []));
    const covered = [...rows.map((row) => row.route), ...Object.keys(notOwned)];
    expect([...covered].sort()).toEqual([...new Set(idRoutes)].sort());
    expect(new Set(covered).size).toBe(covered.length);
  });

  // Every call of Alice's names Bob's things; Bob's data is never in the answer.
  it.each(rows)("$route with another person's ids answers 404", async (row) => {
    const caller = alice[row.actor];
    const [method] = row.route.split(' ');
    const response = await call(caller, method!, pathOf(row.route, paramsOf(row, bob)), row.body?.(alice));
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String), code: 'not_found' });
    for (const value of Object.values(paramsOf(row, bob))) expect(response.body).not.toContain(value);
  });

  const nested = rows.filter((row) => row.child !== undefined);
  it.each(nested)('$route with the caller’s own parent and another person’s child answers 404', async (row) => {
    const caller = alice[row.actor];
    const [method] = row.route.split(' ');
    const own = paramsOf(row, alice);
    const foreign = paramsOf(row, bob);
    const mixed = Object.fromEntries(Object.entries(own).map(([name, value]) => [name, row.child!.includes(name) ? foreign[name]! : value]));
    const response = await call(caller, method!, pathOf(row.route, mixed), row.body?.(alice));
    expect(response.statusCode, response.body).toBe(404);
  });

  // In the table's order: the calls that change things come after those that read them.
  it('gives the holder the route’s own answer, route by route', async () => {
    const outcomes: string[] = [];
    for (const row of rows) {
      const [method] = row.route.split(' ');
      const response = await call(bob[row.actor], method!, pathOf(row.route, paramsOf(row, bob)), row.body?.(bob));
      if (response.statusCode !== row.owner) outcomes.push(`${row.route}: ${response.statusCode} (expected ${row.owner}) ${response.body.slice(0, 200)}`);
    }
    expect(outcomes).toEqual([]);
  });
});
