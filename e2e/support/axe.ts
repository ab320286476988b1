import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No axe violation on the page as it is, in light mode (every rule), then in dark mode (the colour
 * rules), as accessibility.spec.ts scans each page; the page is left in light mode.
 */
export async function expectAccessibleInBothSchemes(page: Page): Promise<void> {
  const violations = async (builder: AxeBuilder) => (await builder.analyze()).violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  // Contrast is judged on what is painted: a transition still running (a sidebar closing after a
  // resize, a fade, a toast sliding in) is half see-through, so wait for every animation to end
  // before each scan. One an effect starts begins a frame after the render (Preact runs effects
  // after the next frame): two frames first, so that it is running when the animations are read.
  const settled = () =>
    page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    });
  await settled();
  expect(await violations(new AxeBuilder({ page })), 'light mode').toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
  await settled();
  expect(await violations(new AxeBuilder({ page }).withRules(['color-contrast', 'link-in-text-block'])), 'dark mode').toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
}
