import { organisationApiPaths, teamInsightApiPaths } from '@app/contract/api-paths';
import { groupMinimumEnvelope, teamInsightMessages, teamOverviewEnvelope, tenureBands, type TeamOverview, type TenureBand } from '@app/contract/team-insights';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { addMember, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { seedScoredRespondents, type ScoredRespondent } from '../../../test/scored-respondents.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 13, "Team insights": the team overview from the members who completed each set (invited or
// unfinished people never count), a group below the minimum answered with 'Not enough responses to
// show this group' and no values, filters by position title and tenure that can neither narrow a
// group below the minimum nor show two groups differing by fewer than it, and the minimum's log.

interface Respondent extends ScoredRespondent {
  userId: string;
}

let t: TestApp;
let pool: Respondent[];
let used = 0;

beforeAll(async () => {
  t = await createTestApp();
  const seeded = await seedScoredRespondents(
    t.pool,
    Array.from({ length: 400 }, () => ({ birthDate: '1990-01-01', completedAt: '2026-06-15T12:00:00.000Z' })),
    13,
  );
  const { rows } = await t.pool.query<{ id: string; email: string }>('select id, email from users where email = any($1)', [seeded.map((person) => person.email)]);
  const ids = new Map(rows.map((row) => [row.email, row.id]));
  pool = seeded.map((person) => ({ ...person, userId: ids.get(person.email)! }));
});
afterAll(async () => {
  await t?.close();
});

/** The next respondents nobody has used yet (each organisation gets its own people). */
function respondents(count: number): Respondent[] {
  const taken = pool.slice(used, used + count);
  used += count;
  if (taken.length < count) throw new Error('the test seeded too few respondents');
  return taken;
}

interface Joining {
  title?: string;
  /** Months since the membership started. */
  monthsAgo?: number;
}

async function join(organisationId: string, person: Respondent, { title, monthsAgo = 1 }: Joining = {}): Promise<void> {
  await t.pool.query(`insert into organisation_members (organisation_id, user_id, role, created_at) values ($1, $2, 'member', now() - make_interval(months => $3))`, [
    organisationId,
    person.userId,
    monthsAgo,
  ]);
  if (title !== undefined) {
    await t.pool.query(`insert into organisation_people (organisation_id, list, position_title, full_name, email) values ($1, 'employee', $2, 'Someone', $3)`, [
      organisationId,
      title,
      person.email,
    ]);
  }
}

async function newOrganisation(): Promise<{ owner: RegisteredUser; id: string }> {
  const owner = await registerUser(t, { name: 'Olga Owner' });
  const organisation = await createOrganisationThroughApi(t, owner);
  return { owner, id: organisation.id };
}

async function overview(viewer: RegisteredUser, organisationId: string, query: Record<string, string> = {}): Promise<TeamOverview> {
  // The rows this file writes directly reach a cached overview through the database's notifications.
  await t.changesSettled();
  const response = await t.app.inject({ method: 'GET', url: teamInsightApiPaths.teamOverview(organisationId), query, headers: viewer.authHeaders });
  expect(response.statusCode, response.body).toBe(200);
  return teamOverviewEnvelope.parse(response.json()).data;
}

const notEnough = { status: 'suppressed', reason: 'below_minimum', message: teamInsightMessages.notEnoughResponses };

describe('the team overview', () => {
  it('counts only members who completed the set, and shows nothing of a group below the minimum', async () => {
    const { owner, id } = await newOrganisation();
    const people = respondents(5);
    for (const person of people.slice(0, 4)) await join(id, person);
    // Invited people never count; nor does someone who has not finished a set.
    const invite = await t.app.inject({ method: 'POST', url: organisationApiPaths.invitations(id), headers: owner.headersWithCsrf, payload: { email: 'invited@example.com' } });
    expect(invite.statusCode, invite.body).toBe(201);
    const unfinished = respondents(1)[0]!;
    await join(id, unfinished);
    await t.pool.query(`delete from assessment_results where user_id = $1 and assessment in ('big5', 'values')`, [unfinished.userId]);

    const small = await overview(owner, id);
    expect(small.minimum).toBe(5);
    expect(small.big5).toEqual(notEnough);
    expect(small.values).toEqual(notEnough);
    // The unfinished member completed the environment set: 5 respondents there.
    expect(small.culture).toMatchObject({ status: 'shown', respondents: 5 });

    await join(id, people[4]!);
    const shown = await overview(owner, id);
    if (shown.big5.status !== 'shown' || shown.values.status !== 'shown' || shown.culture.status !== 'shown') throw new Error('expected every set shown');
    expect(shown.big5.respondents).toBe(5);
    expect(shown.values.respondents).toBe(5);
    expect(shown.culture.respondents).toBe(6);

    // The numbers are the five people's results as each of them sees them.
    const traits = people[0]!.results.big5!.traits.map((trait) => trait.id);
    expect(shown.big5.domains.map((domain) => domain.id)).toEqual(traits);
    for (const domain of shown.big5.domains) {
      const scores = people.map((person) => person.results.big5!.traits.find((trait) => trait.id === domain.id)!);
      expect(domain.mean).toBeCloseTo(scores.reduce((sum, trait) => sum + trait.score, 0) / 5, 1);
      expect(domain.bands).toEqual({
        low: scores.filter((trait) => trait.band === 'low').length,
        average: scores.filter((trait) => trait.band === 'average').length,
        high: scores.filter((trait) => trait.band === 'high').length,
      });
    }
    for (const value of shown.values.values) {
      const expected = people.filter((person) => person.results.values!.top_values.some((entry) => entry.id === value.id && entry.rank <= 3)).length;
      expect(value.top_three, value.id).toBe(expected);
      expect(value.share).toBeCloseTo((expected / 5) * 100, 1);
    }
    expect(shown.values.values.map((value) => value.top_three)).toEqual([...shown.values.values.map((value) => value.top_three)].sort((a, b) => b - a));
    const culturePeople = [...people, unfinished];
    for (const preference of shown.culture.preferences) {
      const shares = culturePeople.map((person) => person.results.environment!.culture_mix.find((entry) => entry.id === preference.id)!.share);
      expect(preference.mean_share).toBeCloseTo(shares.reduce((sum, share) => sum + share, 0) / 6, 1);
    }
    expect(shown.culture.preferences.reduce((sum, preference) => sum + preference.preferred_by, 0)).toBe(6);
  });

  it('is read by every member, and never carries a name or an e-mail address', async () => {
    const { id } = await newOrganisation();
    const people = respondents(6);
    for (const person of people) await join(id, person);
    const member = await registerUser(t, { name: 'Mia Member' });
    await addMember(t, id, member, 'member');
    const response = await t.app.inject({ method: 'GET', url: teamInsightApiPaths.teamOverview(id), headers: member.authHeaders });
    expect(response.statusCode).toBe(200);
    for (const person of people) {
      expect(response.body).not.toContain(person.email);
      expect(response.body).not.toContain(person.userId);
    }
  });

  it('filters by position title and tenure, suppressing a small group and one that differs from the whole team by a few', async () => {
    const { owner, id } = await newOrganisation();
    const people = respondents(19);
    // 8 carpenters who joined 3 years ago, 3 new carpenters, 8 joiners of a year and a half.
    for (const person of people.slice(0, 8)) await join(id, person, { title: 'Carpenter', monthsAgo: 36 });
    for (const person of people.slice(8, 11)) await join(id, person, { title: 'Carpenter', monthsAgo: 2 });
    for (const person of people.slice(11)) await join(id, person, { title: 'Joiner', monthsAgo: 18 });

    const whole = await overview(owner, id);
    expect(whole.big5).toMatchObject({ status: 'shown', respondents: 19 });
    expect(whole.filter).toEqual({ position_title: null, tenure: null });
    expect(whole.filters).toEqual({ position_titles: ['Carpenter', 'Director', 'Joiner'], tenures: [...tenureBands] });

    const carpenters = await overview(owner, id, { position_title: 'Carpenter' });
    expect(carpenters.filter).toEqual({ position_title: 'Carpenter', tenure: null });
    expect(carpenters.big5).toMatchObject({ status: 'shown', respondents: 11 });
    const joiners = await overview(owner, id, { position_title: 'Joiner' });
    expect(joiners.big5).toMatchObject({ status: 'shown', respondents: 8 });

    // 3 new carpenters: below the minimum.
    expect((await overview(owner, id, { position_title: 'Carpenter', tenure: 'under_6_months' })).big5).toEqual(notEnough);
    // The 8 long-serving carpenters differ from all 11 carpenters by 3: hidden, and why.
    const longServing = await overview(owner, id, { position_title: 'Carpenter', tenure: 'over_2_years' });
    expect(longServing.big5).toEqual({ status: 'suppressed', reason: 'difference', message: teamInsightMessages.hiddenByDifference });
    // A title nobody holds is an empty group.
    expect((await overview(owner, id, { position_title: 'Astronaut' })).big5).toEqual(notEnough);
  });

  it('follows a rescored set and a deleted result with the next request', async () => {
    const { owner, id } = await newOrganisation();
    const people = respondents(6);
    for (const person of people) await join(id, person);
    const before = await overview(owner, id);
    if (before.big5.status !== 'shown') throw new Error('expected BIG5 shown');
    const first = before.big5.domains[0]!;

    // A revised answer rescores the set: here everyone's first domain moves to 100 (high).
    await t.pool.query(
      `update assessment_results set scores = jsonb_set(scores, '{traits,0}', (scores->'traits'->0) || '{"score": 100, "band": "high"}'::jsonb) where assessment = 'big5' and user_id = any($1)`,
      [people.map((person) => person.userId)],
    );
    const rescored = await overview(owner, id);
    if (rescored.big5.status !== 'shown') throw new Error('expected BIG5 shown');
    expect(rescored.big5.domains[0]).toEqual({ id: first.id, label: first.label, mean: 100, bands: { low: 0, average: 0, high: 6 } });

    await t.pool.query(`delete from assessment_results where assessment = 'big5' and user_id = $1`, [people[0]!.userId]);
    expect((await overview(owner, id)).big5).toMatchObject({ status: 'shown', respondents: 5 });
    await t.pool.query(`delete from assessment_results where assessment = 'big5' and user_id = $1`, [people[1]!.userId]);
    expect((await overview(owner, id)).big5).toEqual(notEnough);
  });

  it('leaves out a set scored under other scales (an older bank) instead of adding it up by position', async () => {
    const { owner, id } = await newOrganisation();
    const people = respondents(6);
    for (const person of people) await join(id, person);
    // One person's BIG5 result as an older bank would have scored it: its first domain has another id.
    await t.pool.query(
      `update assessment_results set scores = jsonb_set(scores, '{traits,0,id}', '"old_openness"'), computed_at = computed_at - interval '1 year' where assessment = 'big5' and user_id = $1`,
      [people[0]!.userId],
    );
    await t.pool.query(`update team_result_summaries set updated_at = now() - interval '1 year' where user_id = $1`, [people[0]!.userId]);
    const answer = await overview(owner, id);
    expect(answer.big5).toMatchObject({ status: 'shown', respondents: 5 });
    expect(answer.values).toMatchObject({ status: 'shown', respondents: 6 });
  });

  it('answers a filter outside the offered tenure bands with 422', async () => {
    const { owner, id } = await newOrganisation();
    const response = await t.app.inject({ method: 'GET', url: teamInsightApiPaths.teamOverview(id), query: { tenure: 'forever' }, headers: owner.authHeaders });
    expect(response.statusCode).toBe(422);
  });

  it('never shows, through any filter combination, a group under the minimum or two groups differing by fewer (generated memberships)', async () => {
    const titles = ['Carpenter', 'Joiner', 'Director'];
    const member = fc.record({ title: fc.option(fc.constantFrom(...titles), { freq: 4 }), tenure: fc.constantFrom<TenureBand>(...tenureBands), answered: fc.constantFrom(true, true, true, false) });
    const combos = [null, ...titles].flatMap((title) => [null, ...tenureBands].map((tenure) => ({ title, tenure })));
    const months: Record<TenureBand, number> = { under_6_months: 2, '6_to_12_months': 8, '1_to_2_years': 18, over_2_years: 30 };
    let mostShown = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(member, { minLength: 3, maxLength: 30 }), fc.integer({ min: 3, max: 5 }), async (members, minimum) => {
        const { owner, id } = await newOrganisation();
        await t.app.inject({ method: 'PUT', url: teamInsightApiPaths.groupMinimum(id), headers: owner.headersWithCsrf, payload: { minimum } });
        const people = respondents(members.length);
        for (const [index, spec] of members.entries()) {
          const person = people[index]!;
          await join(id, person, { ...(spec.title === null ? {} : { title: spec.title }), monthsAgo: months[spec.tenure] });
          if (!spec.answered) await t.pool.query(`delete from assessment_results where user_id = $1 and assessment = 'big5'`, [person.userId]);
        }
        const shown: Set<number>[] = [];
        for (const combo of combos) {
          const query = { ...(combo.title ? { position_title: combo.title } : {}), ...(combo.tenure ? { tenure: combo.tenure } : {}) };
          const answer = await overview(owner, id, query);
          const selected = new Set(
            members.flatMap((spec, index) => (spec.answered && (combo.title === null || spec.title === combo.title) && (combo.tenure === null || spec.tenure === combo.tenure) ? [index] : [])),
          );
          if (answer.big5.status === 'shown') {
            expect(answer.big5.respondents).toBe(selected.size);
            expect(selected.size).toBeGreaterThanOrEqual(minimum);
            shown.push(selected);
          }
        }
        for (const first of shown) {
          for (const second of shown) {
            const difference = [...first].filter((index) => !second.has(index)).length + [...second].filter((index) => !first.has(index)).length;
            if (difference > 0) expect(difference).toBeGreaterThanOrEqual(minimum);
          }
        }
        mostShown = Math.max(mostShown, new Set(shown.map((group) => [...group].sort().join())).size);
      }),
      { numRuns: 8, seed: 13 },
    );
    // The generated teams did let several different groups through, so the checks above checked something.
    expect(mostShown).toBeGreaterThanOrEqual(2);
  });
});

