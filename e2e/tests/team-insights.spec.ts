import AxeBuilder from '@axe-core/playwright';
import { organisationApiPaths, teamInsightApiPaths } from '@app/contract/api-paths';
import { organisationEnvelope } from '@app/contract/organisations';
import { teamInsightMessages } from '@app/contract/team-insights';
import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { csrfHeaders, signInBrowser } from '../support/api.ts';
import { createUserThroughApi, expect, test } from '../support/accounts.ts';
import { waitForMailLink, verificationLinkPattern } from '../support/outbox.ts';
import { catalogueThroughApi } from '../support/shop.ts';

// Issue 13's team overview in the built product: the owner of a business with four people who
// answered the questionnaire (the owner and three members) sees 'Not enough responses to show this
// group' for every set; once a fifth accepts, the distributions with the group's size, and never
// a name. Memberships are arranged through the API (the invitation pages have their own specs).

type Session = Awaited<ReturnType<typeof createUserThroughApi>>['session'];
const bearer = (session: Session) => ({ Authorization: `Bearer ${session.access_token}` });

const description = 'We design and build office furniture from reclaimed oak and pine, and fit out workplaces for small teams. '.repeat(4);

async function createBusiness(request: APIRequestContext, owner: Session): Promise<string> {
  const service = (await catalogueThroughApi(request, owner)).find((product) => product.sku === 'SERVICE-TEAM-PROFILES');
  if (!service) throw new Error('the catalogue has no team profiles service');
  const response = await request.post(organisationApiPaths.list, {
    headers: { ...bearer(owner), ...(await csrfHeaders(request)) },
    data: {
      creation_key: randomUUID(),
      type: 'business',
      services: [{ product_id: service.id, quantity: service.minimum_quantity }],
      details: {
        name: 'Insight Works',
        address: '12 Market Street, Leeds',
        registration_number: '09876543',
        vat_code: 'GB123456789',
        business_description: description,
        users: [{ position_title: 'Director', full_name: 'Zofia Director', email: `zofia-${Date.now()}@example.com` }],
        employees: [1, 2, 3].map((index) => ({ position_title: 'Carpenter', name: `Employee ${index}`, email: `employee${index}-${Date.now()}@example.com` })),
      },
      plan: 'monthly',
      billing_details: { name: 'Insight Works', billing_email: 'billing@example.com', address_line_1: '12 Market Street', city: 'Leeds', postal_code: 'LS1 1AA', country: 'GB' },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return organisationEnvelope.parse(await response.json()).data.id;
}

/** A new account that answered the whole questionnaire, invited by the owner, verified and accepted. */
async function joinedMember(request: APIRequestContext, owner: Session, organisationId: string, label: string): Promise<void> {
  const member = await createUserThroughApi(request, label, { name: `Person ${label}`, birthDetails: true });
  const invite = await request.post(organisationApiPaths.invitations(organisationId), { headers: { ...bearer(owner), ...(await csrfHeaders(request)) }, data: { email: member.email } });
  expect(invite.status(), await invite.text()).toBe(201);
  const verification = new URL(await waitForMailLink(request, member.email, verificationLinkPattern));
  const [, , id, hash] = verification.pathname.split('/');
  const verify = await request.post('/api/email/verify', {
    headers: { ...bearer(member.session), ...(await csrfHeaders(request)) },
    data: { id, hash, expires: Number(verification.searchParams.get('expires')), signature: verification.searchParams.get('signature') },
  });
  expect(verify.status(), await verify.text()).toBe(200);
  const token = new URL(await waitForMailLink(request, member.email, /\/invitations\/[A-Za-z0-9_-]{43}/)).pathname.split('/').at(-1)!;
  const accept = await request.post(organisationApiPaths.invitationAccept(token), { headers: { ...bearer(member.session), ...(await csrfHeaders(request)) } });
  expect(accept.status(), await accept.text()).toBe(200);
}

/** No axe violation in light mode (every rule), then in dark mode (the colour rules), as accessibility.spec.ts scans. */
async function expectAccessibleInBothSchemes(page: Page): Promise<void> {
  const violations = async (builder: AxeBuilder) => (await builder.analyze()).violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(await violations(new AxeBuilder({ page })), 'light mode').toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  expect(await violations(new AxeBuilder({ page }).withRules(['color-contrast', 'link-in-text-block'])), 'dark mode').toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('an owner sees the team overview only once five people answered', async ({ page, request }) => {
  test.setTimeout(240_000);
  const owner = await createUserThroughApi(request, 'insights-owner', { name: 'Olga Owner', birthDetails: true });
  const organisationId = await createBusiness(request, owner.session);
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
