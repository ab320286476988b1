import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const pages = [
  { path: '/login', ready: 'Log in to your account' },
  { path: '/no/such/page', ready: 'Page not found' },
];

for (const { path, ready } of pages) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${path} has no accessibility violations in ${scheme} mode`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await expect(page.getByRole('heading', { name: ready })).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    });
  }
}
