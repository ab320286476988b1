import { eventApiPaths, organisationApiPaths, teamInsightApiPaths } from '@app/contract/api-paths';
import { eventEmailInvitationResult, eventMessages, eventSessionEnvelope, eventSessionList, maxInvitationEmailsPerRequest, type EventSessionView } from '@app/contract/event-attendees';
import { teamInsightMessages, teamOverviewEnvelope, type TeamOverview } from '@app/contract/team-insights';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, uniqueEmail, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { outboxFor } from '../../../test/mail-helpers.ts';
import { addMember, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { seedScoredRespondents } from '../../../test/scored-respondents.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 13, "Access by type", Event Organiser: sessions named by the organiser, each with a
// shareable link (rotating it invalidates the old one) and e-mailed invitations (validated,
// de-duplicated, capped per request); attendees join through the link and are not members. The
// organiser's answers here are counts, never a person.

let t: TestApp;

interface Attendee {
  userId: string;
  name: string;
  email: string;
}
let pool: Attendee[];
let used = 0;

beforeAll(async () => {
  t = await createTestApp();
  // People who completed every set, each with a name and an address the scans below look for.
  const seeded = await seedScoredRespondents(t.pool, Array.from({ length: 60 }, () => ({ birthDate: '1990-01-01', completedAt: '2026-06-15T12:00:00.000Z' })), 31);
  const { rows } = await t.pool.query<{ id: string; email: string; name: string }>(
    `update users set name = 'Attendee ' || substr(md5(email), 1, 10) where email = any($1) returning id, email, name`,
    [seeded.map((person) => person.email)],
  );
  pool = rows.map((row) => ({ userId: row.id, name: row.name, email: row.email }));
});
afterAll(async () => {
  await t?.close();
});

interface Organiser {
  id: string;
  owner: RegisteredUser;
  member: RegisteredUser;
}

async function newOrganiser(): Promise<Organiser> {
  const owner = await registerUser(t, { name: 'Erik Organiser' });
  const organisation = await createOrganisationThroughApi(t, owner);
  // The wizard's event organiser needs a contract plan; the type is what the attendees read.
  await t.pool.query(`update organisations set type = 'event_organiser', name = 'Leeds Tech Week' where id = $1`, [organisation.id]);
  const member = await registerUser(t, { name: 'Mira Member' });
  await addMember(t, organisation.id, member, 'member');
  return { id: organisation.id, owner, member };
}

async function newSession(organiser: Organiser, name: string): Promise<EventSessionView> {
  const response = await t.app.inject({ method: 'POST', url: eventApiPaths.sessions(organiser.id), headers: organiser.owner.headersWithCsrf, payload: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return eventSessionEnvelope.parse(response.json()).data;
}

const tokenOf = (session: EventSessionView) => session.link_path.split('/events/')[1]!;

function join(user: RegisteredUser, token: string) {
  return t.app.inject({ method: 'POST', url: eventApiPaths.join(token), headers: user.headersWithCsrf });
}

function emailInvite(organiser: Organiser, sessionId: string, emails: string) {
  return t.app.inject({ method: 'POST', url: eventApiPaths.emailInvitations(organiser.id, sessionId), headers: organiser.owner.headersWithCsrf, payload: { emails } });
}

async function sessions(organiser: Organiser): Promise<EventSessionView[]> {
  const response = await t.app.inject({ method: 'GET', url: eventApiPaths.sessions(organiser.id), headers: organiser.owner.authHeaders });
  expect(response.statusCode, response.body).toBe(200);
  return eventSessionList.parse(response.json()).data;
}

describe('an event organiser’s sessions and links', () => {
  it('names sessions (each name once), for owners and admins of an event organiser only', async () => {
    const organiser = await newOrganiser();
    const morning = await newSession(organiser, 'Morning keynote');
    expect(morning).toMatchObject({ name: 'Morning keynote', invited: 0, joined: 0, completed: 0 });
    expect(morning.link_path).toMatch(/^\/events\/[\w-]{20,}$/);
    const twice = await t.app.inject({ method: 'POST', url: eventApiPaths.sessions(organiser.id), headers: organiser.owner.headersWithCsrf, payload: { name: 'morning KEYNOTE' } });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.name).toEqual([eventMessages.sessionNameTaken]);
    expect((await t.app.inject({ method: 'GET', url: eventApiPaths.sessions(organiser.id), headers: organiser.member.authHeaders })).statusCode).toBe(403);
    const stranger = await registerUser(t);
    expect((await t.app.inject({ method: 'GET', url: eventApiPaths.sessions(organiser.id), headers: stranger.authHeaders })).statusCode).toBe(404);
    const businessOwner = await registerUser(t);
    const business = await createOrganisationThroughApi(t, businessOwner);
    const notEvent = await t.app.inject({ method: 'GET', url: eventApiPaths.sessions(business.id), headers: businessOwner.authHeaders });
    expect(notEvent.statusCode).toBe(409);
    expect(notEvent.json().message).toBe(eventMessages.notEventOrganiser);
  });

  it('lets anyone logged in join through the link, not as a member; rotating the link makes the old one useless at once', async () => {
    const organiser = await newOrganiser();
    const session = await newSession(organiser, 'Workshop A');
    const oldToken = tokenOf(session);
    const preview = await t.app.inject({ method: 'GET', url: eventApiPaths.invitation(oldToken) });
    expect(preview.json()).toEqual({ data: { event_name: 'Leeds Tech Week', session_name: 'Workshop A' } });
    const attendee = await registerUser(t, { name: 'Quentin Attendee' });
    // Joining needs an account (the CSRF check refuses a request without a session first).
    expect([401, 419]).toContain((await t.app.inject({ method: 'POST', url: eventApiPaths.join(oldToken) })).statusCode);
    expect((await join(attendee, oldToken)).statusCode).toBe(200);
    // Twice: one attendance.
    expect((await join(attendee, oldToken)).statusCode).toBe(200);

    const rotated = await t.app.inject({ method: 'POST', url: eventApiPaths.linkRotate(organiser.id, session.id), headers: organiser.owner.headersWithCsrf });
    expect(rotated.statusCode).toBe(200);
    const newToken = tokenOf(eventSessionEnvelope.parse(rotated.json()).data);
    expect(newToken).not.toBe(oldToken);
    const stale = await t.app.inject({ method: 'GET', url: eventApiPaths.invitation(oldToken) });
    expect(stale.statusCode).toBe(404);
    expect(stale.json().message).toBe(eventMessages.linkInvalid);
    const late = await registerUser(t);
    expect((await join(late, oldToken)).statusCode).toBe(404);
    expect((await join(late, newToken)).statusCode).toBe(200);

    expect((await sessions(organiser))[0]).toMatchObject({ joined: 2, completed: 0 });
    // Attendees are not members: the members list, and their own calls to the organisation, know nothing of them.
    const members = await t.app.inject({ method: 'GET', url: organisationApiPaths.members(organiser.id), headers: organiser.owner.authHeaders });
    expect(members.body).not.toContain('Quentin Attendee');
    expect(members.body).not.toContain(attendee.account.email);
    expect((await t.app.inject({ method: 'GET', url: teamInsightApiPaths.teamOverview(organiser.id), headers: attendee.authHeaders })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: eventApiPaths.sessions(organiser.id), headers: attendee.authHeaders })).statusCode).toBe(404);
    // Only the organiser's owners and admins rotate.
    expect((await t.app.inject({ method: 'POST', url: eventApiPaths.linkRotate(organiser.id, session.id), headers: organiser.member.headersWithCsrf })).statusCode).toBe(403);
  });

  it('e-mails the link to a validated, de-duplicated list of at most 200 addresses, each address once per session', async () => {
    const organiser = await newOrganiser();
    const session = await newSession(organiser, 'Evening panel');
    const first = uniqueEmail('guest');
    const second = uniqueEmail('guest');

    const invalid = await emailInvite(organiser, session.id, `${first}, not-an-address; also@wrong`);
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.emails).toEqual([eventMessages.invalidEmails.replace('{list}', 'not-an-address, also@wrong')]);
    const tooMany = await emailInvite(organiser, session.id, Array.from({ length: maxInvitationEmailsPerRequest + 1 }, (_, index) => `guest${index}@example.com`).join('\n'));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.emails).toEqual([eventMessages.tooManyEmails]);
    expect((await emailInvite(organiser, session.id, ' ,; ')).json().errors.emails).toEqual([eventMessages.noEmails]);
    // Nothing was sent for a refused list.
    expect(await outboxFor(t, first)).toEqual([]);

    const sent = await emailInvite(organiser, session.id, `${first}\n${first.toUpperCase()}; ${second}`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(eventEmailInvitationResult.parse(sent.json()).data).toMatchObject({ sent: 2, already_invited: 0, session: { invited: 2 } });
    const again = eventEmailInvitationResult.parse((await emailInvite(organiser, session.id, `${second}, ${first}`)).json()).data;
    expect(again).toMatchObject({ sent: 0, already_invited: 2, session: { invited: 2 } });

    const deadline = performance.now() + 10_000;
    let mails = await outboxFor(t, first);
    while (mails.length === 0 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      mails = await outboxFor(t, first);
    }
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Leeds Tech Week invites you to Compass');
    expect(mails[0]!.links.some((link) => link.endsWith(session.link_path))).toBe(true);
    // The addresses are kept only as hashes.
    const stored = await t.pool.query('select email_hash from event_session_invitations where session_id = $1', [session.id]);
    expect(JSON.stringify(stored.rows)).not.toContain('@');
  });
});

