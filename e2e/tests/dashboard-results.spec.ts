import { signInBrowser } from '../support/api.ts';
import { expect, test } from '../support/accounts.ts';

// The dashboard's Top 10 values (issue 16): each value said in words against the person's own
// average value, with its rank, instead of a chart with a raw -0.5...0.5 axis.

test('the Top 10 values say in words how important each value is, with the ranks, and no raw centred numbers', async ({ page, sharedAccount }) => {
  await signInBrowser(page, await sharedAccount.session());
  for (const viewport of [
    { name: 'desktop', width: 1280, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/dashboard');
    const values = page.getByRole('region', { name: 'Top 10 values' });
    const items = values.getByRole('list', { name: 'Your values, the most important first' }).getByRole('listitem');
    await expect(items).toHaveCount(10);
    const texts = await items.allTextContents();
    // Ranked from 1; values with equal scores share a rank (1, 1, 3, ...).
    const ranks = texts.map((text) => Number(/^(\d+)\./.exec(text)?.[1]));
    expect(ranks[0]).toBe(1);
    ranks.forEach((rank, index) => {
      expect(rank).toBeLessThanOrEqual(index + 1);
      expect(rank).toBeGreaterThanOrEqual(ranks[index - 1] ?? 1);
    });
    for (const text of texts) expect(text).toMatch(/(Much more|More|Less|Much less) important than your average value$|About as important as your average value$/);
    // Ranked: the first is never said to matter less than the average, nor the last more.
    expect(texts[0]).not.toMatch(/less important/i);
    expect(texts[9]).not.toMatch(/more important/i);
    await expect(values).not.toContainText(/-?\d+\.\d+/);
    await values.scrollIntoViewIfNeeded();
    await values.screenshot({ path: test.info().outputPath(`values-${viewport.name}.png`) });
  }
});
