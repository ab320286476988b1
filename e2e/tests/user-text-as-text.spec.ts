import { accountApiPaths, eventApiPaths, organisationApiPaths, teamInsightApiPaths } from '@app/contract/api-paths';
import { eventSessionEnvelope } from '@app/contract/event-attendees';
import { organisationShareApiPaths } from '@app/contract/organisation-shares';
import type { TokenPair } from '@app/contract/auth';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { csrfHeaders, signInBrowser, verifyEmailThroughApi } from '../support/api.ts';
import { createUserThroughApi, expect, test, uniqueEmail } from '../support/accounts.ts';
import { createOrganisationThroughApi } from '../support/organisations.ts';
import { mailTo, waitForMailLink } from '../support/outbox.ts';
import { addToBasketThroughApi, berlinBilling, checkoutThroughApi } from '../support/shop.ts';

// Issue 14, "Bad input": names and texts people type, with markup and script in them, show as text
// on every page that shows them. Each text is a label and the payload; on each page the text must
// be visible exactly as typed, no element may have been made from it (no image with src "x", no
// script naming __xss) and its scripts must not have run (window.__xss stays undefined). The data
// is arranged through the API; the pages are the ones a user opens.

const payload = `<img src=x onerror="window.__xss=1">"'&<script>window.__xss=2</script>`;
const typed = (label: string) => `${label} ${payload}`;

const bearer = (session: TokenPair) => ({ Authorization: `Bearer ${session.access_token}` });
const screenshotDir = process.env.E2E_SCREENSHOT_DIR;

/** With E2E_SCREENSHOT_DIR set, keeps the page as it looks, to be looked at. */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (screenshotDir) await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage });
}

/**
 * The page's content (not the sidebar, which shows the signed-in user's name everywhere) shows
 * `text` as text, made no element from it, and ran none of its script.
 */
async function expectShownAsText(page: Page, text: string): Promise<void> {
  await expect(page.getByRole('main').getByText(text).filter({ visible: true }).first()).toBeVisible();
  await expectNothingRan(page);
}

async function expectNothingRan(page: Page): Promise<void> {
  const found = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    images: document.querySelectorAll('img[src="x"], [onerror]').length,
    scripts: Array.from(document.scripts).filter((script) => script.text.includes('__xss')).length,
  }));
  expect(found).toEqual({ xss: undefined, images: 0, scripts: 0 });
}

async function send(request: APIRequestContext, method: 'post' | 'put' | 'patch', url: string, session: TokenPair, data?: object): Promise<void> {
  const response = await request[method](url, { headers: { ...bearer(session), ...(await csrfHeaders(request)) }, ...(data ? { data } : {}) });
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
}

