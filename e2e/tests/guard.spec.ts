import { signInBrowser } from '../support/api.ts';
import { createUserThroughApi, expect, test } from '../support/accounts.ts';
import { expectPath, submitLogin } from '../support/ui.ts';

// Spec section 2, "Navigation guard", on the built product: full page loads (the stored session is
// restored first) and in-app navigation both go through it.

function pathOf(url: string): string {
  return new URL(url).pathname;
}

test('a logged-out visitor is sent to the login page from every page that needs a session', async ({ page }) => {
  for (const path of ['/dashboard', '/settings', '/settings/profile', '/settings/password', '/settings/appearance', '/settings/confirm-password', '/signup-data', '/verify-email', '/logout']) {
    await page.goto(path);
    await expectPath(page, '/login', `${path} while logged out`);
  }
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
});

test('a logged-out visitor can open the guest pages, the legal pages and NotFound', async ({ page }) => {
  for (const [path, heading] of [
    ['/login', 'Log in to your account'],
    ['/signup', 'Create an account'],
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password/some-token', 'Choose a new password'],
    ['/privacy-policy', 'Privacy policy'],
    ['/terms-of-service', 'Terms of service'],
    ['/no/such/page', 'Page not found'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 }), path).toBeVisible();
    expect(pathOf(page.url()), path).toBe(path);
  }
});

test('a logged-in user is sent from the guest-only pages to the dashboard', async ({ page, sharedAccount }) => {
  await signInBrowser(page, await sharedAccount.session());
  for (const path of ['/', '/login', '/signup', '/forgot-password', '/reset-password/some-token?email=a%40example.com']) {
    await page.goto(path);
    await expect(page, `${path} while logged in`).toHaveURL(/\/dashboard$/);
  }
  await expect(page.getByRole('heading', { name: `Welcome, ${sharedAccount.name}` })).toBeVisible();
});

test('a visitor sent to the login page comes back to the page after logging in, and never to another site', async ({ page, sharedAccount }) => {
  await page.goto('/settings/password');
  await expectPath(page, '/login');
  await submitLogin(page, sharedAccount.email, sharedAccount.password);
  await expect(page).toHaveURL(/\/settings\/password$/);
  await expect(page.getByRole('heading', { name: 'Update password' })).toBeVisible();

  await page.evaluate(() => localStorage.clear());
  await page.goto('/login?redirect=%2F%2Fevil.example%2Fsteal');
  await submitLogin(page, sharedAccount.email, sharedAccount.password);
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/dashboard$/);
});

test('/settings opens the profile settings', async ({ page, sharedAccount }) => {
  await signInBrowser(page, await sharedAccount.session());
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile information' })).toBeVisible();
});

test('a user whose registration is incomplete may use the dashboard, the settings and the registration steps', async ({ page, request }) => {
  // Signed up, birth data not given yet: no completion flag is set, and no questionnaire overlay
  // covers the pages (it comes after the birth data).
  const user = await createUserThroughApi(request, 'incomplete', { name: 'Grace Hopper' });
  await signInBrowser(page, user.session);
  for (const [path, heading] of [
    ['/dashboard', `Welcome, ${user.name}`],
    ['/settings/profile', 'Profile information'],
    ['/settings/password', 'Update password'],
    ['/settings/appearance', 'Appearance settings'],
    ['/settings/confirm-password', 'Confirm your password'],
    ['/signup-data', 'Complete your profile'],
    ['/verify-email', 'Check your inbox'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }), path).toBeVisible();
    expect(pathOf(page.url()), path).toBe(path);
  }

  // The same through the app's own links: the user menu's Settings, the settings navigation.
  await page.goto('/dashboard');
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: new RegExp(`^${user.name}`) }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Password' }).click();
  await expect(page).toHaveURL(/\/settings\/password$/);
  await expect(page.getByRole('heading', { name: 'Update password' })).toBeVisible();
});

test('a logged-out visitor is sent to the login page from the checkout and payments pages', async ({ page }) => {
  for (const path of ['/payments', '/checkout/payment', '/checkout/completed', '/checkout/failed']) {
    await page.goto(path);
    await expectPath(page, '/login', `${path} while logged out`);
  }
});

test('a user whose registration is incomplete is sent from the reports pages to the dashboard', async ({ page, request }) => {
  // Signed up, birth details not given yet: registration unfinished.
  const user = await createUserThroughApi(request, 'incomplete-reports');
  await signInBrowser(page, user.session);
  for (const path of ['/reports', '/report/big5/7d0a5c2e-6b1f-4f3e-9a61-2f0c1b9e8d47', '/payments', '/checkout/basket']) {
    await page.goto(path);
    await expect(page, `${path} with an incomplete registration`).toHaveURL(/\/dashboard$/);
  }
});

test('a logged-out visitor is sent to the login page from the reports pages', async ({ page }) => {
  for (const path of ['/reports', '/report/big5/7d0a5c2e-6b1f-4f3e-9a61-2f0c1b9e8d47']) {
    await page.goto(path);
    await expectPath(page, '/login', `${path} while logged out`);
  }
});

test('a user whose registration is incomplete is sent from the organisation pages to the dashboard', async ({ page, request }) => {
  // Signed up, birth details not given yet: registration unfinished.
  const user = await createUserThroughApi(request, 'incomplete-organisations');
  await signInBrowser(page, user.session);
  for (const path of ['/organization', '/organization/create']) {
    await page.goto(path);
    await expect(page, `${path} with an incomplete registration`).toHaveURL(/\/dashboard$/);
  }
});

test('a logged-out visitor is sent to the login page from the organisation pages', async ({ page }) => {
  for (const path of ['/organization', '/organization/create']) {
    await page.goto(path);
    await expectPath(page, '/login', `${path} while logged out`);
  }
});
