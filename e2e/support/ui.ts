import { expect, type Locator, type Page } from '@playwright/test';

// What a user does on the pages, by roles, labels and visible text.

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The page's path is `path`, whatever the query (the login page may carry where to return to). */
export async function expectPath(page: Page, path: string, message?: string): Promise<void> {
  await expect(page, message).toHaveURL((url) => url.pathname === path);
}

/** Logs in through the login page (which must be open) and submits. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Opens /login, logs in, and waits for the dashboard's welcome. */
export async function loginThroughUi(page: Page, email: string, password: string, name: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
}

/** The sidebar's user menu button: it shows the user's name and e-mail. */
export function userMenuButton(page: Page, name: string): Locator {
  return page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}\\b`) });
}

export async function logoutFromUserMenu(page: Page, name: string): Promise<void> {
  await userMenuButton(page, name).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expectPath(page, '/login');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
}

/** The message the form shows for a field: its accessible description (aria-describedby). */
export async function expectFieldMessage(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(`(^|\\s)${escapeRegExp(message)}($|\\s)`));
}

export async function expectFieldValid(field: Locator): Promise<void> {
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
}

/** Types a place into the birth-place search and chooses the first suggestion with the keyboard. */
export async function choosePlaceByKeyboard(page: Page, query: string, expectedFirst: string): Promise<void> {
  const place = page.getByRole('combobox', { name: 'Place of birth' });
  await place.fill(query);
  const first = page.getByRole('listbox', { name: 'Places' }).getByRole('option').first();
  await expect(first).toHaveAccessibleName(expectedFirst);
  await place.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(place).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
  await place.press('Enter');
  await expect(place).toHaveValue(expectedFirst);
}

export function dateField(page: Page, part: 'Day' | 'Month' | 'Year'): Locator {
  return page.getByRole('group', { name: 'Date of birth' }).getByRole('textbox', { name: part });
}

export function timeField(page: Page, part: 'Hour' | 'Minute'): Locator {
  return page.getByRole('group', { name: 'Time of birth' }).getByRole('textbox', { name: part });
}

/** Chooses AM or PM: the user clicks the visible segment (the radio itself is visually hidden). */
export async function choosePeriod(page: Page, period: 'AM' | 'PM'): Promise<void> {
  await page.getByRole('radiogroup', { name: 'AM/PM' }).getByText(period, { exact: true }).click();
  await expect(page.getByRole('radio', { name: period })).toBeChecked();
}
