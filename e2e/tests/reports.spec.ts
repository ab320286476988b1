import { account as accountSchema } from '@app/contract/account';
import type { TokenPair } from '@app/contract/auth';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { signInBrowser } from '../support/api.ts';
import { createUserThroughApi, expect, test } from '../support/accounts.ts';
import { answerQuestionsThroughApi } from '../support/questionnaire.ts';
import { addToBasketThroughApi, checkoutThroughApi, expectThankYouPage, fillBilling, openCheckout, payByCard, testCards } from '../support/shop.ts';
import { expectPath } from '../support/ui.ts';

// Reports (issue 11) as a buyer meets them in the built product: bought at the checkout, made in
// the background, read on the web and downloaded as a PDF; a report whose questions are not all
// answered yet waits, and turns ready on the open page once they are.

const bundleSku = 'BUNDLE-COMPLETE';

async function accountOf(request: APIRequestContext, session: TokenPair) {
  return accountSchema.parse(await (await request.get('/api/user', { headers: { Authorization: `Bearer ${session.access_token}` } })).json());
}

/** Answers the environment and BIG5 sets (registration complete), leaving the values set open. */
async function answerAllButValues(request: APIRequestContext, session: TokenPair): Promise<void> {
  for (;;) {
    const account = await accountOf(request, session);
    if (account.big5_completed && account.env_completed) {
      expect(account.values_completed).toBe(false);
      return;
    }
    await answerQuestionsThroughApi(request, session.access_token, { limit: 10 });
  }
}

/** Where Zofia pays from. */
const krakow = { address: 'Floriańska 12', city: 'Kraków', postalCode: '31-019', country: 'PL' };

/**
 * Makes the server's file storage refuse this user's report files for a while (a plain file where
 * their folder must go, in the server's DATA_DIR/files), so a report stays 'being generated' until
 * the returned function lifts the fault and the job's retry delivers it.
 */
async function holdReportFiles(userId: string): Promise<() => Promise<void>> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const blocker = join(dataDir, 'files', 'reports', userId);
  await mkdir(join(dataDir, 'files', 'reports'), { recursive: true });
  await writeFile(blocker, 'held by the e2e test');
  return () => rm(blocker, { force: true });
}

function reportCard(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

/** Clicks the link, saves the download, and checks that it is a PDF named after the report. */
async function downloadPdf(page: Page, link: Locator, title: string): Promise<void> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^Compass - ${title} - \\d{4}-\\d{2}-\\d{2}\\.pdf$`));
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(20_000);
}

test('buys the bundle at the checkout: the reports show as being made, turn ready on the open page, are read on the web and downloaded', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await createUserThroughApi(request, 'reports-bundle', { birthDetails: true, name: 'Zofia Łukasiewicz' });
  const release = await holdReportFiles((await accountOf(request, user.session)).id);
  await addToBasketThroughApi(request, user.session, bundleSku);
  await signInBrowser(page, user.session);
  await openCheckout(page);
  await fillBilling(page, krakow);
  await payByCard(page, testCards.pays);
  await expectThankYouPage(page);

  await page.getByRole('link', { name: 'Go to my reports' }).click();
  await expectPath(page, '/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  // Not ready yet: each of the four is shown as being made, with no View or Download.
  for (const title of ['BIG5 personality report', 'Environment report', 'Top 10 values report', 'Complete profile']) {
    const card = reportCard(page, title);
    await expect(card.getByRole('status')).toHaveText(/^Being generated…/);
    await expect(card.getByRole('link', { name: `View ${title}` })).toHaveCount(0);
  }
  await page.screenshot({ path: test.info().outputPath('reports-being-made.png'), fullPage: true });

  // The fault is gone: the job's next attempt delivers them, and the open page follows without a reload.
  await release();
  const complete = reportCard(page, 'Complete profile');
  for (const title of ['BIG5 personality report', 'Environment report', 'Top 10 values report', 'Complete profile']) {
    const card = reportCard(page, title);
    await expect(card.getByText('Ready', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(card.getByText('New purchase')).toBeVisible();
    await expect(card.getByText(/^\d+ pages$/)).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath('reports-ready.png'), fullPage: true });
  await downloadPdf(page, complete.getByRole('link', { name: 'Download Complete profile as PDF' }), 'Complete profile');

  await reportCard(page, 'BIG5 personality report').getByRole('link', { name: 'View BIG5 personality report' }).click();
  await expect(page).toHaveURL(/\/report\/big5\/[0-9a-f-]{36}$/);
  const report = page.getByRole('main');
  await expect(report.getByRole('heading', { name: 'BIG5 personality report', level: 1 })).toBeVisible();
  await expect(report.getByText('Prepared for Zofia Łukasiewicz')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You in five sentences' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('report-view.png') });
  // Every chart draws as the reader scrolls to it (recharts on Preact once threw there, and each
  // chart's section showed its error instead), and no section fails.
  const figures = report.getByRole('figure');
  expect(await figures.count()).toBeGreaterThan(3);
  for (const figure of await figures.all()) {
    await figure.scrollIntoViewIfNeeded();
    await expect(figure.locator('svg.recharts-surface').first()).toBeVisible();
  }
  await expect(report.getByText('This part of the report could not be shown.')).toHaveCount(0);
  await downloadPdf(page, page.getByRole('link', { name: 'Download PDF' }).first(), 'BIG5 personality report');

  // Back on the list, the report just opened is no longer a new purchase; the others still are.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
  await expect(reportCard(page, 'BIG5 personality report').getByText('Ready', { exact: true })).toBeVisible();
  await expect(reportCard(page, 'BIG5 personality report').getByText('New purchase')).toHaveCount(0);
  await expect(reportCard(page, 'Environment report').getByText('New purchase')).toBeVisible();
});

test('a report bought before its questions were answered is made once the questionnaire overlay is finished', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await createUserThroughApi(request, 'reports-early', { birthDetails: true, questionnaire: 'open' });
  await answerAllButValues(request, user.session);
  // Bought while the values set is open (here through the API: the overlay covers the app's pages).
  await addToBasketThroughApi(request, user.session, 'REPORT-VALUES');
  await checkoutThroughApi(request, user.session, {
    billing: { first_name: 'Zofia', last_name: 'Łukasiewicz', email: 'zofia@example.com', address: krakow.address, city: krakow.city, postal_code: krakow.postalCode, country: krakow.country },
  });

  await signInBrowser(page, user.session);
  await page.goto('/reports');
  const overlay = page.getByRole('dialog', { name: 'Questionnaire' });
  await expect(overlay).toBeVisible();
  // The values questions, by keyboard, until the overlay closes.
  while (await overlay.isVisible()) {
    const left = await overlay.getByText(/^\d+ questions? left$/).textContent({ timeout: 5_000 }).catch(() => null);
    if (left === null) break;
    await overlay.getByRole('radiogroup').getByRole('radio').first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(overlay.getByText(left, { exact: true })).toHaveCount(0);
  }
  await expect(overlay).toBeHidden();

  const card = reportCard(page, 'Top 10 values report');
  await expect(card.getByText('Ready', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('New purchase')).toBeVisible();
  await downloadPdf(page, card.getByRole('link', { name: 'Download Top 10 values report as PDF' }), 'Top 10 values report');
  await card.getByRole('link', { name: 'View Top 10 values report' }).click();
  await expect(page.getByRole('heading', { name: 'Top 10 values report', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /circle/i }).first()).toBeVisible();
});
