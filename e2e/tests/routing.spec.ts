import { expect, test } from '@playwright/test';

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
  await expect(page).toHaveTitle('Page not found | Compass');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('an unknown API path answers JSON 404, not the app', async ({ request }) => {
  const response = await request.get('/api/no-such-thing');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: 'not_found' });
});
