import { accountApiPaths, assessmentApiPaths, organisationApiPaths, teamInsightApiPaths } from '@app/contract/api-paths';
import { assessmentResultsResponse } from '@app/contract/assessment-results';
import { consentEnvelope, consentList, memberResultsEnvelope, sharedResultsList, teamInsightMessages } from '@app/contract/team-insights';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { addMember, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { answerAllQuestions, completeSignupData } from '../../../test/questionnaire-helpers.ts';
import { startSecondInstance } from '../../../test/second-instance.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 13, "Consent": each member chooses per organisation whether it sees their individual
// results or only the aggregate; aggregate only by default; a change takes effect at once; leaving
// (or being removed) withdraws it; the member reads who sees what. And what the owners and admins
// of a business see of it: a consenting member's results, nobody else's.

let t: TestApp;
let owner: RegisteredUser;
let admin: RegisteredUser;
let respondent: RegisteredUser;
let organisationId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t, { name: 'Olga Owner' });
  admin = await registerUser(t, { name: 'Adam Admin' });
  respondent = await registerUser(t, { name: 'Rita Respondent' });
  await completeSignupData(t, respondent);
  await answerAllQuestions(t, respondent);
  organisationId = (await createOrganisationThroughApi(t, owner)).id;
  await addMember(t, organisationId, admin, 'admin');
  await addMember(t, organisationId, respondent, 'member');
});
afterAll(async () => {
  await t?.close();
});

function readConsent(user: RegisteredUser, id = organisationId) {
  return t.app.inject({ method: 'GET', url: teamInsightApiPaths.consent(id), headers: user.authHeaders });
}

function setConsent(user: RegisteredUser, visibility: string, id = organisationId) {
  return t.app.inject({ method: 'PUT', url: teamInsightApiPaths.consent(id), headers: user.headersWithCsrf, payload: { visibility } });
}

function memberResults(viewer: RegisteredUser, member: RegisteredUser) {
  return t.app.inject({ method: 'GET', url: teamInsightApiPaths.memberResults(organisationId, member.account.id), headers: viewer.authHeaders });
}

async function expectNoConsent(viewer: RegisteredUser, member: RegisteredUser) {
  const response = await memberResults(viewer, member);
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ code: 'forbidden', message: teamInsightMessages.noConsent });
}

