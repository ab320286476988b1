import { organisationApiPaths, teamInsightApiPaths } from '@app/contract/api-paths';
import { teamInsightMessages } from '@app/contract/team-insights';
import type { APIRequestContext } from '@playwright/test';
import { csrfHeaders, signInBrowser, verifyEmailThroughApi } from '../support/api.ts';
import { createUserThroughApi, expect, test } from '../support/accounts.ts';
import { expectAccessibleInBothSchemes } from '../support/axe.ts';
import { createOrganisationThroughApi } from '../support/organisations.ts';
import { waitForMailLink } from '../support/outbox.ts';

// Issue 13's team overview in the built product: the owner of a business with four people who
// answered the questionnaire (the owner and three members) sees 'Not enough responses to show this
// group' for every set; once a fifth accepts, the distributions with the group's size, and never
// a name. Memberships are arranged through the API (the invitation pages have their own specs).

type Session = Awaited<ReturnType<typeof createUserThroughApi>>['session'];
const bearer = (session: Session) => ({ Authorization: `Bearer ${session.access_token}` });

/** A new account that answered the whole questionnaire, invited by the owner, verified and accepted. */
async function joinedMember(request: APIRequestContext, owner: Session, organisationId: string, label: string): Promise<void> {
  const member = await createUserThroughApi(request, label, { name: `Person ${label}`, birthDetails: true });
  const invite = await request.post(organisationApiPaths.invitations(organisationId), { headers: { ...bearer(owner), ...(await csrfHeaders(request)) }, data: { email: member.email } });
  expect(invite.status(), await invite.text()).toBe(201);
  await verifyEmailThroughApi(request, member.email, member.session);
  const token = new URL(await waitForMailLink(request, member.email, /\/invitations\/[A-Za-z0-9_-]{43}/)).pathname.split('/').at(-1)!;
  const accept = await request.post(organisationApiPaths.invitationAccept(token), { headers: { ...bearer(member.session), ...(await csrfHeaders(request)) } });
  expect(accept.status(), await accept.text()).toBe(200);
}

test('an owner sees the team overview only once five people answered', async ({ page, request }) => {
  test.setTimeout(240_000);
  const owner = await createUserThroughApi(request, 'insights-owner', { name: 'Olga Owner', birthDetails: true });
  const organisationId = await createOrganisationThroughApi(request, owner.session, { name: 'Insight Works' });
  for (const label of ['a', 'b', 'c']) await joinedMember(request, owner.session, organisationId, `insights-${label}`);

  // Four people answered: the owner and three members.
  await signInBrowser(page, owner.session);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Switch profile, current:/ }).click();
  await page.getByRole('menuitemradio', { name: /Insight Works/ }).click();
  await page.getByRole('navigation', { name: 'Organisation Insight Works' }).getByRole('link', { name: 'Team insights' }).click();
  await expect(page.getByRole('heading', { name: 'Team insights', level: 1 })).toBeVisible();
  for (const set of ['Personality (BIG5)', 'Top values', 'Culture preferences']) {
    await expect(page.getByRole('region', { name: set }).getByText(teamInsightMessages.notEnoughResponses)).toBeVisible();
  }
  await expect(page.getByRole('table')).toHaveCount(0);

  // A fifth joins: the distributions, with the group's size, and never a name.
  await joinedMember(request, owner.session, organisationId, 'insights-d');
  await page.reload();
  const big5 = page.getByRole('region', { name: 'Personality (BIG5)' });
  await expect(big5.getByText('5 people answered')).toBeVisible();
  await expect(big5.getByRole('table', { name: 'People per band, and the average score' }).getByRole('row')).toHaveCount(6);
  await expect(page.getByRole('region', { name: 'Top values' }).getByText('5 people answered')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Culture preferences' }).getByText('5 people answered')).toBeVisible();
  // The chart drew (recharts loaded on demand).
  await expect(big5.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Team overview' })).not.toContainText('Person insights');
  // The server's overview carries no name either.
  const overview = await request.get(teamInsightApiPaths.teamOverview(organisationId), { headers: bearer(owner.session) });
  expect(await overview.text()).not.toMatch(/Person insights|@example\.com/);

  // The page with its charts, and Settings › Organisations, pass the axe scan in both appearances.
  await expectAccessibleInBothSchemes(page);
  await page.goto('/settings/organisations');
  await expect(page.getByRole('radio', { name: /Aggregate only/ })).toBeChecked();
  await expectAccessibleInBothSchemes(page);
});
