import { accountApiPaths, teamInsightApiPaths } from '@app/contract/api-paths';
import { personalDataExport, type PersonalDataExport } from '@app/contract/personal-data-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { addMember, businessOrganisationRequest, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { answerAllQuestions, completeSignupData, postAnswer, questionOf, requestQuestion } from '../../../test/questionnaire-helpers.ts';
import { allReady, buyReports, waitForReports } from '../../../test/report-helpers.ts';
import { seededSkus } from '../../../test/shop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { personalDataExportRule } from './routes.ts';

// Issue 14 "Personal data": GET /api/user/export, everything about the caller as one JSON file.

let t: TestApp;
let person: RegisteredUser;
let other: RegisteredUser;
let changedItemId: string;
let ownOrganisationId: string;
let joinedOrganisationId: string;

beforeAll(async () => {
  t = await createTestApp();
  person = await registerUser(t, { name: 'Ada Everything' });
  other = await registerUser(t, { name: 'Otto Other' });
  for (const user of [person, other]) await completeSignupData(t, user);

  // Answers, one changed afterwards (its history keeps both).
  const firstQuestion = questionOf(await requestQuestion(t, person));
  if (!firstQuestion) throw new Error('no first question');
  changedItemId = firstQuestion.question.id;
  await answerAllQuestions(t, person);
  const [first, second] = [...firstQuestion.question.choices].sort((a, b) => a.order - b.order);
  const answered = questionOf(await requestQuestion(t, person, changedItemId))?.answer_choice;
  const changeTo = answered === first?.id ? second : first;
  const change = await postAnswer(t, person, changedItemId, { choice_id: changeTo?.id });
  expect([200, 204]).toContain(change.statusCode);
  await answerAllQuestions(t, other);

  // An order and its report, for both people.
  await buyReports(t, person, seededSkus.big5);
  await buyReports(t, other, seededSkus.values);
  await waitForReports(t, person, allReady(1));

  // An organisation the person owns, one they joined with consent, and an invitation to them.
  ownOrganisationId = (await createOrganisationThroughApi(t, person)).id;
  const otherRequest = await businessOrganisationRequest(t);
  joinedOrganisationId = (await createOrganisationThroughApi(t, other, { details: { ...otherRequest.details, name: 'Other Org' } })).id;
  await addMember(t, joinedOrganisationId, person, 'member');
  const consent = await t.app.inject({ method: 'PUT', url: teamInsightApiPaths.consent(joinedOrganisationId), headers: person.headersWithCsrf, payload: { visibility: 'individual' } });
  expect(consent.statusCode, consent.body).toBe(200);
  await t.pool.query(
    `insert into organisation_invitations (organisation_id, email, role, token_hash, status, invited_by, expires_at) values ($1, $2, 'admin', 'hash-1', 'pending', $3, now() + interval '7 days')`,
    [joinedOrganisationId, person.email.toUpperCase(), other.account.id],
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function exportOf(user: RegisteredUser) {
  const response = await t.app.inject({ method: 'GET', url: accountApiPaths.personalDataExport, headers: user.authHeaders });
  expect(response.statusCode, response.body).toBe(200);
  return { response, data: personalDataExport.parse(response.json()) };
}

describe('GET /api/user/export', () => {
  let exported: PersonalDataExport;
  let headers: Record<string, unknown>;
  beforeAll(async () => {
    const { response, data } = await exportOf(person);
    exported = data;
    headers = response.headers;
  });

  it('answers a JSON file to save, never cached', () => {
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(headers['content-disposition']).toMatch(/^attachment; filename="compass-personal-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(headers['cache-control']).toBe('private, no-store');
    expect(exported).toMatchObject({ format: 'compass-personal-data', version: 1 });
  });

  it('holds the profile, birth details and the policies accepted at sign-up', () => {
    expect(exported.profile).toMatchObject({ id: person.account.id, name: 'Ada Everything', email: person.email, has_password: true, google_sign_in: false });
    expect(exported.birth_details).toMatchObject({ birth_date: '1988-03-09', birth_time: '07:45:00', birth_city: 'Porto', birth_country: 'Portugal', timezone: 'Europe/Lisbon' });
    expect(exported.policy_acceptances.map((acceptance) => acceptance.policy).sort()).toEqual(['privacy_policy', 'terms']);
    expect(exported.logins.length).toBeGreaterThan(0);
  });

  it('holds every answer with its history: the changed one twice, the current answer the latest', () => {
    const changed = exported.questionnaire.answers.find((answer) => answer.item_id === changedItemId);
    expect(changed?.history).toHaveLength(2);
    expect(changed?.current?.choice_value).toBe(changed?.history[1]?.choice_value);
    expect(changed?.history[0]?.choice_value).not.toBe(changed?.history[1]?.choice_value);
    const others = exported.questionnaire.answers.filter((answer) => answer.item_id !== changedItemId);
    expect(others.length).toBeGreaterThan(50);
    expect(others.every((answer) => answer.history.length === 1 && answer.current !== null)).toBe(true);
  });

  it('holds the scores of the three assessments', () => {
    expect(exported.questionnaire.results.map((result) => result.assessment).sort()).toEqual(['big5', 'environment', 'values']);
    expect(exported.questionnaire.results.every((result) => Object.keys(result.scores).length > 0)).toBe(true);
  });

  it('holds the order, its invoice with a link and its payment, and the report with a link', () => {
    expect(exported.orders).toHaveLength(1);
    const order = exported.orders[0];
    expect(order).toMatchObject({ status: 'paid', lines: [expect.objectContaining({ sku: seededSkus.big5 })] });
    expect(order?.billing.email).not.toBe('');
    expect(exported.invoices).toEqual([{ order_id: order?.id, order_number: order?.number, issued_at: order?.paid_at, total: order?.total, url: `${t.config.publicUrl}/api/orders/${order?.id}/invoice` }]);
    expect(exported.payment_transactions).toEqual([expect.objectContaining({ status: 'succeeded', amount: order?.total })]);
    expect(exported.reports).toHaveLength(1);
    const report = exported.reports[0];
    expect(report).toMatchObject({ type: 'big5', status: 'ready', url: `${t.config.publicUrl}/report/big5/${report?.id}` });
    expect(report?.editions).toEqual([expect.objectContaining({ edition: 1 })]);
  });

  it('holds both memberships with their role and the team-insights consent, and the invitation received', () => {
    const byId = new Map(exported.organisations.map((membership) => [membership.organisation_id, membership]));
    expect(byId.get(ownOrganisationId)).toMatchObject({ role: 'owner', individual_results_shared: false, individual_results_shared_since: null });
    expect(byId.get(joinedOrganisationId)).toMatchObject({ organisation_name: 'Other Org', role: 'member', individual_results_shared: true });
    expect(exported.organisations).toHaveLength(2);
    expect(exported.invitations_received).toEqual([expect.objectContaining({ organisation_name: 'Other Org', role: 'admin', status: 'pending' })]);
  });

  it('never holds anything of another person', async () => {
    const text = JSON.stringify(exported);
    expect(text).not.toContain(other.account.id);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain('Otto Other');
    expect(text).not.toContain(seededSkus.values);
    const theirs = (await exportOf(other)).data;
    expect(JSON.stringify(theirs)).not.toContain(person.account.id);
    expect(theirs.orders.map((order) => order.lines[0]?.sku)).toEqual([seededSkus.values]);
    expect(theirs.organisations.map((membership) => membership.organisation_id)).toEqual([joinedOrganisationId]);
    expect(theirs.invitations_received).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: accountApiPaths.personalDataExport });
    expect(response.statusCode).toBe(401);
  });

  it(`is rate limited: ${personalDataExportRule.limit} an hour per account, then 429`, async () => {
    const user = await registerUser(t);
    for (let call = 0; call < personalDataExportRule.limit; call += 1) {
      expect((await t.app.inject({ method: 'GET', url: accountApiPaths.personalDataExport, headers: user.authHeaders })).statusCode).toBe(200);
    }
    const refused = await t.app.inject({ method: 'GET', url: accountApiPaths.personalDataExport, headers: user.authHeaders });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_many_requests' });
    // Another account is not held back by it.
    expect((await t.app.inject({ method: 'GET', url: accountApiPaths.personalDataExport, headers: other.authHeaders })).statusCode).toBe(200);
  });
});
