import { signInBrowser } from '../support/api.ts';
import { createUserThroughApi, expect, strongPassword, test } from '../support/accounts.ts';
import { choosePeriod, choosePlaceByKeyboard, dateField, expectFieldMessage, expectFieldValid, timeField } from '../support/ui.ts';

// Spec section 5's messages, spelled as the spec spells them, under the field they concern.

test("the login form asks for both fields ('Field is required') and a valid e-mail ('Must be a valid email')", async ({ page }) => {
  await page.goto('/login');
  const email = page.getByLabel('Email address');
  const password = page.getByLabel('Password', { exact: true });

  await page.getByRole('button', { name: 'Log in' }).click();
  await expectFieldMessage(email, 'Field is required');
  await expectFieldMessage(password, 'Field is required');
  await expect(email).toBeFocused();

  await email.fill('ada@');
  await expectFieldMessage(email, 'Must be a valid email');
  await password.fill('anything');
  await expectFieldValid(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectFieldMessage(email, 'Must be a valid email');
  await expect(page).toHaveURL(/\/login$/);
});

test('the sign-up form names every missing field, the password rules, the confirmation and both acceptances', async ({ page }) => {
  await page.goto('/signup');
  const name = page.getByLabel('Name');
  const email = page.getByLabel('Email address');
  const password = page.getByLabel('Password', { exact: true });
  const confirmation = page.getByLabel('Confirm password');
  const privacy = page.getByRole('checkbox', { name: /privacy policy/ });
  const terms = page.getByRole('checkbox', { name: /terms of service/ });
  const submit = page.getByRole('button', { name: 'Create account' });

  await submit.click();
  await expectFieldMessage(name, 'Field is required');
  await expectFieldMessage(email, 'Field is required');
  await expectFieldMessage(password, 'Field is required');
  await expectFieldMessage(confirmation, 'Please confirm your password');
  await expectFieldMessage(privacy, 'You must accept the privacy policy');
  await expectFieldMessage(terms, 'You must accept the terms and conditions');
  await expect(name).toBeFocused();

  await name.fill('Ada Lovelace');
  await email.fill('not-an-email');
  await password.fill('short');
  await confirmation.fill('different');
  await submit.click();
  await expectFieldValid(name);
  await expectFieldMessage(email, 'Must be a valid email');
  await expectFieldMessage(password, 'Password does not meet the required conditions');
  await expectFieldMessage(confirmation, 'Passwords do not match');
  await expect(email).toBeFocused();

  // The rule checklist says which rules the typed password misses.
  const rules = page.getByText('Password requirements').locator('..').getByRole('listitem');
  await expect(rules).toHaveText([
    'Password must be at least 12 characters: not met',
    'Password must contain an uppercase letter: not met',
    'Password must contain a lowercase letter: met',
    'Password must contain a number: not met',
    'Password must contain a special character: not met',
  ]);
  for (const [typed, missing] of [
    ['str0ng!passw0rd#2026', 'Password must contain an uppercase letter: not met'],
    ['STR0NG!PASSW0RD#2026', 'Password must contain a lowercase letter: not met'],
    ['Strong!Password#Twenty', 'Password must contain a number: not met'],
    ['Str0ngPassw0rd2026', 'Password must contain a special character: not met'],
  ] as const) {
    await password.fill(typed);
    await expect(rules.filter({ hasText: 'not met' })).toHaveText([missing]);
    await expectFieldMessage(password, 'Password does not meet the required conditions');
  }

  await password.fill(strongPassword);
  await expect(rules.filter({ hasText: 'not met' })).toHaveCount(0);
  await expectFieldValid(password);
  await confirmation.fill(strongPassword);
  await expectFieldValid(confirmation);
  await privacy.check();
  await expectFieldValid(privacy);
  await expectFieldMessage(terms, 'You must accept the terms and conditions');
  await expect(page).toHaveURL(/\/signup$/);
});

test("the sign-up form shows the server's answer for an address that already has an account", async ({ page, sharedAccount }) => {
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Someone Else');
  // Addresses are compared case-insensitively.
  await page.getByLabel('Email address').fill(sharedAccount.email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill(strongPassword);
  await page.getByLabel('Confirm password').fill(strongPassword);
  await page.getByRole('checkbox', { name: /privacy policy/ }).check();
  await page.getByRole('checkbox', { name: /terms of service/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  const email = page.getByLabel('Email address');
  await expectFieldMessage(email, 'The email has already been taken.');
  await expect(email).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'The provided data is invalid. Please check your input and try again.' })).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test('the birth-data form checks the day, month, year, hour, minute, period and place', async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'birth-form', { name: 'Mary Somerville' });
  await signInBrowser(page, user.session);
  await page.goto('/signup-data');
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();

  const day = dateField(page, 'Day');
  const month = dateField(page, 'Month');
  const year = dateField(page, 'Year');
  const hour = timeField(page, 'Hour');
  const minute = timeField(page, 'Minute');
  const period = page.getByRole('radiogroup', { name: 'AM/PM' });
  const place = page.getByRole('combobox', { name: 'Place of birth' });
  const submit = page.getByRole('button', { name: 'Save and continue' });

  await submit.click();
  for (const field of [day, month, year, hour, minute, period, place]) await expectFieldMessage(field, 'Field is required');
  await expect(day).toBeFocused();

  const thisYear = new Date().getUTCFullYear();
  await day.fill('32');
  await month.fill('13');
  await year.fill('1899');
  await hour.fill('13');
  await minute.fill('60');
  await submit.click();
  await expectFieldMessage(day, 'Day must be between 1 and 31');
  await expectFieldMessage(month, 'Month must be between 1 and 12');
  await expectFieldMessage(year, `Year must be between 1900 and ${thisYear}`);
  await expectFieldMessage(hour, 'Hour must be between 1 and 12');
  await expectFieldMessage(minute, 'Minute must be between 0 and 59');

  // The day's maximum follows the month and the year.
  await day.fill('29');
  await month.fill('2');
  await year.fill('2001');
  await expectFieldMessage(day, 'Day must be between 1 and 28');
  await year.fill('2000');
  await expectFieldValid(day);
  await expectFieldValid(month);
  await year.fill(String(thisYear + 1));
  await expectFieldMessage(year, `Year must be between 1900 and ${thisYear}`);
  await year.fill('2000');
  await expectFieldValid(year);

  await hour.fill('0');
  await expectFieldMessage(hour, 'Hour must be between 1 and 12');
  await hour.fill('12');
  await minute.fill('0');
  await choosePeriod(page, 'AM');
  await submit.click();
  for (const field of [day, month, year, hour, minute, period]) await expectFieldValid(field);
  await expectFieldMessage(place, 'Field is required');
  await expect(place).toBeFocused();

  // "I don't know my birth time" takes the time out of the form.
  await hour.fill('');
  await submit.click();
  await expectFieldMessage(hour, 'Field is required');
  await page.getByRole('checkbox', { name: "I don't know my birth time" }).check();
  await expect(hour).toBeDisabled();
  await expectFieldValid(hour);

  // Valid parts that make a date in the future: the message is about the whole date.
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  if (tomorrow.getUTCFullYear() === thisYear) {
    await choosePlaceByKeyboard(page, 'zur', 'Zürich, Switzerland');
    await day.fill(String(tomorrow.getUTCDate()));
    await month.fill(String(tomorrow.getUTCMonth() + 1));
    await year.fill(String(thisYear));
    await submit.click();
    await expect(page.getByRole('group', { name: 'Date of birth' }).getByText('Birth date cannot be in the future')).toBeVisible();
    await expect(day).toHaveAccessibleDescription('Birth date cannot be in the future');
  }
  await expect(page).toHaveURL(/\/signup-data$/);
});

test("the forgot-password form asks for a valid e-mail before sending", async ({ page }) => {
  await page.goto('/forgot-password');
  const email = page.getByLabel('Email address');
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expectFieldMessage(email, 'Field is required');
  await expect(email).toBeFocused();
  await email.fill('ada@example');
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expectFieldMessage(email, 'Must be a valid email');
  await expect(page.getByRole('status')).toHaveCount(0);
});

test('the reset-password form checks the e-mail, the new password rules and the confirmation before sending', async ({ page }) => {
  await page.goto('/reset-password/not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const email = page.getByLabel('Email address');
  const password = page.getByLabel('New password', { exact: true });
  const confirmation = page.getByLabel('Confirm new password');
  const submit = page.getByRole('button', { name: 'Reset password' });

  await submit.click();
  await expectFieldMessage(email, 'Field is required');
  await expectFieldMessage(password, 'Field is required');
  await expectFieldMessage(confirmation, 'Please confirm your password');

  await email.fill('ada@');
  await password.fill('Sh0rt!');
  await confirmation.fill('Sh0rt?');
  await submit.click();
  await expectFieldMessage(email, 'Must be a valid email');
  await expectFieldMessage(password, 'Password does not meet the required conditions');
  await expectFieldMessage(confirmation, 'Passwords do not match');
  const rules = page.getByText('Password requirements').locator('..').getByRole('listitem');
  await expect(rules.filter({ hasText: 'not met' })).toHaveText(['Password must be at least 12 characters: not met']);
  // Nothing was sent: the link is still offered as valid.
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
});

test('the profile form and the account-deletion step check their fields before sending', async ({ page, sharedAccount }) => {
  await signInBrowser(page, await sharedAccount.session());
  await page.goto('/settings/profile');
  const name = page.getByLabel('Name');
  const email = page.getByLabel('Email address');
  await expect(name).toHaveValue(sharedAccount.name);
  await name.fill('');
  await email.fill('grace@');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectFieldMessage(name, 'Field is required');
  await expectFieldMessage(email, 'Must be a valid email');
  await expect(name).toBeFocused();

  await page.goto('/settings/confirm-password');
  const password = page.getByLabel('Password');
  await page.getByRole('button', { name: 'Delete account' }).click();
  await expectFieldMessage(password, 'Field is required');
  await expect(page).toHaveURL(/\/settings\/confirm-password$/);
  // Nothing was saved or deleted.
  await page.goto('/settings/profile');
  await expect(page.getByLabel('Name')).toHaveValue(sharedAccount.name);
});