describe('a member’s consent', () => {
  it('is aggregate only until the member chooses, and says who sees what', async () => {
    const response = await readConsent(respondent);
    expect(response.statusCode).toBe(200);
    expect(consentEnvelope.parse(response.json()).data).toEqual({
      organisation_id: organisationId,
      organisation_name: 'Oak & Pine Ltd',
      organisation_type: 'business',
      visibility: 'aggregate_only',
      shared_since: null,
      audience: [
        { viewer: 'owner', sees: 'aggregates_only' },
        { viewer: 'admin', sees: 'aggregates_only' },
        { viewer: 'member', sees: 'aggregates_only' },
      ],
      // Shared with no Human Capital Expert (organisation-shares.test.ts lists them).
      experts: [],
    });
    await expectNoConsent(owner, respondent);
  });

  it('once given, shows the member’s results to owners and admins as the member sees them, and to no plain member', async () => {
    const granted = await setConsent(respondent, 'individual');
    expect(granted.statusCode).toBe(200);
    const view = consentEnvelope.parse(granted.json()).data;
    expect(view.visibility).toBe('individual');
    expect(view.shared_since).not.toBeNull();
    expect(view.audience).toEqual([
      { viewer: 'owner', sees: 'individual_results' },
      { viewer: 'admin', sees: 'individual_results' },
      { viewer: 'member', sees: 'aggregates_only' },
    ]);

    const own = assessmentResultsResponse.parse((await t.app.inject({ method: 'GET', url: assessmentApiPaths.results, headers: respondent.authHeaders })).json());
    expect(own.big5).not.toBeNull();
    for (const viewer of [owner, admin]) {
      const response = await memberResults(viewer, respondent);
      expect(response.statusCode).toBe(200);
      expect(memberResultsEnvelope.parse(response.json()).data).toEqual({
        user_id: respondent.account.id,
        name: 'Rita Respondent',
        email: respondent.email,
        shared_since: view.shared_since,
        results: own,
      });
    }
    const list = sharedResultsList.parse((await t.app.inject({ method: 'GET', url: teamInsightApiPaths.sharedResults(organisationId), headers: owner.authHeaders })).json());
    expect(list.data.map((member) => member.name)).toEqual(['Rita Respondent']);

    // A plain member reads nobody's results, not even a consenting colleague's.
    const colleague = await registerUser(t, { name: 'Colin Colleague' });
    await addMember(t, organisationId, colleague, 'member');
    expect((await memberResults(colleague, respondent)).statusCode).toBe(403);
    expect((await memberResults(colleague, respondent)).body).not.toContain('traits');
  });

  it('repeated keeps the time it was first given', async () => {
    const first = consentEnvelope.parse((await readConsent(respondent)).json()).data;
    const again = consentEnvelope.parse((await setConsent(respondent, 'individual')).json()).data;
    expect(again.shared_since).toBe(first.shared_since);
  });

  it('withdrawn, hides the member’s results from the very next request', async () => {
    await setConsent(respondent, 'individual');
    expect((await memberResults(owner, respondent)).statusCode).toBe(200);
    const withdrawn = await setConsent(respondent, 'aggregate_only');
    expect(withdrawn.statusCode).toBe(200);
    expect(consentEnvelope.parse(withdrawn.json()).data).toMatchObject({ visibility: 'aggregate_only', shared_since: null });
    await expectNoConsent(owner, respondent);
    await expectNoConsent(admin, respondent);
    const list = sharedResultsList.parse((await t.app.inject({ method: 'GET', url: teamInsightApiPaths.sharedResults(organisationId), headers: admin.authHeaders })).json());
    expect(list.data).toEqual([]);
  });

  it('withdrawn on one instance, is withdrawn on another at once (nothing caches it)', async () => {
    const second = await startSecondInstance(t);
    try {
      await setConsent(respondent, 'individual');
      const read = () => second.app.inject({ method: 'GET', url: teamInsightApiPaths.memberResults(organisationId, respondent.account.id), headers: owner.authHeaders });
      expect((await read()).statusCode).toBe(200);
      await setConsent(respondent, 'aggregate_only');
      // No waiting for notifications: the very next read on the other instance is refused.
      expect((await read()).statusCode).toBe(403);
    } finally {
      await second.close();
    }
  });

  it('is withdrawn when the member leaves, and does not come back when they rejoin', async () => {
    const leaver = await registerUser(t, { name: 'Leo Leaver' });
    await addMember(t, organisationId, leaver, 'member');
    await setConsent(leaver, 'individual');
    expect((await memberResults(owner, leaver)).statusCode).toBe(200);

    const left = await t.app.inject({ method: 'DELETE', url: organisationApiPaths.member(organisationId, leaver.account.id), headers: leaver.headersWithCsrf });
    expect(left.statusCode).toBe(204);
    expect((await memberResults(owner, leaver)).statusCode).toBe(404);
    expect((await readConsent(leaver)).statusCode).toBe(404);
    const { rows } = await t.pool.query('select 1 from organisation_result_consents where organisation_id = $1 and user_id = $2', [organisationId, leaver.account.id]);
    expect(rows).toEqual([]);

    await addMember(t, organisationId, leaver, 'member');
    expect(consentEnvelope.parse((await readConsent(leaver)).json()).data.visibility).toBe('aggregate_only');
    await expectNoConsent(owner, leaver);
  });

  it('is withdrawn when an admin removes the member', async () => {
    const removed = await registerUser(t, { name: 'Rob Removed' });
    await addMember(t, organisationId, removed, 'member');
    await setConsent(removed, 'individual');
    const removal = await t.app.inject({ method: 'DELETE', url: organisationApiPaths.member(organisationId, removed.account.id), headers: admin.headersWithCsrf });
    expect(removal.statusCode).toBe(204);
    expect((await memberResults(owner, removed)).statusCode).toBe(404);
    await addMember(t, organisationId, removed, 'member');
    await expectNoConsent(owner, removed);
  });

  it('is chosen per organisation, and listed for every organisation the member belongs to', async () => {
    const otherOwner = await registerUser(t, { name: 'Otto Other' });
    const other = await createOrganisationThroughApi(t, otherOwner, {});
    await t.pool.query('update organisations set name = $2 where id = $1', [other.id, 'Birch Co']);
    await addMember(t, other.id, respondent, 'member');
    await setConsent(respondent, 'individual', other.id);
    await setConsent(respondent, 'aggregate_only');

    const list = consentList.parse((await t.app.inject({ method: 'GET', url: teamInsightApiPaths.consents, headers: respondent.authHeaders })).json());
    expect(list.data.map((entry) => [entry.organisation_name, entry.visibility])).toEqual([
      ['Birch Co', 'individual'],
      ['Oak & Pine Ltd', 'aggregate_only'],
    ]);
    await expectNoConsent(owner, respondent);
    const otherView = await t.app.inject({ method: 'GET', url: teamInsightApiPaths.memberResults(other.id, respondent.account.id), headers: otherOwner.authHeaders });
    expect(otherView.statusCode).toBe(200);
  });

  it('belongs to the member alone: another organisation’s id is a 404, a choice outside the two a 422', async () => {
    const outsider = await registerUser(t, { name: 'Olive Outsider' });
    expect((await readConsent(outsider)).statusCode).toBe(404);
    expect((await setConsent(outsider, 'individual')).statusCode).toBe(404);
    const { rows } = await t.pool.query('select 1 from organisation_result_consents where user_id = $1', [outsider.account.id]);
    expect(rows).toEqual([]);
    const invalid = await setConsent(respondent, 'everyone');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.visibility).toEqual(['Choose aggregate only or individual results']);
  });

  it('is gone with the member’s account', async () => {
    const deleted = await registerUser(t, { name: 'Dora Deleted' });
    await addMember(t, organisationId, deleted, 'member');
    await setConsent(deleted, 'individual');
    const deletion = await t.app.inject({ method: 'DELETE', url: accountApiPaths.deleteAccount, headers: deleted.headersWithCsrf, payload: { password: deleted.password } });
    expect(deletion.statusCode).toBe(204);
    expect((await memberResults(owner, deleted)).statusCode).toBe(404);
  });
});