describe('the group minimum', () => {
  it('is changed by an owner or admin, recorded with who and when, and applied to the overview', async () => {
    const { owner, id } = await newOrganisation();
    const initial = groupMinimumEnvelope.parse((await t.app.inject({ method: 'GET', url: teamInsightApiPaths.groupMinimum(id), headers: owner.authHeaders })).json()).data;
    expect(initial).toEqual({ minimum: 5, default: 5, floor: 3, changes: [] });

    // Before anyone answered, it may go down.
    const changed = await t.app.inject({ method: 'PUT', url: teamInsightApiPaths.groupMinimum(id), headers: owner.headersWithCsrf, payload: { minimum: 4 } });
    expect(changed.statusCode).toBe(200);
    // A retried request records nothing more.
    await t.app.inject({ method: 'PUT', url: teamInsightApiPaths.groupMinimum(id), headers: owner.headersWithCsrf, payload: { minimum: 4 } });
    const log = groupMinimumEnvelope.parse((await t.app.inject({ method: 'GET', url: teamInsightApiPaths.groupMinimum(id), headers: owner.authHeaders })).json()).data;
    expect(log.minimum).toBe(4);
    expect(log.changes).toHaveLength(1);
    expect(log.changes[0]).toMatchObject({ minimum: 4, changed_by: { user_id: owner.account.id, name: 'Olga Owner' } });
    expect(Date.now() - Date.parse(log.changes[0]!.changed_at)).toBeLessThan(60_000);

    for (const person of respondents(4)) await join(id, person);
    const now = await overview(owner, id);
    expect(now.minimum).toBe(4);
    expect(now.big5).toMatchObject({ status: 'shown', respondents: 4 });
  });

  it('only goes up once people have answered, so no group hidden before is shown to whoever saw it hidden', async () => {
    const { owner, id } = await newOrganisation();
    for (const person of respondents(4)) await join(id, person);
    expect((await overview(owner, id)).big5).toEqual(notEnough);

    const lower = await t.app.inject({ method: 'PUT', url: teamInsightApiPaths.groupMinimum(id), headers: owner.headersWithCsrf, payload: { minimum: 4 } });
    expect(lower.statusCode).toBe(422);
    expect(lower.json().errors.minimum).toEqual([teamInsightMessages.minimumOnlyRaised]);
    expect((await overview(owner, id)).big5).toEqual(notEnough);

    const higher = await t.app.inject({ method: 'PUT', url: teamInsightApiPaths.groupMinimum(id), headers: owner.headersWithCsrf, payload: { minimum: 6 } });
    expect(higher.statusCode).toBe(200);
    const back = await t.app.inject({ method: 'PUT', url: teamInsightApiPaths.groupMinimum(id), headers: owner.headersWithCsrf, payload: { minimum: 5 } });
    expect(back.statusCode).toBe(422);
    const log = groupMinimumEnvelope.parse((await t.app.inject({ method: 'GET', url: teamInsightApiPaths.groupMinimum(id), headers: owner.authHeaders })).json()).data;
    expect(log).toMatchObject({ minimum: 6, changes: [{ minimum: 6 }] });
  });

  it('is never below 3, and for an event organiser never below 10 (10 by default)', async () => {
    const { owner, id } = await newOrganisation();
    const tooLow = await t.app.inject({ method: 'PUT', url: teamInsightApiPaths.groupMinimum(id), headers: owner.headersWithCsrf, payload: { minimum: 2 } });
    expect(tooLow.statusCode).toBe(422);
    expect(tooLow.json().errors.minimum).toEqual(['The group minimum cannot be lower than 3.']);
    const notWhole = await t.app.inject({ method: 'PUT', url: teamInsightApiPaths.groupMinimum(id), headers: owner.headersWithCsrf, payload: { minimum: 4.5 } });
    expect(notWhole.statusCode).toBe(422);

    await t.pool.query(`update organisations set type = 'event_organiser' where id = $1`, [id]);
    // An event organiser's overview counts its attendees (event-attendees module), by session.
    const { rows } = await t.pool.query<{ id: string }>(`insert into event_sessions (organisation_id, name, link_token) values ($1, 'Main hall', md5(random()::text)) returning id`, [id]);
    const attend = (person: Respondent) => t.pool.query('insert into event_attendees (organisation_id, user_id, session_id) values ($1, $2, $3)', [id, person.userId, rows[0]!.id]);
    const people = respondents(9);
    for (const person of people) await attend(person);
    const nine = await overview(owner, id);
    expect(nine.minimum).toBe(10);
    expect(nine.big5).toEqual(notEnough);
    const belowTen = await t.app.inject({ method: 'PUT', url: teamInsightApiPaths.groupMinimum(id), headers: owner.headersWithCsrf, payload: { minimum: 9 } });
    expect(belowTen.statusCode).toBe(422);
    expect(belowTen.json().errors.minimum).toEqual(['The group minimum cannot be lower than 10.']);
    await attend(respondents(1)[0]!);
    expect((await overview(owner, id)).big5).toMatchObject({ status: 'shown', respondents: 10 });
  });
});
