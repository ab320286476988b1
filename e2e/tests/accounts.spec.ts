import { signInBrowser, storedSession } from '../support/api.ts';
import { createUserThroughApi, expect, newCredentials, test } from '../support/accounts.ts';
import { verificationLinkPattern, waitForMailLink } from '../support/outbox.ts';
import { choosePeriod, choosePlaceByKeyboard, dateField, logoutFromUserMenu, submitLogin, timeField, userMenuButton } from '../support/ui.ts';

test('a new user signs up, verifies the e-mail from the link, completes the birth data and reaches the dashboard', async ({
  page,
  context,
  request,
}) => {
  const user = newCredentials('signup', 'Ada Lovelace');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page).toHaveTitle('Sign up | Compass');
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('checkbox', { name: /privacy policy/ }).check();
  await page.getByRole('checkbox', { name: /terms of service/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  // A new user is signed in and goes on to the birth-data step (RegisterFinish, 'Complete Profile').
  await expect(page).toHaveURL(/\/signup-data$/);
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expect(page).toHaveTitle('Complete Profile | Compass');

  // The verification e-mail, opened in another tab of the same browser, as from a mail client.
  const link = await waitForMailLink(request, user.email, verificationLinkPattern);
  const mailTab = await context.newPage();
  await mailTab.goto(link);
  await expect(mailTab.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await expect(mailTab.getByText('Your e-mail address has been verified.')).toBeVisible();
  await mailTab.close();

  // Back on the birth-data step: date parts, 12-hour time, and the place chosen by keyboard.
  await dateField(page, 'Day').fill('7');
  await dateField(page, 'Month').fill('3');
  await dateField(page, 'Year').fill('1990');
  await timeField(page, 'Hour').fill('2');
  await timeField(page, 'Minute').fill('05');
  await choosePeriod(page, 'PM');
  await choosePlaceByKeyboard(page, 'zur', 'Zürich, Switzerland');
  await expect(page.getByText('Zürich, Switzerland · Europe/Zurich')).toBeVisible();
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Your birth details have been saved.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeVisible();
  await expect(userMenuButton(page, user.name)).toContainText(user.email);

  // The session survives a reload.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeVisible();

  // What was saved: the profile shows it, verified and with the birth details.
  await page.goto('/settings/profile');
  await expect(page.getByText('Your email address is not verified yet.')).toHaveCount(0);
  await expect(page.getByText('March 7, 1990')).toBeVisible();
  await expect(page.getByText('14:05')).toBeVisible();
  await expect(page.getByText('Zürich, Switzerland · Europe/Zurich')).toBeVisible();
});

test('logging out from the user menu ends the session on the server; logging in again reaches the dashboard', async ({
  page,
  request,
}) => {
  const user = await createUserThroughApi(request, 'logout', { name: 'Alan Turing' });
  await signInBrowser(page, user.session);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Alan Turing' })).toBeVisible();
  const before = await storedSession(page);

  await logoutFromUserMenu(page, user.name);
  expect(await storedSession(page)).toEqual({ auth_token: null, refresh_token: null, expires_at: null });

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  // The old tokens, put back as a stolen copy would be, no longer open the app: the server revoked them.
  await page.evaluate((tokens) => {
    for (const [key, value] of Object.entries(tokens)) if (value !== null) localStorage.setItem(key, value);
  }, before);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();

  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Alan Turing' })).toBeVisible();
});

test("a wrong password, or an unknown e-mail, shows 'Invalid login credentials'", async ({ page, sharedAccount }) => {
  await page.goto('/login');
  await submitLogin(page, sharedAccount.email, 'Wr0ng!Passw0rd#2026');
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
  await expect(page).toHaveURL(/\/login$/);

  await submitLogin(page, `nobody-${Date.now()}@example.com`, sharedAccount.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');

  // The same form still logs in with the right password.
  await submitLogin(page, sharedAccount.email, sharedAccount.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${sharedAccount.name}` })).toBeVisible();
});
