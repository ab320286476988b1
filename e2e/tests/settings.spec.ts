import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { loginThroughApi, signInBrowser } from '../support/api.ts';
import { createUserThroughApi, expect, otherStrongPassword, test, uniqueEmail } from '../support/accounts.ts';
import { createOrganisationThroughApi } from '../support/organisations.ts';
import { verificationLinkPattern, waitForMailLink } from '../support/outbox.ts';
import { expectFieldMessage, expectPath, logoutFromUserMenu, submitLogin, userMenuButton } from '../support/ui.ts';

/** Relative luminance (0 black, 1 white) of the background behind the page's main content, as the user sees it. */
async function backgroundLuminance(page: Page): Promise<number> {
  const [r, g, b] = await page.getByRole('main').evaluate((main) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const probe = canvas.getContext('2d', { willReadFrequently: true });
    if (!probe) throw new Error('no canvas');
    // The first opaque background from the main content outwards, painted to read it as sRGB
    // whatever CSS colour syntax (oklch included) it is written in.
    for (let element: Element | null = main; element; element = element.parentElement) {
      probe.clearRect(0, 0, 1, 1);
      probe.fillStyle = getComputedStyle(element).backgroundColor;
      probe.fillRect(0, 0, 1, 1);
      const [red = 0, green = 0, blue = 0, alpha = 0] = probe.getImageData(0, 0, 1, 1).data;
      if (alpha === 255) return [red, green, blue];
    }
    return [255, 255, 255];
  });
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

test('changing the name and the e-mail on the profile page: a toast, the user menu updated, and the new address verified from its link', async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'profile', { name: 'Katherine Johnson' });
  await signInBrowser(page, user.session);
  await page.goto('/settings/profile');
  await expect(page).toHaveTitle('Profile | Compass');
  await expect(userMenuButton(page, 'Katherine Johnson')).toBeVisible();

  await page.getByLabel('Name').fill('Katherine G. Johnson');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await expect(userMenuButton(page, 'Katherine G. Johnson')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue('Katherine G. Johnson');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Katherine G. Johnson' })).toBeVisible();

  // A changed e-mail address must be verified again, from a link sent to the new address.
  const newEmail = uniqueEmail('email-changed');
  await page.goto('/settings/profile');
  await page.getByLabel('Email address').fill(newEmail);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await expect(page.getByText(`We have sent a verification link to ${newEmail}. Please open it to confirm your new address.`)).toBeVisible();
  await expect(userMenuButton(page, 'Katherine G. Johnson')).toContainText(newEmail);

  const link = await waitForMailLink(request, newEmail, verificationLinkPattern);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.goto('/settings/profile');
  await expect(page.getByLabel('Email address')).toHaveValue(newEmail);
  await expect(page.getByText('If you change your email address, we will send a link to confirm the new one.')).toBeVisible();
  await expect(page.getByText('Your email address is not verified yet.')).toHaveCount(0);

  // The new address is the login now.
  await logoutFromUserMenu(page, 'Katherine G. Johnson');
  await submitLogin(page, user.email, user.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
  await submitLogin(page, newEmail, user.password);
  await expect(page.getByRole('heading', { name: 'Welcome, Katherine G. Johnson' })).toBeVisible();
});

test("editing the birth details from Settings says 'Save' and returns to Settings with a 'Saved' toast", async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'birth-edit', { name: 'Emmy Noether', birthDetails: true });
  await signInBrowser(page, user.session);
  await page.goto('/settings/profile');
  await expect(page.getByText('March 7, 1990')).toBeVisible();

  await page.getByRole('link', { name: 'Edit birth details' }).click();
  await expect(page.getByRole('heading', { name: 'Your birth details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save and continue' })).toHaveCount(0);
  await page.getByRole('group', { name: 'Date of birth' }).getByRole('textbox', { name: 'Day' }).fill('8');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await expectPath(page, '/settings/profile');
  await expect(page.getByRole('heading', { name: 'Profile information' })).toBeVisible();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(page.getByText('March 8, 1990')).toBeVisible();
});

