import { eventApiPaths, organisationApiPaths, portfolioApiPaths, teamInsightApiPaths } from '@app/contract/api-paths';
import { eventSessionEnvelope } from '@app/contract/event-attendees';
import { teamInsightMessages } from '@app/contract/team-insights';
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { csrfHeaders, signInBrowser, verifyEmailThroughApi } from '../support/api.ts';
import { createUserThroughApi, expect, test } from '../support/accounts.ts';
import { createOrganisationThroughApi } from '../support/organisations.ts';
import { waitForMailLink } from '../support/outbox.ts';

// Issue 13's investor and event organiser in the built product: an investor links a portfolio
// company and reads its team overview without being able to change anything; an event organiser
// with 9 attendees who answered sees 'Not enough responses to show this group', with 10 the
// distributions, and never a name. People, organisations and answers are arranged through the API
// (the questionnaire as team-insights.spec.ts answers it); what is judged happens in the browser.

type Session = Awaited<ReturnType<typeof createUserThroughApi>>['session'];
const bearer = (session: Session) => ({ Authorization: `Bearer ${session.access_token}` });

async function useOrganisationProfile(page: Page, name: string): Promise<void> {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Switch profile, current:/ }).click();
  await page.getByRole('menuitemradio', { name: new RegExp(name) }).click();
}

