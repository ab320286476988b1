import { signInBrowser } from '../support/api.ts';
import { createUserThroughApi, expect, test } from '../support/accounts.ts';
import { addToBasketThroughApi, checkoutThroughApi, testCards } from '../support/shop.ts';

// The payments page's transactions (issue 16): each payment says what was bought (the order's
// items and number) with the paid order's invoice, as a table on a wide screen and as a list that
// never scrolls sideways on a phone. The purchases are made through the API; the checkout page
// has its own journeys (checkout.spec.ts).

test('the transactions say what was bought with the invoice of each paid order, as a table on a wide screen and a list on a phone', async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'payments-list', { name: 'Mary Somerville', birthDetails: true });
  const report = await addToBasketThroughApi(request, user.session, 'REPORT-BIG5');
  // Declined first (the basket stays), then paid with another card.
  const declined = (await checkoutThroughApi(request, user.session, { card: testCards.declined })).order.number;
  const paid = (await checkoutThroughApi(request, user.session, { card: testCards.pays })).order.number;

  await signInBrowser(page, user.session);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/payments');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Purchase', 'Status', 'Date', 'Amount', 'Invoice']);
  const [paidRow, declinedRow] = [table.getByRole('row').nth(1), table.getByRole('row').nth(2)];
  await expect(paidRow.getByRole('cell').first()).toHaveText(`${report.title}Order ${paid}`);
  await expect(paidRow).toContainText('Paid');
  await expect(declinedRow.getByRole('cell').first()).toHaveText(`${report.title}Order ${declined}`);
  await expect(declinedRow).toContainText('Failed');
  await expect(table).not.toContainText('pi_test_');
  // The invoice of the paid order, downloaded as a PDF; none for the declined one.
  await expect(declinedRow.getByRole('link')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await paidRow.getByRole('link', { name: `Invoice of order ${paid} (PDF)` }).click();
  expect((await download).suggestedFilename()).toBe(`invoice-${paid}.pdf`);
  await page.screenshot({ path: test.info().outputPath('payments-desktop.png'), fullPage: true });

  // A phone: the same payments as a list, and nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('table')).toBeHidden();
  const list = page.getByRole('list', { name: 'Transactions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText(`Order ${paid}`);
  await expect(list.getByRole('listitem').first().getByRole('link', { name: `Invoice of order ${paid} (PDF)` })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('payments-phone.png'), fullPage: true });
});
