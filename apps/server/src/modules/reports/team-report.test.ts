import { teamInsightMessages } from '@app/contract/team-insights';
import { teamReportApiPaths } from '@app/contract/api-paths';
import { teamReportEnvelope, teamReportList, teamReportMessages, type TeamReportList } from '@app/contract/team-report';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { addMember, businessOrganisationRequest, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { readPdf } from '../../../test/pdf-reader.ts';
import { seedScoredRespondents } from '../../../test/scored-respondents.ts';
import { productBySku, seededSkus } from '../../../test/shop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 13: the team report of an organisation with the team service, through the reports
// pipeline: one edition per request however often it is retried, a PDF of aggregates only (the
// team overview's groups, each suppressed as the overview suppresses it) without anyone's name or
// e-mail, and who may create and download it.

let t: TestApp;
let owner: RegisteredUser;
let admin: RegisteredUser;
let member: RegisteredUser;
let stranger: RegisteredUser;
let organisationId: string;
/** Names and e-mail addresses of everyone whose answers the overview counts, and of the organisation's lists. */
let personalData: string[];
// Markup in a name the organisation typed is shown as it was typed.
const organisationName = '<b>Oak & Pine</b> Ltd';

async function list(viewer: RegisteredUser, id = organisationId): Promise<{ status: number; data?: TeamReportList; body: string }> {
  const response = await t.app.inject({ method: 'GET', url: teamReportApiPaths.list(id), headers: viewer.authHeaders });
  return { status: response.statusCode, body: response.body, data: response.statusCode === 200 ? teamReportList.parse(response.json()).data : undefined };
}

function create(viewer: RegisteredUser, requestKey: string = randomUUID(), id = organisationId) {
  return t.app.inject({ method: 'POST', url: teamReportApiPaths.list(id), headers: viewer.headersWithCsrf, payload: { request_key: requestKey } });
}

async function waitUntilReady(viewer: RegisteredUser, reportId: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { data } = await list(viewer);
    const report = data?.reports.find((candidate) => candidate.id === reportId);
    if (report?.status === 'ready') return;
    if (report?.status === 'failed' || Date.now() > deadline) throw new Error(`team report ${reportId} is ${report?.status ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t, { name: 'Olga Owner' });
  admin = await registerUser(t, { name: 'Adam Admin' });
  member = await registerUser(t, { name: 'Mira Member' });
  stranger = await registerUser(t, { name: 'Stan Stranger' });
  const organisation = await createOrganisationThroughApi(t, owner, { details: { ...(await businessOrganisationRequest(t)).details, name: organisationName } });
  organisationId = organisation.id;
  await t.pool.query(`update organisations set status = 'active' where id = $1`, [organisationId]);
  await addMember(t, organisationId, admin, 'admin');
  await addMember(t, organisationId, member, 'member');

  // Six people who completed every set: five carpenters, one director (a group of one).
  const seeded = await seedScoredRespondents(
    t.pool,
    Array.from({ length: 6 }, () => ({ birthDate: '1990-01-01', completedAt: '2026-06-15T12:00:00.000Z' })),
    31,
  );
  for (const [index, person] of seeded.entries()) {
    const name = `Quintessa Marlowe-${index}`;
    await t.pool.query(`update users set name = $1 where email = $2`, [name, person.email]);
    await t.pool.query(`insert into organisation_members (organisation_id, user_id, role) select $1, id, 'member' from users where email = $2`, [organisationId, person.email]);
    await t.pool.query(`insert into organisation_people (organisation_id, list, position_title, full_name, email) values ($1, 'employee', $2, $3, $4)`, [
      organisationId,
      index === 0 ? 'Director' : 'Carpenter',
      name,
      person.email,
    ]);
  }
  const { rows } = await t.pool.query<{ value: string }>(
    `select name as value from users where id in (select user_id from organisation_members where organisation_id = $1)
     union select email from users where id in (select user_id from organisation_members where organisation_id = $1)
     union select full_name from organisation_people where organisation_id = $1
     union select email from organisation_people where organisation_id = $1`,
    [organisationId],
  );
  personalData = rows.map((row) => row.value);
  await t.changesSettled();
});
afterAll(async () => {
  await t?.close();
});

describe('a team report', () => {
  let reportId: string;
  let pdfText: string;

  beforeAll(async () => {
    const key = randomUUID();
    // Sent twice at once (a double click): one edition, the second answer is the first's.
    const answers = await Promise.all([create(owner, key), create(owner, key)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 202]);
    const [first, twin] = answers.map((answer) => teamReportEnvelope.parse(answer.json()).data);
    expect(twin!.id).toBe(first!.id);
    reportId = first!.id;
    // The request retried (a lost answer, a double click) makes no second edition.
    const again = await create(owner, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(teamReportEnvelope.parse(again.json()).data).toMatchObject({ id: reportId, edition: 1 });
    await waitUntilReady(owner, reportId);
    const response = await t.app.inject({ method: 'GET', url: teamReportApiPaths.pdf(organisationId, reportId), headers: owner.authHeaders });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    // The name's markup characters cannot be in a file name: left out, the rest kept.
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Compass - Team report - b Oak & Pine b Ltd - \d{4}-\d{2}-\d{2}\.pdf"/);
    pdfText = (await readPdf(response.rawPayload)).text;
  });

  it('is made once per request, however often it is retried', async () => {
    const again = await create(owner, (await t.pool.query<{ request_key: string }>('select request_key from team_reports where id = $1', [reportId])).rows[0]!.request_key);
    expect(again.statusCode).toBe(200);
    const { rows } = await t.pool.query<{ editions: number; attempts: number }>(
      'select count(*)::int as editions, sum(generation_attempts)::int as attempts from team_reports where organisation_id = $1',
      [organisationId],
    );
    expect(rows[0]).toEqual({ editions: 1, attempts: 1 });
    const { data } = await list(owner);
    expect(data).toMatchObject({ can_create: true, unavailable_message: null, reports: [{ id: reportId, edition: 1, status: 'ready' }] });
    expect(data!.reports[0]!.page_count).toBeGreaterThan(1);
  });

  it('holds the overview’s aggregates with each group’s size, and the suppression message for a group below the minimum', () => {
    expect(pdfText).toContain('Team report');
    expect(pdfText).toContain(organisationName);
    expect(pdfText).toContain('The whole organisation');
    expect(pdfText).toContain('6 respondents');
    for (const heading of ['BIG5 personality domains', 'Top values', 'Culture preferences']) expect(pdfText).toContain(heading);
    // The director is a group of one: named by its title, suppressed with the overview's message.
    expect(pdfText).toContain('Position title: Director');
    expect(pdfText).toContain(teamInsightMessages.notEnoughResponses);
    // The carpenters (5) differ from the whole (6) by one person: the overview hides them too.
    expect(pdfText).toContain('Position title: Carpenter');
    expect(pdfText).toContain(teamInsightMessages.hiddenByDifference);
    expect(pdfText).not.toContain('5 respondents');
    expect(pdfText).not.toContain('1 respondent ');
  });

  it('holds no one’s name or e-mail address', () => {
    expect(personalData.length).toBeGreaterThan(10);
    for (const value of personalData) expect(pdfText, value).not.toContain(value);
    expect(pdfText).not.toMatch(/@example\.com/);
  });

  it('an edition that failed is made again with Try again; a ready one is not', async () => {
    const ready = await t.app.inject({ method: 'POST', url: teamReportApiPaths.retry(organisationId, reportId), headers: owner.headersWithCsrf });
    expect(ready.statusCode).toBe(409);
    expect(ready.json()).toMatchObject({ message: teamReportMessages.notFailed });
    const second = await create(admin);
    expect(second.statusCode, second.body).toBe(202);
    const secondId = teamReportEnvelope.parse(second.json()).data.id;
    await waitUntilReady(admin, secondId);
    await t.pool.query(`update team_reports set status = 'failed', failure_reason = 'render thread stopped' where id = $1`, [secondId]);
    const retried = await t.app.inject({ method: 'POST', url: teamReportApiPaths.retry(organisationId, secondId), headers: admin.headersWithCsrf });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(teamReportEnvelope.parse(retried.json()).data).toMatchObject({ id: secondId, edition: 2, status: 'pending' });
    await waitUntilReady(admin, secondId);
  });

  it('members download it but cannot create one; strangers and foreign ids are 404', async () => {
    const asMember = await list(member);
    expect(asMember.data).toMatchObject({ can_create: false, unavailable_message: null });
    expect(asMember.data!.reports.some((report) => report.id === reportId)).toBe(true);
    const download = await t.app.inject({ method: 'GET', url: teamReportApiPaths.pdf(organisationId, reportId), headers: member.authHeaders });
    expect(download.statusCode).toBe(200);
    const refused = await create(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: teamReportMessages.managersOnly });

    for (const response of [
      await t.app.inject({ method: 'GET', url: teamReportApiPaths.list(organisationId), headers: stranger.authHeaders }),
      await create(stranger),
      await t.app.inject({ method: 'GET', url: teamReportApiPaths.pdf(organisationId, reportId), headers: stranger.authHeaders }),
      await t.app.inject({ method: 'POST', url: teamReportApiPaths.retry(organisationId, reportId), headers: stranger.headersWithCsrf }),
      await t.app.inject({ method: 'GET', url: teamReportApiPaths.list(randomUUID()), headers: owner.authHeaders }),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }

    // Another organisation's owner, asking for this report under their own organisation: 404.
    const other = await createOrganisationThroughApi(t, stranger);
    await t.pool.query(`update organisations set status = 'active' where id = $1`, [other.id]);
    const foreign = await t.app.inject({ method: 'GET', url: teamReportApiPaths.pdf(other.id, reportId), headers: stranger.authHeaders });
    expect(foreign.statusCode).toBe(404);
  });

  it('an investor of the portfolio downloads it (read-only), and cannot create one', async () => {
    const investor = await registerUser(t, { name: 'Ivo Investor' });
    const fund = await createOrganisationThroughApi(t, investor);
    await t.pool.query(`update organisations set type = 'investor' where id = $1`, [fund.id]);
    await t.pool.query(
      `insert into portfolio_links (investor_organisation_id, company_name, representative_email, token_hash, status, company_organisation_id, expires_at, accepted_at)
       values ($1, 'Oak', 'rep@example.com', $2, 'accepted', $3, now() + interval '7 days', now())`,
      [fund.id, randomUUID(), organisationId],
    );
    const seen = await list(investor);
    expect(seen.data).toMatchObject({ can_create: false, unavailable_message: null });
    const download = await t.app.inject({ method: 'GET', url: teamReportApiPaths.pdf(organisationId, reportId), headers: investor.authHeaders });
    expect(download.statusCode).toBe(200);
    const refused = await create(investor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: teamReportMessages.managersOnly });
  });

  it('is refused with the reason to an organisation without the team service, or not active', async () => {
    const buyer = await registerUser(t);
    const culture = await productBySku(t, seededSkus.cultureAnalysis);
    const withoutService = await createOrganisationThroughApi(t, buyer, { services: [{ product_id: culture.id, quantity: culture.minimum_quantity }] });
    await t.pool.query(`update organisations set status = 'active' where id = $1`, [withoutService.id]);
    const refused = await create(buyer, randomUUID(), withoutService.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: teamReportMessages.serviceRequired });
    expect((await list(buyer, withoutService.id)).data).toEqual({ can_create: false, unavailable_message: teamReportMessages.serviceRequired, reports: [] });

    // The team service chosen but the subscription not active yet.
    const pending = await createOrganisationThroughApi(t, buyer);
    const notActive = await create(buyer, randomUUID(), pending.id);
    expect(notActive.statusCode).toBe(403);
    expect(notActive.json()).toMatchObject({ message: teamReportMessages.serviceRequired });
    const { rows } = await t.pool.query('select 1 from team_reports where organisation_id = any($1)', [[withoutService.id, pending.id]]);
    expect(rows).toEqual([]);
  });
});
