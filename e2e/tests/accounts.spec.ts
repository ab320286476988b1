import { loginThroughApi, signInBrowser, storedSession } from '../support/api.ts';
import { createUserThroughApi, expect, newCredentials, test } from '../support/accounts.ts';
import { mailTo, verificationLinkPattern, waitForMailLink } from '../support/outbox.ts';
import { completeQuestionnaireThroughApi } from '../support/questionnaire.ts';
import { choosePeriod, choosePlaceByKeyboard, dateField, expectPath, logoutFromUserMenu, submitLogin, timeField, userMenuButton } from '../support/ui.ts';

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
  // The questionnaire comes next (its own journey is e2e/tests/questionnaire.spec.ts): answered
  // here through the API, after which the dashboard is the user's.
  await expect(page.getByRole('dialog', { name: 'Questionnaire' })).toBeVisible();
  const { auth_token: accessToken } = await storedSession(page);
  await completeQuestionnaireThroughApi(request, accessToken ?? '');
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Questionnaire' })).toHaveCount(0);
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

test('logging out from the user menu ends the session on the server; logging in again from the verification link verifies the e-mail and reaches the dashboard', async ({
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
  // A logout the user asked for is not an expiry: nothing is said about one.
  await expect(page.getByText('Session expired. Please log in again.')).toHaveCount(0);

  await page.goto('/dashboard');
  await expectPath(page, '/login');

  // The old tokens, put back as a stolen copy would be, no longer open the app: the server revoked them.
  await page.evaluate((tokens) => {
    for (const [key, value] of Object.entries(tokens)) if (value !== null) localStorage.setItem(key, value);
  }, before);
  await page.goto('/dashboard');
  await expectPath(page, '/login');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();

  // The verification e-mail, opened while logged out: log in first, then the link does its work.
  const link = await waitForMailLink(request, user.email, verificationLinkPattern);
  await page.goto(link);
  await expectPath(page, '/login');
  await submitLogin(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  expect(page.url()).toBe(link);
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Alan Turing' })).toBeVisible();
});

test("a wrong password, or an unknown e-mail, shows 'Invalid login credentials'", async ({ page, sharedAccount }) => {
  await page.goto('/login');
  await submitLogin(page, sharedAccount.email, 'Wr0ng!Passw0rd#2026');
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
  await expectPath(page, '/login');
  // Said once, in the alert: not again under the e-mail field, which may well be right.
  await expect(page.getByText('Invalid login credentials')).toHaveCount(1);
  await expect(page.getByLabel('Email address')).not.toHaveAttribute('aria-invalid', 'true');

  await submitLogin(page, `nobody-${Date.now()}@example.com`, sharedAccount.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');

  // The same form still logs in with the right password.
  await submitLogin(page, sharedAccount.email, sharedAccount.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${sharedAccount.name}` })).toBeVisible();
});

test('an unverified user sends a new verification link from the verify-email page, at most once a minute', async ({ page, request, sharedAccount }) => {
  await signInBrowser(page, await sharedAccount.session());
  await page.goto('/verify-email');
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(`We have sent a verification link to ${sharedAccount.email}.`)).toBeVisible();
  const before = (await mailTo(request, sharedAccount.email)).length;

  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A new verification link has been sent to your e-mail address.' })).toBeVisible();
  await expect.poll(async () => (await mailTo(request, sharedAccount.email)).length).toBe(before + 1);
  const [newest] = await mailTo(request, sharedAccount.email);
  expect(newest?.links.some((link) => verificationLinkPattern.test(link))).toBe(true);

  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Too many attempts\./);
});

test('an unverified user is reminded on every app page by a banner, sends a new link from it, and can put it away for the session', async ({
  page,
  context,
  request,
}) => {
  const user = await createUserThroughApi(request, 'banner', { name: 'Mary Somerville', birthDetails: true });
  await signInBrowser(page, user.session);
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Please verify your email' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(`We sent a verification link to ${user.email}.`);

  const before = (await mailTo(request, user.email)).length;
  await banner.getByRole('button', { name: 'Resend link' }).click();
  await expect(banner.getByRole('status')).toHaveText('A new verification link has been sent to your e-mail address.');
  await expect.poll(async () => (await mailTo(request, user.email)).length).toBe(before + 1);

  // Put away: not on the next page, nor after a reload of this tab.
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
  await page.getByRole('link', { name: 'Reports' }).first().click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // A new browser session (a new tab) reminds again, until the link is opened.
  const otherTab = await context.newPage();
  await otherTab.goto('/dashboard');
  await expect(otherTab.getByRole('region', { name: 'Please verify your email' })).toBeVisible();
  await otherTab.goto(await waitForMailLink(request, user.email, verificationLinkPattern));
  await expect(otherTab.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await otherTab.getByRole('link', { name: 'Continue' }).click();
  await expect(otherTab.getByRole('heading', { name: 'Welcome, Mary Somerville' })).toBeVisible();
  await expect(otherTab.getByRole('region', { name: 'Please verify your email' })).toHaveCount(0);
  await otherTab.close();
});

test('an access token about to expire is refreshed without the user noticing; a refresh that fails ends the session', async ({
  page,
  request,
  sharedAccount,
}) => {
  // A session of its own (refresh tokens rotate), stored as if its access token expired in 30 s:
  // spec 4 counts it as expired 60 s early.
  const session = await loginThroughApi(request, sharedAccount.email, sharedAccount.password);
  await signInBrowser(page, { ...session, expires_at: Math.floor(Date.now() / 1000) + 30 });
  await page.goto('/settings/profile');
  await expect(page.getByRole('heading', { name: 'Profile information' })).toBeVisible();
  const refreshed = await storedSession(page);
  expect(refreshed.auth_token).not.toBe(session.access_token);
  expect(refreshed.refresh_token).not.toBe(session.refresh_token);
  expect(Number(refreshed.expires_at)).toBeGreaterThan(Date.now() / 1000 + 60);

  // A refresh token the server never issued (reuse of a rotated one is refused too, but only
  // after a 10 s grace window for parallel tabs: the server tests cover that).
  await page.evaluate(() => {
    localStorage.setItem('refresh_token', 'not-a-refresh-token-the-server-issued');
    localStorage.setItem('expires_at', String(Math.floor(Date.now() / 1000) + 30));
  });
  await page.goto('/settings/profile');
  await expectPath(page, '/login');
  expect(await storedSession(page)).toEqual({ auth_token: null, refresh_token: null, expires_at: null });
  // spec 4 and 8: the login page says why the user is there.
  await expect(page.getByRole('status')).toHaveText('Session expired. Please log in again.');
});