/** The next completed attendees nobody has used yet. */
function attendees(count: number): Attendee[] {
  const taken = pool.slice(used, used + count);
  used += count;
  if (taken.length < count) throw new Error('the test seeded too few attendees');
  return taken;
}

/** Joins them to the session as the link would (its own tests are above). */
async function joinDirectly(organiser: Organiser, session: EventSessionView, people: Attendee[]): Promise<void> {
  for (const person of people) {
    await t.pool.query('insert into event_attendees (organisation_id, user_id, session_id) values ($1, $2, $3)', [organiser.id, person.userId, session.id]);
  }
}

async function overview(organiser: Organiser, query: Record<string, string> = {}): Promise<TeamOverview> {
  await t.changesSettled();
  const response = await t.app.inject({ method: 'GET', url: teamInsightApiPaths.teamOverview(organiser.id), query, headers: organiser.owner.authHeaders });
  expect(response.statusCode, response.body).toBe(200);
  return teamOverviewEnvelope.parse(response.json()).data;
}

const notEnough = { status: 'suppressed', reason: 'below_minimum', message: teamInsightMessages.notEnoughResponses };

describe('an event organiser’s summarised attendee profiles', () => {
  it('shows "Not enough responses to show this group" for 9 attendees who completed, and the distributions for 10', async () => {
    const organiser = await newOrganiser();
    const session = await newSession(organiser, 'Main hall');
    await joinDirectly(organiser, session, attendees(9));
    // Someone who joined but did not answer does not count; nor do the organiser's own members.
    const unanswered = await registerUser(t);
    expect((await join(unanswered, tokenOf(session))).statusCode).toBe(200);

    const nine = await overview(organiser);
    expect(nine.minimum).toBe(10);
    expect(nine.big5).toEqual(notEnough);
    expect(nine.values).toEqual(notEnough);
    expect(nine.culture).toEqual(notEnough);
    expect(nine.filters.event_sessions).toEqual([{ id: session.id, name: 'Main hall' }]);
    expect(nine.filters.position_titles).toEqual([]);

    await joinDirectly(organiser, session, attendees(1));
    const ten = await overview(organiser);
    if (ten.big5.status !== 'shown' || ten.values.status !== 'shown' || ten.culture.status !== 'shown') throw new Error('expected every set shown');
    expect(ten.big5.respondents).toBe(10);
    expect(ten.big5.domains.length).toBeGreaterThan(0);
    for (const domain of ten.big5.domains) expect(domain.bands.low + domain.bands.average + domain.bands.high).toBe(10);
    expect(ten.values.respondents).toBe(10);
    expect(ten.culture.respondents).toBe(10);
    expect((await sessions(organiser))[0]).toMatchObject({ joined: 11, completed: 10 });

    // The minimum can be raised, never lowered below 10.
    const lowered = await t.app.inject({ method: 'PUT', url: teamInsightApiPaths.groupMinimum(organiser.id), headers: organiser.owner.headersWithCsrf, payload: { minimum: 9 } });
    expect(lowered.statusCode).toBe(422);
  });

  it('filters by session without showing a session below 10, nor one the others could be subtracted from', async () => {
    const organiser = await newOrganiser();
    const [a, b, c] = [await newSession(organiser, 'Session A'), await newSession(organiser, 'Session B'), await newSession(organiser, 'Session C')];
    await joinDirectly(organiser, a, attendees(12));
    await joinDirectly(organiser, b, attendees(10));

    expect((await overview(organiser, { event_session: a.id })).big5).toMatchObject({ status: 'shown', respondents: 12 });
    expect((await overview(organiser, { event_session: b.id })).big5).toMatchObject({ status: 'shown', respondents: 10 });
    expect((await overview(organiser, { event_session: c.id })).big5).toEqual(notEnough);

    // Three people in C: A and B shown beside the whole would give C away (25 - 12 - 10), so the smaller part goes.
    await joinDirectly(organiser, c, attendees(3));
    const whole = await overview(organiser);
    expect(whole.big5).toMatchObject({ status: 'shown', respondents: 25 });
    expect((await overview(organiser, { event_session: c.id })).big5).toEqual(notEnough);
    expect((await overview(organiser, { event_session: b.id })).big5).toEqual({ status: 'suppressed', reason: 'difference', message: teamInsightMessages.hiddenByDifference });
    const shownA = await overview(organiser, { event_session: a.id });
    expect(shownA.big5).toMatchObject({ status: 'shown', respondents: 12 });
    expect(shownA.filter).toEqual({ position_title: null, tenure: null, event_session: a.id });
    // A session of another organiser is no group here.
    const other = await newOrganiser();
    const foreign = await newSession(other, 'Elsewhere');
    expect((await overview(organiser, { event_session: foreign.id })).big5).toEqual(notEnough);
  });

  it('never gives the organiser an attendee’s name, e-mail address or id, in any of its calls', async () => {
    const organiser = await newOrganiser();
    const admin = await registerUser(t, { name: 'Ada Admin' });
    await addMember(t, organiser.id, admin, 'admin');
    const session = await newSession(organiser, 'Hall 2');
    const people = attendees(11);
    await joinDirectly(organiser, session, people);
    await t.changesSettled();
    const reads = [
      eventApiPaths.sessions(organiser.id),
      teamInsightApiPaths.teamOverview(organiser.id),
      `${teamInsightApiPaths.teamOverview(organiser.id)}?event_session=${session.id}`,
      `${teamInsightApiPaths.teamOverview(organiser.id)}?tenure=under_6_months`,
      teamInsightApiPaths.groupMinimum(organiser.id),
      teamInsightApiPaths.sharedResults(organiser.id),
      teamInsightApiPaths.memberResults(organiser.id, people[0]!.userId),
      teamInsightApiPaths.consent(organiser.id),
      teamInsightApiPaths.consents,
      organisationApiPaths.organisation(organiser.id),
      organisationApiPaths.members(organiser.id),
      `${organisationApiPaths.members(organiser.id)}?search=Attendee`,
      organisationApiPaths.membersProgress(organiser.id),
      organisationApiPaths.invitations(organiser.id),
      organisationApiPaths.list,
    ];
    const answers = [];
    for (const viewer of [organiser.owner, admin, organiser.member]) {
      for (const url of reads) answers.push({ url, response: await t.app.inject({ method: 'GET', url, headers: viewer.authHeaders }) });
    }
    answers.push({ url: 'email invitations', response: await emailInvite(organiser, session.id, people.map((person) => person.email).join('\n')) });
    answers.push({ url: 'rotate', response: await t.app.inject({ method: 'POST', url: eventApiPaths.linkRotate(organiser.id, session.id), headers: organiser.owner.headersWithCsrf }) });
    expect(answers.filter(({ response }) => response.statusCode === 200).length).toBeGreaterThan(20);
    for (const { url, response } of answers) {
      const body = response.body.toLowerCase();
      for (const person of people) {
        expect(body, url).not.toContain(person.name.toLowerCase());
        expect(body, url).not.toContain(person.email.toLowerCase());
        expect(body, url).not.toContain(person.userId);
      }
    }
  });
});
