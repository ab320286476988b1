import { signInBrowser } from '../support/api.ts';
import { createUserThroughApi, expect, otherStrongPassword, test, uniqueEmail } from '../support/accounts.ts';
import { mailTo, resetLinkPattern, waitForMailLink } from '../support/outbox.ts';
import { expectPath, submitLogin } from '../support/ui.ts';

const sentMessage = 'If an account exists for that e-mail address, we have sent a link to reset its password.';

test('a forgotten password is reset from the e-mailed link; the new password logs in and the old one does not', async ({
  page,
  request,
  browser,
}) => {
  const user = await createUserThroughApi(request, 'reset', { name: 'Hedy Lamarr' });
  const unknown = uniqueEmail('unknown');
  // Still signed in on another device (the session sign-up opened).
  const otherDevice = await browser.newPage();
  await signInBrowser(otherDevice, user.session);
  await otherDevice.goto('/dashboard');
  await expect(otherDevice.getByRole('heading', { name: 'Welcome, Hedy Lamarr' })).toBeVisible();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();

  // The answer does not tell whether the address has an account.
  const email = page.getByLabel('Email address');
  await email.fill(unknown);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(sentMessage);

  await email.fill(user.email);
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByRole('status')).toHaveText(sentMessage);

  const link = await waitForMailLink(request, user.email, resetLinkPattern);
  expect(await mailTo(request, unknown)).toEqual([]);
  expect(new URL(link).searchParams.get('email')).toBe(user.email);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  // spec 2: the e-mail comes prefilled from the link's query.
  await expect(page.getByLabel('Email address')).toHaveValue(user.email);
  await page.getByLabel('New password', { exact: true }).fill(otherStrongPassword);
  await page.getByLabel('Confirm new password').fill(otherStrongPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expectPath(page, '/login');
  await expect(page.getByRole('status')).toHaveText('Your password has been reset. You can now log in.');
  // A reset signs out every device.
  await otherDevice.reload();
  await expectPath(otherDevice, '/login');
  await otherDevice.close();

  await submitLogin(page, user.email, user.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');

  await submitLogin(page, user.email, otherStrongPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Hedy Lamarr' })).toBeVisible();

  // The link is single-use: opened again, it says it no longer works.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(`${otherStrongPassword}x`);
  await page.getByLabel('Confirm new password').fill(`${otherStrongPassword}x`);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This password reset link is invalid or has expired.');
});
