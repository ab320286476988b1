import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInBrowser } from '../support/api.ts';
import { expect, test } from '../support/accounts.ts';
import { dateField, userMenuButton } from '../support/ui.ts';

// Issue 2: an axe scan of each page finds no violations, in light and in dark mode. Pages are
// scanned as a user finds them, and in the states that add content: inline validation messages,
// an open suggestion list, an open menu.

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

test.use({ colorScheme: 'light' });

for (const { name, path, ready, prepare, skipRules } of guestPages) {
  test(`${name} has no accessibility violations in light and dark mode`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: ready, exact: true })).toBeVisible();
    await prepare?.(page, '');
    await expectNoViolationsInBothSchemes(page, { skipRules });
  });
}

for (const { name, path, ready, prepare, skipRules } of signedInPages) {
  test(`${name} (signed in) has no accessibility violations in light and dark mode`, async ({ page, sharedAccount }) => {
    await signInBrowser(page, await sharedAccount.session());
    await page.goto(path);
    await expect(page.getByRole('heading', { name: ready, exact: true })).toBeVisible();
    await prepare?.(page, sharedAccount.name);
    await expectNoViolationsInBothSchemes(page, { skipRules });
  });
}
