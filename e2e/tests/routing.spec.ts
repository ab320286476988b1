import { expect, test } from '@playwright/test';
import { signInBrowser } from '../support/api.ts';
import { createUserThroughApi } from '../support/accounts.ts';

test('the home page sends a logged-out visitor to the login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await expect(page).toHaveTitle('Log in | Compass');
});

test('a page that needs a session sends a logged-out visitor to the login page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown path shows the NotFound page with its title', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  // A guest keeps the page on its own, without the app's frame.
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(0);
  await expect(page).toHaveTitle('Page not found | Compass');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('an unknown API path answers JSON 404, not the app', async ({ request }) => {
  const response = await request.get('/api/no-such-thing');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: 'not_found' });
});

test.describe('a signed-in user on an unknown path', () => {
  test('stays in the app frame: the 404 inside the sidebar and header, with the way back', async ({ page }) => {
    const user = await createUserThroughApi(page.request, 'not-found', { name: 'Lise Meitner', birthDetails: true });
    await signInBrowser(page, user.session);
    for (const viewport of [
      { name: 'desktop', width: 1280, height: 800 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      const response = await page.goto('/reprots');
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveTitle('Page not found | Compass');
      await expect(page.getByRole('banner')).toBeVisible();
      if (viewport.name === 'desktop') {
        await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Reports' })).toBeVisible();
      } else {
        // The sidebar is the header's menu on a phone.
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await expect(menu.getByRole('link', { name: 'Reports' })).toBeVisible();
        // The open menu takes the focus, and from then on Escape closes it (Preact sets both up a
        // frame after the menu first shows: CI's run pressed Escape before).
        await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
      }
      await page.screenshot({ path: test.info().outputPath(`not-found-${viewport.name}.png`), fullPage: true });
    }
    await page.getByRole('main').getByRole('link', { name: 'Go to the dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Lise Meitner' })).toBeVisible();
  });
});
