import AxeBuilder from '@axe-core/playwright';
import { reportApiPaths } from '@app/contract/api-paths';
import type { TokenPair } from '@app/contract/auth';
import { reportList } from '@app/contract/reports';
import type { APIRequestContext, Page } from '@playwright/test';
import { signInBrowser } from '../support/api.ts';
import { createUserThroughApi, expect, test } from '../support/accounts.ts';
import { createOrganisationThroughApi } from '../support/organisations.ts';
import { addToBasketThroughApi, checkoutThroughApi, testCards } from '../support/shop.ts';
import { dateField, userMenuButton } from '../support/ui.ts';

// Issues 2 and 14: an axe scan of each page finds no violations, in light and in dark mode, at a
// desktop's and a phone's width. Pages are scanned as a user finds them, and in the states that
// add content: inline validation messages, an open suggestion list, an open menu. The pages that
// show a user's data (basket, checkout, orders, reports, organisations) are scanned for a user
// who has some: a paid report, a refused payment, a basket, and an organisation of each type.

/** The two widths every page is scanned at: the desktop layout and a phone's (sidebar as a drawer). */
const widths = {
  desktop: { width: 1280, height: 720 },
  mobile: { width: 390, height: 844 },
} as const;
type Width = keyof typeof widths;

interface PageCase {
  /** The test's name for the page (its path, plus the state when there is one). */
  name: string;
  path: string;
  /** The heading that says the page's content is there. */
  ready: string | RegExp;
  /** Brings the page into the state to scan (for signed-in pages, `name` is the user's). */
  prepare?: (page: Page, name: string) => Promise<void>;
  /** axe rules not checked in this state, with the reason beside the case. */
  skipRules?: string[];
  /** The widths the state exists at (both unless said). */
  only?: Width;
}

