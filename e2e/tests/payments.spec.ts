import type { TokenPair } from '@app/contract/auth';
import { productList } from '@app/contract/basket';
import { checkoutResponse } from '@app/contract/checkout';
import type { APIRequestContext } from '@playwright/test';
import { csrfHeaders, signInBrowser } from '../support/api.ts';
import { createUserThroughApi, expect, test } from '../support/accounts.ts';

// The payments page's transactions (issue 16): each payment says what was bought (the order's
// items and number) with the paid order's invoice, as a table on a wide screen and as a list that
// never scrolls sideways on a phone. The purchases are made through the API; the checkout page
// has its own journeys (checkout.spec.ts).


async function addToBasketThroughApi(request: APIRequestContext, session: TokenPair, productId: string): Promise<void> {
  const headers = { Authorization: `Bearer ${session.access_token}`, ...(await csrfHeaders(request)) };
  const added = await request.post('/api/cart/items', { headers, data: { product_id: productId, quantity: 1 } });
  expect(added.status(), `POST /api/cart/items: ${await added.text()}`).toBe(200);
}

/** Pays for the basket with `cardNumber` (the test provider's outcomes); answers the order number. */
async function payThroughApi(request: APIRequestContext, session: TokenPair, cardNumber: string): Promise<string> {
  const paid = await request.post('/api/checkout', {
    headers: { Authorization: `Bearer ${session.access_token}`, ...(await csrfHeaders(request)) },
    data: {
      billing: { first_name: 'Mary', last_name: 'Somerville', email: 'mary@example.com', address: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'DE' },
      payment: { method: 'card', card: { number: cardNumber, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' } },
      idempotency_key: `e2e_payments_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`,
      digital_content_consent: true,
    },
  });
  expect(paid.status(), `POST /api/checkout: ${await paid.text()}`).toBe(200);
  return checkoutResponse.parse(await paid.json()).order.number;
}

test('the transactions say what was bought with the invoice of each paid order, as a table on a wide screen and a list on a phone', async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'payments-list', { name: 'Mary Somerville', birthDetails: true });
  const products = productList.parse(await (await request.get('/api/products', { headers: { Authorization: `Bearer ${user.session.access_token}` } })).json()).data;
  const report = products.find((product) => product.report_type !== null);
  if (!report) throw new Error('the catalogue has no report product');
  await addToBasketThroughApi(request, user.session, report.id);
  // Declined first (the basket stays), then paid with another card.
  const declined = await payThroughApi(request, user.session, '4000000000000002');
  const paid = await payThroughApi(request, user.session, '4242424242424242');

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