test('the appearance chosen in the settings survives a reload and is kept in the appearance cookie', async ({ page, context, sharedAccount }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signInBrowser(page, await sharedAccount.session());
  await page.goto('/settings/appearance');
  await expect(page.getByRole('heading', { name: 'Appearance settings' })).toBeVisible();
  const choices = page.getByRole('radiogroup', { name: 'Appearance' });
  await expect(choices.getByRole('radio', { name: 'System' })).toBeChecked();
  expect(await backgroundLuminance(page)).toBeGreaterThan(0.5);

  await choices.getByRole('radio', { name: 'Dark' }).click();
  await expect(choices.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect.poll(() => backgroundLuminance(page)).toBeLessThan(0.2);
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'appearance');
  expect(cookie).toMatchObject({ value: 'dark', path: '/', sameSite: 'Lax' });

  await page.reload();
  await expect(page.getByRole('radiogroup', { name: 'Appearance' }).getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(await backgroundLuminance(page)).toBeLessThan(0.2);

  // Light is kept too, whatever the operating system prefers.
  await page.emulateMedia({ colorScheme: 'dark' });
  await choices.getByRole('radio', { name: 'Light' }).click();
  await expect.poll(() => backgroundLuminance(page)).toBeGreaterThan(0.5);
  await page.reload();
  await expect(page.getByRole('radiogroup', { name: 'Appearance' }).getByRole('radio', { name: 'Light' })).toBeChecked();
  expect(await backgroundLuminance(page)).toBeGreaterThan(0.5);
  expect((await context.cookies()).find((candidate) => candidate.name === 'appearance')?.value).toBe('light');
});

test('changing the password checks the current one and the confirmation, signs out the other devices; then only the new one logs in', async ({
  page,
  request,
  browser,
}) => {
  const user = await createUserThroughApi(request, 'password', { name: 'Radia Perlman' });
  await signInBrowser(page, user.session);
  // Another device, signed in with a session of its own.
  const otherDevice = await browser.newPage();
  await signInBrowser(otherDevice, await loginThroughApi(request, user.email, user.password));
  await otherDevice.goto('/dashboard');
  await expect(otherDevice.getByRole('heading', { name: 'Welcome, Radia Perlman' })).toBeVisible();

  await page.goto('/settings/password');
  await expect(page).toHaveTitle('Password | Compass');

  const current = page.getByLabel('Current password');
  const password = page.getByLabel('New password');
  const confirmation = page.getByLabel('Confirm password');
  const save = page.getByRole('button', { name: 'Save password' });

  await save.click();
  await expectFieldMessage(current, 'Field is required');
  await expectFieldMessage(password, 'Field is required');
  await expectFieldMessage(confirmation, 'Please confirm your password');

  await current.fill(user.password);
  await password.fill(otherStrongPassword);
  await confirmation.fill(`${otherStrongPassword}!`);
  await save.click();
  await expectFieldMessage(confirmation, 'Passwords do not match');

  // A wrong current password is refused by the server, under its field.
  await current.fill('Wr0ng!Passw0rd#2026');
  await confirmation.fill(otherStrongPassword);
  await save.click();
  await expectFieldMessage(current, 'The password is incorrect.');
  await expect(current).toBeFocused();

  await current.fill(user.password);
  await save.click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(page.getByText('You stay signed in here; other devices are signed out.')).toBeVisible();
  await expect(current).toHaveValue('');
  await otherDevice.reload();
  await expectPath(otherDevice, '/login');
  await otherDevice.close();

  // This browser stays signed in; then the old password no longer works and the new one does.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Update password' })).toBeVisible();
  await logoutFromUserMenu(page, user.name);
  await submitLogin(page, user.email, user.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
  await submitLogin(page, user.email, otherStrongPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Radia Perlman' })).toBeVisible();
});

test('downloading one’s data, then deleting the account (closing the organisation it alone owns) through the password confirmation step ends on the login page, and the account is gone', async ({
  page,
  request,
}) => {
  const user = await createUserThroughApi(request, 'delete', { name: 'Barbara Liskov', birthDetails: true });
  await createOrganisationThroughApi(request, user.session, { name: 'Liskov Substitutions' });
  await signInBrowser(page, user.session);
  await page.goto('/settings/profile');

  // Issue 14: everything about the account as one JSON file.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^compass-personal-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as { profile: { name: string; email: string }; organisations: { organisation_name: string; role: string }[] };
  expect(exported.profile).toMatchObject({ name: 'Barbara Liskov', email: user.email });
  expect(exported.organisations).toEqual([expect.objectContaining({ organisation_name: 'Liskov Substitutions', role: 'owner' })]);
  await expect(page.getByText('Your data has been downloaded.')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Delete account' })).toBeVisible();
  await expect(page.getByText('Please proceed with caution, this cannot be undone.')).toBeVisible();
  await page.getByRole('link', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/settings\/confirm-password$/);
  await expect(page.getByRole('heading', { name: 'Confirm your password' })).toBeVisible();

  // The only owner of an organisation chooses what becomes of it; alone in it, they can only close it.
  const organisation = page.getByRole('group', { name: 'Liskov Substitutions' });
  await expect(organisation.getByText('You are its only member, so it can only be closed.')).toBeVisible();
  const password = page.getByLabel('Password');
  await password.fill(user.password);
  await page.getByRole('button', { name: 'Delete account' }).click();
  await expect(organisation.getByText('Choose “Close the organisation” to delete your account.')).toBeVisible();
  await organisation.getByRole('radio', { name: /Close the organisation/ }).check();

  await password.fill('Wr0ng!Passw0rd#2026');
  await page.getByRole('button', { name: 'Delete account' }).click();
  await expectFieldMessage(password, 'The password is incorrect.');
  await expect(page).toHaveURL(/\/settings\/confirm-password$/);

  await password.fill(user.password);
  await page.getByRole('button', { name: 'Delete account' }).click();
  await expectPath(page, '/login');
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();

  await page.goto('/dashboard');
  await expectPath(page, '/login');
  await submitLogin(page, user.email, user.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
  await expectPath(page, '/login');
});
