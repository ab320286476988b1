import { organisationApiPaths, teamInsightApiPaths } from '@app/contract/api-paths';
import { teamOverviewEnvelope, type TeamOverview } from '@app/contract/team-insights';
import type { App } from '../../app.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { describeCacheSources } from '../../../test/cache-sources.ts';
import { eventually } from '../../../test/eventually.ts';
import { addMember, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { seedScoredRespondents } from '../../../test/scored-respondents.ts';
import { startSecondInstance, type SecondInstance } from '../../../test/second-instance.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { teamOverviewCacheSources } from './team-overview-cache.ts';

// The team overview's sums from memory (team-overview-cache.ts), with a time to live long enough
// that only the invalidation can make a change show: the database's notifications on every
// instance, and the instance's own eviction when a change to the organisation goes through it.

let t: TestApp;
let second: SecondInstance;
let owner: RegisteredUser;
let organisationId: string;
let people: { userId: string; email: string }[];

async function seedPeople(count: number, seed: number) {
  const seeded = await seedScoredRespondents(t.pool, Array.from({ length: count }, () => ({ birthDate: null, completedAt: '2026-06-15T12:00:00.000Z' })), seed);
  const { rows } = await t.pool.query<{ id: string; email: string }>('select id, email from users where email = any($1)', [seeded.map((person) => person.email)]);
  return rows.map((row) => ({ userId: row.id, email: row.email }));
}

async function overview(app: App): Promise<TeamOverview> {
  const response = await app.inject({ method: 'GET', url: teamInsightApiPaths.teamOverview(organisationId), headers: owner.authHeaders });
  expect(response.statusCode).toBe(200);
  return teamOverviewEnvelope.parse(response.json()).data;
}

const respondentsOf = (answer: TeamOverview) => (answer.big5.status === 'shown' ? answer.big5.respondents : 0);

beforeAll(async () => {
  t = await createTestApp({ env: { TEAM_OVERVIEW_CACHE_TTL_MS: '60000' } });
  second = await startSecondInstance(t);
  await eventually(async () => {
    expect(t.app.teamOverviewCache.live).toBe(true);
    expect(second.app.teamOverviewCache.live).toBe(true);
  });
  owner = await registerUser(t, { name: 'Olga Owner' });
  organisationId = (await createOrganisationThroughApi(t, owner)).id;
  people = await seedPeople(8, 31);
  for (const person of people.slice(0, 6)) await t.pool.query(`insert into organisation_members (organisation_id, user_id, role) values ($1, $2, 'member')`, [organisationId, person.userId]);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('the team overview cache', () => {
  it('shows a new member’s results on every instance once the change is announced', async () => {
    await t.changesSettled();
    await second.changesSettled();
    expect(respondentsOf(await overview(t.app))).toBe(6);
    expect(respondentsOf(await overview(second.app))).toBe(6);

    await t.pool.query(`insert into organisation_members (organisation_id, user_id, role) values ($1, $2, 'member')`, [organisationId, people[6]!.userId]);
    await t.changesSettled();
    await second.changesSettled();
    expect(respondentsOf(await overview(t.app))).toBe(7);
    expect(respondentsOf(await overview(second.app))).toBe(7);
  });

  it('answers a second read without summing again', async () => {
    await overview(t.app);
    const spy = vi.spyOn(t.pool, 'query');
    try {
      await overview(t.app);
      const statements = spy.mock.calls.map(([query]) => (typeof query === 'string' ? query : (query as { text: string }).text));
      expect(statements.some((text) => text.includes('team_result_summaries'))).toBe(false);
      // The group minimum is still read: its change applies at once.
      expect(statements.some((text) => text.includes('organisation_group_minimum_changes'))).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it('follows a rescored set and a changed position title', async () => {
    expect(respondentsOf(await overview(second.app))).toBe(7);
    await t.pool.query(`delete from assessment_results where user_id = $1 and assessment = 'big5'`, [people[0]!.userId]);
    await second.changesSettled();
    expect(respondentsOf(await overview(second.app))).toBe(6);

    expect((await overview(second.app)).filters.position_titles).not.toContain('Sawyer');
    await t.pool.query(`insert into organisation_people (organisation_id, list, position_title, full_name, email) values ($1, 'employee', 'Sawyer', 'S', $2)`, [organisationId, people[1]!.email]);
    await second.changesSettled();
    expect((await overview(second.app)).filters.position_titles).toContain('Sawyer');
  });

  it('forgets the organisation at once on the instance that removes a member', async () => {
    const leaver = await registerUser(t, { name: 'Leo Leaver' });
    await addMember(t, organisationId, leaver, 'member');
    const [scored] = await seedPeople(1, 32);
    // The leaver's account gets a copy of a scored person's results.
    await t.pool.query(
      `insert into assessment_results (user_id, assessment, scores, flags, scoring_version, completed_at, first_completed_at, computed_at)
       select $1, assessment, scores, flags, scoring_version, completed_at, first_completed_at, computed_at from assessment_results where user_id = $2`,
      [leaver.account.id, scored!.userId],
    );
    await t.changesSettled();
    const before = respondentsOf(await overview(t.app));

    const removal = await t.app.inject({ method: 'DELETE', url: organisationApiPaths.member(organisationId, leaver.account.id), headers: owner.headersWithCsrf });
    expect(removal.statusCode).toBe(204);
    // No waiting for the notification: the instance that removed them forgot the sums.
    expect(respondentsOf(await overview(t.app))).toBe(before - 1);
  });
});

describeCacheSources('the team overview', teamOverviewCacheSources, async (app) => {
  const viewer = await registerUser(app, { name: 'Olga Owner' });
  const organisation = await createOrganisationThroughApi(app, viewer);
  // An event organiser's overview reads its attendees and sessions instead of the members' titles.
  const event = await createOrganisationThroughApi(app, viewer);
  await app.pool.query(`update organisations set type = 'event_organiser' where id = $1`, [event.id]);
  const read = (id: string) => app.app.inject({ method: 'GET', url: teamInsightApiPaths.teamOverview(id), headers: viewer.authHeaders });
  return {
    pool: app.pool,
    request: async () => {
      const eventRead = await read(event.id);
      if (eventRead.statusCode !== 200) return eventRead;
      return read(organisation.id);
    },
  };
});
