import { expect, test } from '@playwright/test';

test('the chosen appearance survives a reload and is kept in the appearance cookie', async ({ page, context }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/login');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.getByRole('button', { name: 'Dark' }).click();
  await expect(html).toHaveClass(/\bdark\b/);

  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'appearance');
  expect(cookie?.value).toBe('dark');
  expect(cookie?.path).toBe('/');
  expect(cookie?.sameSite).toBe('Lax');
  // spec 9: 365 days; allow a minute of clock between setting and reading it.
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364.99);
  expect(days).toBeLessThanOrEqual(365.01);

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');
});

test('the system appearance follows the operating system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await page.getByRole('button', { name: 'System' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
});

test('a dark appearance is applied before the first paint', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'appearance', value: 'dark', url: baseURL ?? '' }]);
  await page.emulateMedia({ colorScheme: 'light' });
  // The class must be on <html> when the document is parsed, before any module script runs.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/login');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});