const guestPages: PageCase[] = [
  { name: '/login', path: '/login', ready: 'Log in to your account' },
  {
    name: '/login with validation messages and an error',
    path: '/login',
    ready: 'Log in to your account',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByText('Field is required')).toHaveCount(2);
      await page.getByLabel('Email address').fill(`nobody-${Date.now()}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('Wr0ng!Passw0rd#2026');
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
    },
  },
  { name: '/signup', path: '/signup', ready: 'Create an account' },
  {
    name: '/signup with validation messages',
    path: '/signup',
    ready: 'Create an account',
    prepare: async (page) => {
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByText('You must accept the terms and conditions')).toBeVisible();
    },
  },
  { name: '/forgot-password', path: '/forgot-password', ready: 'Forgot your password?' },
  {
    name: '/forgot-password after sending',
    path: '/forgot-password',
    ready: 'Forgot your password?',
    prepare: async (page) => {
      await page.getByLabel('Email address').fill(`nobody-${Date.now()}@example.com`);
      await page.getByRole('button', { name: 'Email me a reset link' }).click();
      await expect(page.getByRole('status')).toBeVisible();
    },
  },
  { name: '/reset-password/{token}', path: '/reset-password/some-token?email=ada%40example.com', ready: 'Choose a new password' },
  {
    name: '/reset-password/{token} with an invalid link',
    path: '/reset-password/some-token?email=ada%40example.com',
    ready: 'Choose a new password',
    prepare: async (page) => {
      await page.getByLabel('New password', { exact: true }).fill('Str0ng!Passw0rd#2026');
      await page.getByLabel('Confirm new password').fill('Str0ng!Passw0rd#2026');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
    },
  },
  { name: '/privacy-policy', path: '/privacy-policy', ready: 'Privacy policy' },
  { name: '/terms-of-service', path: '/terms-of-service', ready: 'Terms of service' },
  { name: 'NotFound', path: '/no/such/page', ready: 'Page not found' },
];

const signedInPages: PageCase[] = [
  { name: '/dashboard', path: '/dashboard', ready: /^Welcome, / },
  {
    name: '/dashboard with the user menu open',
    path: '/dashboard',
    ready: /^Welcome, /,
    prepare: async (page, name) => {
      await userMenuButton(page, name).click();
      await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    },
    // The open menu is portalled to the end of <body>, outside the landmarks (Radix); axe's
    // best-practice 'region' rule flags its wrapper. Everything else, WCAG rules included, is checked.
    skipRules: ['region'],
    // On a phone the sidebar (and its user menu) is in the drawer: the next case.
    only: 'desktop',
  },
  {
    name: '/dashboard with the menu drawer open',
    path: '/dashboard',
    ready: /^Welcome, /,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    },
    only: 'mobile',
  },
  { name: '/signup-data', path: '/signup-data', ready: 'Your birth details' },
  {
    name: '/signup-data with validation messages and place suggestions',
    path: '/signup-data',
    ready: 'Your birth details',
    prepare: async (page) => {
      await dateField(page, 'Day').fill('');
      await dateField(page, 'Month').fill('13');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Month must be between 1 and 12')).toBeVisible();
      await page.getByRole('button', { name: 'Clear the place of birth' }).click();
      await page.getByRole('combobox', { name: 'Place of birth' }).fill('zur');
      await expect(page.getByRole('option').first()).toBeVisible();
      await page.getByRole('combobox', { name: 'Place of birth' }).press('ArrowDown');
    },
  },
  { name: '/verify-email', path: '/verify-email', ready: 'Check your inbox' },
  { name: '/verify-email/{id}/{hash} with an invalid link', path: '/verify-email/1/abc?expires=1&signature=abc', ready: 'We could not verify your email' },
  { name: '/settings/profile', path: '/settings/profile', ready: 'Profile information' },
  { name: '/settings/password', path: '/settings/password', ready: 'Update password' },
  {
    name: '/settings/password with validation messages',
    path: '/settings/password',
    ready: 'Update password',
    prepare: async (page) => {
      await page.getByLabel('New password').fill('short');
      await page.getByRole('button', { name: 'Save password' }).click();
      await expect(page.getByText('Please confirm your password')).toBeVisible();
    },
  },
  { name: '/settings/appearance', path: '/settings/appearance', ready: 'Appearance settings' },
  {
    // Issue 16: Settings › Billing, its form loaded.
    name: '/settings/billing',
    path: '/settings/billing',
    ready: 'Billing details',
    prepare: async (page) => {
      await expect(page.getByLabel('Address line 1')).toBeVisible();
    },
  },
  {
    name: '/settings/billing with validation messages',
    path: '/settings/billing',
    ready: 'Billing details',
    prepare: async (page) => {
      // Nothing is saved: the shared account's details stay as they are.
      await page.getByLabel('Billing email').fill('ada@');
      await page.getByRole('button', { name: 'Save billing details' }).click();
      await expect(page.getByText('Must be a valid email')).toBeVisible();
    },
  },
  { name: '/settings/confirm-password', path: '/settings/confirm-password', ready: 'Confirm your password' },
  { name: 'NotFound', path: '/no/such/page', ready: 'Page not found' },
];

interface ScanOptions {
  /** axe rules left out, each with the reason in the caller. */
  skipRules?: string[];
}

/** The rules whose outcome depends on the colours: all that can change between light and dark. */
const colourRules = ['color-contrast', 'link-in-text-block'];

async function expectNoViolations(page: Page, scheme: 'light' | 'dark', { skipRules = [] }: ScanOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).disableRules(skipRules);
  if (scheme === 'dark') builder = builder.withRules(colourRules.filter((rule) => !skipRules.includes(rule)));
  const results = await builder.analyze();
  const violations = results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(violations, `${scheme} mode`).toEqual([]);
}

/**
 * Scans the page as it is (light, every rule), then once more after the OS switched to dark
 * (appearance: system): the same page with other colours, so the colour rules.
 */
async function expectNoViolationsInBothSchemes(page: Page, options?: ScanOptions): Promise<void> {
  await expectNoViolations(page, 'light', options);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
  // Fields fade their colours (transition-colors): scan the dark colours, not a frame half-way.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  await expectNoViolations(page, 'dark', options);
}

/**
 * Opens the page at each width it exists at (a fresh load, so the layout is the width's own),
 * brings it into its state, and scans it in both schemes.
 */
async function scanAtBothWidths(page: Page, { path, ready, prepare, skipRules, only }: Omit<PageCase, 'name'>, userName: string): Promise<void> {
  for (const width of Object.keys(widths) as Width[]) {
    if (only && only !== width) continue;
    await test.step(`${width} width`, async () => {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize(widths[width]);
      await page.goto(path);
      await expect(page.getByRole('heading', { name: ready, exact: true })).toBeVisible();
      await prepare?.(page, userName);
      await expectNoViolationsInBothSchemes(page, { skipRules });
    });
  }
}

test.use({ colorScheme: 'light' });

for (const { name, ...pageCase } of guestPages) {
  test(`${name} has no accessibility violations in light and dark mode, at desktop and phone width`, async ({ page }) => {
    await scanAtBothWidths(page, pageCase, '');
  });
}

for (const { name, ...pageCase } of signedInPages) {
  test(`${name} (signed in) has no accessibility violations in light and dark mode, at desktop and phone width`, async ({ page, sharedAccount }) => {
    await signInBrowser(page, await sharedAccount.session());
    await scanAtBothWidths(page, pageCase, sharedAccount.name);
  });
}

// Every other page, for a user with data to show.

interface DataUser {
  name: string;
  session: TokenPair;
  reportPath: string;
  paidOrderId: string;
  organisations: Record<'business' | 'expert' | 'investor' | 'event', string>;
}

/** The user's first ready report, as the web's path (reports are made in the background). */
async function readyReportPath(request: APIRequestContext, session: TokenPair): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(reportApiPaths.list, { headers: { Authorization: `Bearer ${session.access_token}` } });
        const ready = reportList.parse(await response.json()).data.find((report) => report.status === 'ready');
        path = ready && `/report/${ready.type}/${ready.id}`;
        return path;
      },
      { timeout: 60_000 },
    )
    .toBeDefined();
  return path!;
}

let dataUser: Promise<DataUser> | undefined;

/**
 * Made once per worker: questionnaire answered, the BIG5 report paid and made, the values report
 * refused by the card (so it stays in the basket), and one organisation of each type it owns
 * (awaiting activation).
 */
function userWithData(request: APIRequestContext): Promise<DataUser> {
  dataUser ??= (async () => {
    const user = await createUserThroughApi(request, 'axe-data', { name: 'Rosalind Franklin', birthDetails: true });
    await addToBasketThroughApi(request, user.session, 'REPORT-BIG5');
    const paid = await checkoutThroughApi(request, user.session);
    await addToBasketThroughApi(request, user.session, 'REPORT-VALUES');
    await checkoutThroughApi(request, user.session, { card: testCards.declined });
    const run = Date.now().toString(36);
    const [business, expert, investor, event] = await Promise.all([
      createOrganisationThroughApi(request, user.session, { name: `Oak Works ${run}` }),
      createOrganisationThroughApi(request, user.session, { name: `Talent Partners ${run}`, type: 'human_capital_expert' }),
      createOrganisationThroughApi(request, user.session, {
        name: `Northwind Capital ${run}`,
        type: 'investor',
        details: { portfolio_companies: [{ company_name: 'Acme Robotics', representative_email: `rep-${run}@example.com` }] },
      }),
      createOrganisationThroughApi(request, user.session, {
        name: `Leeds Tech Week ${run}`,
        type: 'event_organiser',
        details: { nature_of_event: 'A week of talks and workshops for people who build software.' },
      }),
    ]);
    return {
      name: user.name,
      session: user.session,
      reportPath: await readyReportPath(request, user.session),
      paidOrderId: paid.order.id,
      organisations: { business, expert, investor, event },
    };
  })();
  return dataUser;
}

interface DataPageCase {
  name: string;
  path: (user: DataUser) => string;
}

/** Each page's own h1 says it is there; the scan waits for it and for the page's calls to end. */
const dataPages: DataPageCase[] = [
  { name: '/dashboard with results', path: () => '/dashboard' },
  { name: '/checkout/basket', path: () => '/checkout/basket' },
  { name: '/checkout/payment', path: () => '/checkout/payment' },
  { name: '/checkout/completed', path: (user) => `/checkout/completed?order=${user.paidOrderId}` },
  { name: '/checkout/failed', path: () => '/checkout/failed' },
  { name: '/payments', path: () => '/payments' },
  { name: '/reports', path: () => '/reports' },
  { name: '/report/{type}/{id}', path: (user) => user.reportPath },
  { name: '/organization/create', path: () => '/organization/create' },
  { name: '/organization/{id}/members', path: (user) => `/organization/${user.organisations.business}/members` },
  { name: '/organization/{id}/activate', path: (user) => `/organization/${user.organisations.business}/activate` },
  { name: '/organization/{id}/insights', path: (user) => `/organization/${user.organisations.business}/insights` },
  { name: '/organization/{id}/sharing', path: (user) => `/organization/${user.organisations.business}/sharing` },
  { name: '/organization/{id}/investors', path: (user) => `/organization/${user.organisations.business}/investors` },
  { name: '/organization/{id}/clients', path: (user) => `/organization/${user.organisations.expert}/clients` },
  { name: '/organization/{id}/portfolio', path: (user) => `/organization/${user.organisations.investor}/portfolio` },
  { name: '/organization/{id}/attendees', path: (user) => `/organization/${user.organisations.event}/attendees` },
  { name: '/settings/organisations', path: () => '/settings/organisations' },
  { name: '/invitations/{token} that is not valid', path: () => '/invitations/not-a-valid-token-0000000000000000000000000000' },
  { name: '/portfolio-invitations/{token} that is not valid', path: () => '/portfolio-invitations/not-a-valid-token-0000000000000000000000000000' },
  { name: '/events/{token} that is not valid', path: () => '/events/not-a-valid-token-0000000000000000000000000000' },
];

for (const { name, path } of dataPages) {
  test(`${name} (a user with data) has no accessibility violations in light and dark mode, at desktop and phone width`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const user = await userWithData(request);
    await signInBrowser(page, user.session);
    for (const width of Object.keys(widths) as Width[]) {
      await test.step(`${width} width`, async () => {
        await page.emulateMedia({ colorScheme: 'light' });
        await page.setViewportSize(widths[width]);
        await page.goto(path(user));
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // Charts mount when scrolled near (components/when-visible.tsx): scan them too.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForLoadState('networkidle');
        await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
        await expectNoViolationsInBothSchemes(page);
      });
    }
  });
}