test.describe('typed names with markup and script show as text', () => {
  test('on a person’s own pages: dashboard, user menu, profile and billing details', async ({ page, request }) => {
    const person = await createUserThroughApi(request, 'xss-person', { name: typed('Ada'), birthDetails: true });
    await send(request, 'put', accountApiPaths.billingDetails, person.session, {
      name: typed('Billing'),
      billing_email: 'billing@example.com',
      address_line_1: typed('1 Market'),
      city: 'Leeds',
      postal_code: 'LS1 1AA',
      country: 'GB',
    });
    await signInBrowser(page, person.session);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: `Welcome, ${typed('Ada')}` })).toBeVisible();
    await expectShownAsText(page, typed('Ada'));
    await shot(page, 'person-dashboard');
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: /^Ada </ }).click();
    await expect(page.getByRole('menu')).toContainText(typed('Ada'));
    await expectNothingRan(page);
    await page.keyboard.press('Escape');

    await page.goto('/settings/profile');
    await expect(page.getByLabel('Name')).toHaveValue(typed('Ada'));
    await expectNothingRan(page);

    await page.goto('/settings/billing');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(typed('Billing'));
    await expect(page.getByLabel('Address line 1')).toHaveValue(typed('1 Market'));
    await shot(page, 'person-billing');
    await expectNothingRan(page);

    // A report bought with the name typed at checkout: the report's cover on the web, and the
    // order confirmation e-mail (escaped in its HTML, as typed in its text).
    await addToBasketThroughApi(request, person.session, 'REPORT-BIG5');
    await checkoutThroughApi(request, person.session, { billing: { ...berlinBilling, email: person.email, first_name: typed('Ada'), last_name: 'Lovelace' } });
    await page.goto('/reports');
    await page.getByRole('link', { name: 'View BIG5 personality report' }).click({ timeout: 60_000 });
    await expectShownAsText(page, typed('Ada'));
    await shot(page, 'person-report', false);
    await expect.poll(async () => (await mailTo(request, person.email)).find((mail) => mail.subject.startsWith('Your Compass order'))?.text ?? '', { timeout: 15_000 }).toContain(`Hello ${typed('Ada')} Lovelace,`);
    const confirmation = (await mailTo(request, person.email)).find((mail) => mail.subject.startsWith('Your Compass order'));
    expect(confirmation?.html).not.toMatch(/<img|<script|onerror="/i);
    expect(confirmation?.html).toContain('Ada &lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;');
  });

  test('on an organisation’s pages, its members’ and an invitation’s', async ({ page, request, browser }) => {
    test.setTimeout(180_000);
    const owner = await createUserThroughApi(request, 'xss-owner', { name: typed('Olga'), birthDetails: true });
    const member = await createUserThroughApi(request, 'xss-member', { name: typed('Mira'), birthDetails: true });
    const expertOwner = await createUserThroughApi(request, 'xss-expert', { name: 'Hana Expert', birthDetails: true });
    const organisationName = typed('Oak');
    const organisationId = await createOrganisationThroughApi(request, owner.session, {
      name: organisationName,
      details: {
        business_description: `${typed('We build furniture.')} ${'We design and build office furniture from reclaimed oak and pine for small teams. '.repeat(4)}`,
        users: [{ position_title: typed('Lead'), full_name: typed('Ulla'), email: uniqueEmail('xss-user') }],
        employees: [1, 2, 3].map((index) => ({ position_title: typed('Carpenter'), name: typed(`Employee${index}`), email: uniqueEmail(`xss-employee${index}`) })),
      },
    });
    const expertName = typed('Expert');
    await createOrganisationThroughApi(request, expertOwner.session, { name: expertName, type: 'human_capital_expert' });

    // Active with the test card; the billing details renamed; a share offered to the expert.
    const year = new Date().getUTCFullYear() + 3;
    await send(request, 'post', organisationApiPaths.activate(organisationId), owner.session, {
      idempotency_key: randomUUID(),
      payment: { method: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: year, cvc: '123' } },
    });
    await send(request, 'patch', organisationApiPaths.billingDetails(organisationId), owner.session, {
      name: typed('Billing'),
      billing_email: 'billing@example.com',
      address_line_1: typed('12 Market'),
      city: 'Leeds',
      postal_code: 'LS1 1AA',
      country: 'GB',
    });
    await send(request, 'post', organisationShareApiPaths.shares(organisationId), owner.session, { expert_owner_email: expertOwner.email, scope: ['maintain_people', 'aggregates'] });

    // The member opens the e-mailed invitation: it names the organisation.
    await send(request, 'post', organisationApiPaths.invitations(organisationId), owner.session, { email: member.email });
    await verifyEmailThroughApi(request, member.email, member.session);
    const invitation = new URL(await waitForMailLink(request, member.email, /\/invitations\/[A-Za-z0-9_-]{43}/));
    const memberContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const memberPage = await memberContext.newPage();
    await signInBrowser(memberPage, member.session);
    await memberPage.goto(invitation.pathname);
    await expect(memberPage.getByRole('heading', { level: 1 })).toHaveText(`${organisationName} invites you to join as a member`);
    await expectShownAsText(memberPage, organisationName);
    await shot(memberPage, 'invitation');
    await memberPage.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(memberPage).not.toHaveURL(/\/invitations\//);
    await expectNothingRan(memberPage);
    await send(request, 'put', teamInsightApiPaths.consent(organisationId), member.session, { visibility: 'individual' });
    await memberPage.goto('/settings/organisations');
    await expectShownAsText(memberPage, organisationName);
    await memberContext.close();

    // The owner: the profile switcher, then the organisation's dashboard, members, billing,
    // team insights and sharing.
    await signInBrowser(page, owner.session);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Switch profile, current:/ }).click();
    const asOrganisation = page.getByRole('menuitemradio', { name: new RegExp(`^${organisationName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
    await expect(asOrganisation).toContainText(organisationName);
    await expectNothingRan(page);
    await asOrganisation.click();
    await expect(page.getByRole('button', { name: /^Switch profile, current:/ })).toContainText(organisationName);
    await expectShownAsText(page, organisationName);
    await expectShownAsText(page, typed('Mira'));
    // The long names are cut in the progress card, which stays clear of the plan beside it.
    const progress = await page.getByRole('region', { name: 'Questionnaire progress' }).boundingBox();
    const plan = await page.getByRole('region', { name: 'Plan' }).boundingBox();
    expect(progress && plan && progress.x + progress.width <= plan.x).toBe(true);
    await shot(page, 'organisation-dashboard');

    await page.goto(`/organization/${organisationId}/members`);
    await expectShownAsText(page, typed('Mira'));
    await expectShownAsText(page, typed('Olga'));
    // A toast names the member too.
    await page.getByRole('button', { name: `Actions for ${typed('Mira')}` }).click();
    await page.getByRole('menuitem', { name: 'Make admin' }).click();
    await expect(page.getByText(`${typed('Mira')} is now admin.`)).toBeVisible();
    await shot(page, 'organisation-members');
    await expectNothingRan(page);

    await page.goto('/settings/billing');
    await expectShownAsText(page, typed('Billing'));
    await shot(page, 'organisation-billing');

    await page.goto(`/organization/${organisationId}/insights`);
    await expectShownAsText(page, typed('Mira'));
    await shot(page, 'organisation-insights');
    // The member's shared results, under her name.
    await page.getByRole('link', { name: `View the results of ${typed('Mira')}` }).click();
    await expectShownAsText(page, typed('Mira'));
    await shot(page, 'member-results');

    await page.goto(`/organization/${organisationId}/sharing`);
    await expectShownAsText(page, expertName);
    await shot(page, 'organisation-sharing');

    // The expert's owner sees the client's name on the Clients page.
    const expertContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const expertPage = await expertContext.newPage();
    await signInBrowser(expertPage, expertOwner.session);
    await expertPage.goto('/dashboard');
    await expertPage.getByRole('button', { name: /^Switch profile, current:/ }).click();
    await expertPage.getByRole('menuitemradio', { name: /^Expert / }).click();
    await expertPage.getByRole('link', { name: 'Clients' }).click();
    await expectShownAsText(expertPage, organisationName);
    await shot(expertPage, 'expert-clients');
    // Once accepted, the client's employees with the names and position titles its owner typed.
    const client = expertPage.getByRole('region', { name: organisationName });
    await client.getByRole('button', { name: 'Accept' }).click();
    await client.getByRole('link', { name: 'Employees and contractors' }).click();
    await expectShownAsText(expertPage, typed('Employee1'));
    await expectShownAsText(expertPage, typed('Carpenter'));
    await shot(expertPage, 'client-people');
    await expertContext.close();
  });

  test('on an investor’s portfolio, an event’s sessions and the links they send', async ({ page, request, browser }) => {
    test.setTimeout(120_000);
    const investor = await createUserThroughApi(request, 'xss-investor', { name: 'Ivana Investor', birthDetails: true });
    const representative = await createUserThroughApi(request, 'xss-representative', { name: 'Rita Representative', birthDetails: true });
    await verifyEmailThroughApi(request, representative.email, representative.session);
    const investorName = typed('Fund');
    const companyName = typed('Startup');
    const investorId = await createOrganisationThroughApi(request, investor.session, { name: investorName, type: 'investor', details: { portfolio_companies: [{ company_name: companyName, representative_email: representative.email }] } });
    const eventName = typed('Summit');
    const sessionName = typed('Morning');
    const eventId = await createOrganisationThroughApi(request, investor.session, { name: eventName, type: 'event_organiser', details: { nature_of_event: 'A week of talks and workshops for people who build software.' } });
    const created = await request.post(eventApiPaths.sessions(eventId), { headers: { ...bearer(investor.session), ...(await csrfHeaders(request)) }, data: { name: sessionName } });
    expect(created.status(), await created.text()).toBe(201);
    const eventLink = eventSessionEnvelope.parse(await created.json()).data.link_path;

    // The investor's Portfolio page lists the company; its invitation names both.
    await signInBrowser(page, investor.session);
    await page.goto(`/organization/${investorId}/portfolio`);
    await expectShownAsText(page, companyName);
    await page.getByRole('listitem', { name: companyName }).getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByRole('listitem', { name: companyName }).getByText('Invitation waiting')).toBeVisible();
    await expectNothingRan(page);
    // The event's Attendees page lists the session.
    await page.goto(`/organization/${eventId}/attendees`);
    await expectShownAsText(page, sessionName);
    await shot(page, 'event-attendees');

    const representativeContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const representativePage = await representativeContext.newPage();
    await signInBrowser(representativePage, representative.session);
    await representativePage.goto(new URL(await waitForMailLink(request, representative.email, /\/portfolio-invitations\/[A-Za-z0-9_-]{43}/)).pathname);
    await expectShownAsText(representativePage, investorName);
    await expectShownAsText(representativePage, companyName);
    await shot(representativePage, 'portfolio-invitation');
    // The session's shared link, opened by someone else: the event's and the session's names.
    await representativePage.goto(eventLink);
    await expectShownAsText(representativePage, eventName);
    await expectShownAsText(representativePage, sessionName);
    await shot(representativePage, 'event-link');
    await representativeContext.close();
  });
});