test('an investor reads a portfolio company’s team overview and cannot change anything there', async ({ page, request }) => {
  test.setTimeout(240_000);
  const run = randomUUID().slice(0, 8);
  const investor = await createUserThroughApi(request, 'investor', { name: 'Ivana Investor', birthDetails: true });
  const representative = await createUserThroughApi(request, 'representative', { name: 'Rita Representative', birthDetails: true });
  await verifyEmailThroughApi(request, representative.email, representative.session);
  const companyId = await createOrganisationThroughApi(request, representative.session, { name: `Acme Robotics ${run}` });
  await createOrganisationThroughApi(request, investor.session, { name: `Northwind Capital ${run}`, type: 'investor', details: { portfolio_companies: [{ company_name: 'Acme Robotics', representative_email: representative.email }] } });

  // The investor invites the representative from the Portfolio page (the wizard listed the company).
  await signInBrowser(page, investor.session);
  await useOrganisationProfile(page, `Northwind Capital ${run}`);
  await page.getByRole('navigation', { name: `Organisation Northwind Capital ${run}` }).getByRole('link', { name: 'Portfolio' }).click();
  await expect(page.getByRole('heading', { name: 'Portfolio', level: 1 })).toBeVisible();
  const company = page.getByRole('listitem', { name: 'Acme Robotics' });
  await expect(company.getByText('Not invited yet')).toBeVisible();
  await company.getByRole('button', { name: 'Invite' }).click();
  await expect(company.getByText('Invitation waiting')).toBeVisible();
  await expect(company.getByRole('link', { name: /team overview/ })).toHaveCount(0);

  // The representative links their company's organisation (the link from the e-mail).
  const token = new URL(await waitForMailLink(request, representative.email, /\/portfolio-invitations\/[A-Za-z0-9_-]{43}/)).pathname.split('/').at(-1)!;
  const accepted = await request.post(portfolioApiPaths.invitationAccept(token), { headers: { ...bearer(representative.session), ...(await csrfHeaders(request)) }, data: { organisation_id: companyId } });
  expect(accepted.status(), await accepted.text()).toBe(200);

  await page.reload();
  await expect(company.getByText('Linked', { exact: true })).toBeVisible();
  await company.getByRole('link', { name: 'Acme Robotics’s team overview' }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/${companyId}/insights`));
  await expect(page.getByRole('heading', { name: 'Team insights', level: 1 })).toBeVisible();
  // One person answered there: every set kept back, as for the company's own people.
  for (const set of ['Personality (BIG5)', 'Top values', 'Culture preferences']) {
    await expect(page.getByRole('region', { name: set }).getByText(teamInsightMessages.notEnoughResponses)).toBeVisible();
  }
  // Read-only: no group minimum to change, no consent, no person's results, no button that writes.
  await expect(page.getByRole('heading', { name: /Group minimum/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Members who share/ })).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('button', { name: /Save|Change|Remove|Invite/ })).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText('Rita Representative');
  // And the server refuses every write there.
  const writes = [
    await request.put(teamInsightApiPaths.groupMinimum(companyId), { headers: { ...bearer(investor.session), ...(await csrfHeaders(request)) }, data: { minimum: 3 } }),
    await request.get(teamInsightApiPaths.sharedResults(companyId), { headers: bearer(investor.session) }),
  ];
  for (const response of writes) expect(response.status()).toBe(403);
  const invite = await request.post(organisationApiPaths.invitations(companyId), { headers: { ...bearer(investor.session), ...(await csrfHeaders(request)) }, data: { email: `intruder-${run}@example.com`, role: 'admin' } });
  expect(invite.status()).toBe(404);
});

test('an event organiser sees “Not enough responses” with 9 attendees who answered, the distributions with 10, and never a name', async ({ page, request }) => {
  test.setTimeout(420_000);
  const run = randomUUID().slice(0, 8);
  const organiser = await createUserThroughApi(request, 'organiser', { name: 'Erik Organiser', birthDetails: true });
  const eventId = await createOrganisationThroughApi(request, organiser.session, { name: `Leeds Tech Week ${run}`, type: 'event_organiser', details: { nature_of_event: 'A week of talks and workshops for people who build software.' } });
  const created = await request.post(eventApiPaths.sessions(eventId), { headers: { ...bearer(organiser.session), ...(await csrfHeaders(request)) }, data: { name: 'Main hall' } });
  expect(created.status(), await created.text()).toBe(201);
  const session = eventSessionEnvelope.parse(await created.json()).data;
  const token = session.link_path.split('/events/')[1]!;

  const attendees: { name: string; email: string }[] = [];
  async function attend(index: number): Promise<void> {
    const name = `Attendee ${run} ${index}`;
    const person = await createUserThroughApi(request, `attendee-${index}`, { name, birthDetails: true });
    const joined = await request.post(eventApiPaths.join(token), { headers: { ...bearer(person.session), ...(await csrfHeaders(request)) } });
    expect(joined.status(), await joined.text()).toBe(200);
    attendees.push({ name, email: person.email });
  }
  for (let index = 1; index <= 9; index++) await attend(index);

  await signInBrowser(page, organiser.session);
  await useOrganisationProfile(page, `Leeds Tech Week ${run}`);
  await page.getByRole('navigation', { name: `Organisation Leeds Tech Week ${run}` }).getByRole('link', { name: 'Attendees' }).click();
  const card = page.getByRole('listitem', { name: 'Main hall' });
  await expect(card.getByText('Joined').locator('xpath=following-sibling::dd')).toHaveText('9');
  await expect(card.getByText('Answered everything').locator('xpath=following-sibling::dd')).toHaveText('9');
  await card.getByRole('link', { name: 'Team overview of this session' }).click();
  await expect(page.getByRole('heading', { name: 'Team insights', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Event session')).toHaveValue(session.id);
  for (const set of ['Personality (BIG5)', 'Top values', 'Culture preferences']) {
    await expect(page.getByRole('region', { name: set }).getByText(teamInsightMessages.notEnoughResponses)).toBeVisible();
  }
  await expect(page.getByRole('table')).toHaveCount(0);

  // The tenth answers: the distributions, with the group's size.
  await attend(10);
  await page.reload();
  const big5 = page.getByRole('region', { name: 'Personality (BIG5)' });
  await expect(big5.getByText('10 people answered')).toBeVisible();
  await expect(big5.getByRole('table', { name: 'People per band, and the average score' }).getByRole('row')).toHaveCount(6);
  await expect(page.getByRole('region', { name: 'Top values' }).getByText('10 people answered')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Culture preferences' }).getByText('10 people answered')).toBeVisible();
  // Never a name or an address: not on the page, not in the Attendees page, not in what the server sent.
  const seen: string[] = [await page.getByRole('main').innerText()];
  await page.goto(`/organization/${eventId}/attendees`);
  await expect(page.getByRole('listitem', { name: 'Main hall' }).getByText('Joined').locator('xpath=following-sibling::dd')).toHaveText('10');
  seen.push(await page.getByRole('main').innerText());
  for (const url of [eventApiPaths.sessions(eventId), teamInsightApiPaths.teamOverview(eventId), `${teamInsightApiPaths.teamOverview(eventId)}?event_session=${session.id}`, organisationApiPaths.members(eventId)]) {
    seen.push(await (await request.get(url, { headers: bearer(organiser.session) })).text());
  }
  for (const text of seen) {
    for (const attendee of attendees) {
      expect(text).not.toContain(attendee.name);
      expect(text.toLowerCase()).not.toContain(attendee.email.toLowerCase());
    }
  }
});
