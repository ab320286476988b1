import { test } from '@playwright/test';
test('probe', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForTimeout(1500);
  console.log(await page.locator('form').ariaSnapshot());
  await page.getByLabel('Name').fill('A');
  await page.waitForTimeout(500);
  console.log(await page.locator('form').ariaSnapshot());
});
