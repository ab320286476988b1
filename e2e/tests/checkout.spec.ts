import type { TokenPair } from '@app/contract/auth';
import { productList } from '@app/contract/basket';
import { digitalContentConsent } from '@app/contract/checkout';
import { orderList } from '@app/contract/orders';
import type { APIRequestContext, Page } from '@playwright/test';
import { csrfHeaders, signInBrowser } from '../support/api.ts';
import { createUserThroughApi, expect, test } from '../support/accounts.ts';
import { mailTo, waitForMailLink } from '../support/outbox.ts';
import { completeQuestionnaireThroughApi } from '../support/questionnaire.ts';
import { expectPath } from '../support/ui.ts';

// The checkout in the built product against the real server and its test payment provider
// (issue 5): paying with Stripe's public test cards, the order pages, and the payments page; the
// digital-content consent beside Pay and the order confirmation e-mail (issue 11).


/** A user who may open the checkout: birth details saved and the questionnaire answered (spec 2). */
async function buyer(request: APIRequestContext, label: string) {
  const user = await createUserThroughApi(request, label, { birthDetails: true });
  await completeQuestionnaireThroughApi(request, user.session.access_token);
  return user;
}

/**
 * Puts the catalogue's first report into the user's basket through the API (skipping the titles
 * in `except`: a report the user already owns is not sold again); answers its title.
 */
async function addReportToBasket(request: APIRequestContext, session: TokenPair, except: readonly string[] = []): Promise<string> {
  const auth = { Authorization: `Bearer ${session.access_token}` };
  const products = productList.parse(await (await request.get('/api/products', { headers: auth })).json()).data;
  const report = products.find((product) => product.report_type !== null && !except.includes(product.title));
  if (!report) throw new Error('the catalogue has no report product');
  const response = await request.post('/api/cart/items', {
    headers: { ...auth, ...(await csrfHeaders(request)) },
    data: { product_id: report.id, quantity: report.minimum_quantity },
  });
  expect(response.status(), `POST /api/cart/items: ${await response.text()}`).toBe(200);
  return report.title;
}

async function fillBilling(page: Page, country = 'DE'): Promise<void> {
  await page.getByLabel('Address').fill('12 St James’s Square');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('ZIP/postal code').fill('SW1Y 4JH');
  await page.getByLabel('Country').selectOption(country);
}

async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('1234');
  await page.getByLabel('CVC').fill('123');
}

/** Issue 11: the required box beside Pay (reports are delivered at once). */
function consentBox(page: Page) {
  return page.getByRole('checkbox', { name: digitalContentConsent.wording });
}

async function tickConsent(page: Page): Promise<void> {
  await consentBox(page).check();
}

/** The caller's orders, through GET /api/orders. */
async function ordersOf(request: APIRequestContext, session: TokenPair) {
  const response = await request.get('/api/orders', { headers: { Authorization: `Bearer ${session.access_token}` } });
  expect(response.status(), `GET /api/orders: ${await response.text()}`).toBe(200);
  return orderList.parse(await response.json());
}

/** The amount an order summary shows as its total. */
function summaryTotal(page: Page) {
  return page.getByRole('region', { name: 'Order summary' }).getByText('Total', { exact: true }).locator('xpath=following-sibling::dd');
}

async function openCheckout(page: Page, session: TokenPair): Promise<void> {
  await signInBrowser(page, session);
  await page.goto('/checkout/payment');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByText('Test mode: no real payment is made')).toBeVisible();
}

test('pays with 4242, shows the thank-you page, and the payments page lists the transaction', async ({ page, request }) => {
  const user = await buyer(request, 'checkout-paid');
  const title = await addReportToBasket(request, user.session);
  await openCheckout(page, user.session);
  await expect(page.getByRole('region', { name: 'Order summary' }).getByText(title)).toBeVisible();

  await fillBilling(page);
  await fillCard(page, '4242 4242 4242 4242');
  await tickConsent(page);
  await page.getByRole('button', { name: /^Pay €/ }).click();

  await expect(page.getByRole('heading', { name: 'Thank you for your order', level: 1 })).toBeVisible();
  await expectPath(page, '/checkout/completed');
  const orderNumber = (await page.getByText('Order number').locator('xpath=following-sibling::dd').textContent())?.trim() ?? '';
  expect(orderNumber).not.toBe('');
  await expect(page.getByRole('link', { name: 'Go to my reports' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download invoice (PDF)' })).toBeVisible();

  await page.getByRole('link', { name: 'See all payments' }).click();
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  const row = page.getByRole('table').getByRole('row').nth(1);
  await expect(row).toContainText('Paid');
  await expect(row).toContainText(orderNumber);

  // The report just bought is owned: the dashboard shows it so instead of offering it again.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  const offer = page.getByRole('region', { name: 'Reports for you' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(offer.getByText('Owned', { exact: true })).toBeVisible();
  await expect(offer.getByRole('button')).toHaveCount(0);
});

test('a buyer billed in France pays with 4242 at the French VAT of 20 % (issue 5)', async ({ page, request }) => {
  const user = await buyer(request, 'checkout-france');
  await addReportToBasket(request, user.session);
  await openCheckout(page, user.session);
  await fillBilling(page, 'FR');
  await fillCard(page, '4242 4242 4242 4242');

  // The summary and the Pay amount are France's price before Pay can be pressed.
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByText('VAT (20%)')).toBeVisible();
  const total = (await summaryTotal(page).textContent())?.trim() ?? '';
  expect(total).toMatch(/^€\d+\.\d\d$/);
  const pay = page.getByRole('button', { name: /^Pay €/ });
  await expect(pay).toHaveText(`Pay ${total}`);
  await expect(pay).toBeEnabled();
  await tickConsent(page);
  await pay.click();

  await expect(page.getByRole('heading', { name: 'Thank you for your order', level: 1 })).toBeVisible();
  await expectPath(page, '/checkout/completed');
  const paid = page.getByRole('region', { name: 'Order summary' });
  await expect(paid.getByText('VAT (20%)')).toBeVisible();
  await expect(summaryTotal(page)).toHaveText(total);
});

test('a declined card (4000 0000 0000 0002) shows the failed page and keeps the basket', async ({ page, request }) => {
  const user = await buyer(request, 'checkout-declined');
  const title = await addReportToBasket(request, user.session);
  await openCheckout(page, user.session);
  await fillBilling(page);
  await fillCard(page, '4000 0000 0000 0002');
  await tickConsent(page);
  await page.getByRole('button', { name: /^Pay €/ }).click();

  await expect(page.getByRole('heading', { name: 'Payment failed', level: 1 })).toBeVisible();
  await expect(page.getByText('Nothing was charged. Check your card details and try again, or use another card.')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('declined');

  await page.getByRole('link', { name: 'Back to basket' }).click();
  await expectPath(page, '/checkout/basket');
  await expect(page.getByRole('listitem', { name: title })).toBeVisible();

  await page.goto('/payments');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('Failed');
});

test('saves a card while paying, adds another on the payments page and makes it the default', async ({ page, request }) => {
  const user = await buyer(request, 'checkout-cards');
  const bought = await addReportToBasket(request, user.session);
  await openCheckout(page, user.session);
  await fillBilling(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByLabel('Save this card for future payments').check();
  await tickConsent(page);
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order', level: 1 })).toBeVisible();

  await page.goto('/payments');
  const methods = page.getByRole('region', { name: 'Payment methods' });
  await expect(methods.getByRole('listitem', { name: 'Visa ending in 4242' })).toBeVisible();

  await methods.getByRole('button', { name: 'Add a card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a card' });
  await dialog.getByLabel('Card number').fill('5555 5555 5555 4444');
  await dialog.getByLabel('Expiry date').fill('0331');
  await dialog.getByLabel('CVC').fill('321');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog).toBeHidden();

  const mastercard = methods.getByRole('listitem', { name: 'Mastercard ending in 4444' });
  await expect(mastercard).toBeVisible();
  await mastercard.getByRole('button', { name: 'Make default' }).click();
  await expect(mastercard.getByText('Default', { exact: true })).toBeVisible();
  await expect(methods.getByRole('listitem', { name: 'Visa ending in 4242' }).getByText('Default', { exact: true })).toHaveCount(0);

  // The checkout now offers the default card first (for another report: the first one is owned now).
  await addReportToBasket(request, user.session, [bought]);
  await page.goto('/checkout/payment');
  await expect(page.getByRole('radio', { name: /Mastercard ending in 4444/ })).toBeChecked();
});

test('Pay without the digital-content consent says why on the box and places no order; ticked, it pays and the confirmation e-mail follows (issue 11)', async ({ page, request }) => {
  const user = await buyer(request, 'checkout-consent');
  await addReportToBasket(request, user.session);
  await openCheckout(page, user.session);
  await fillBilling(page);
  await fillCard(page, '4242 4242 4242 4242');
  await expect(consentBox(page)).not.toBeChecked();
  await page.getByRole('button', { name: /^Pay €/ }).click();

  await expect(page.getByText(digitalContentConsent.required)).toBeVisible();
  await expect(consentBox(page)).toHaveAccessibleDescription(digitalContentConsent.required);
  await expect(consentBox(page)).toBeFocused();
  await expectPath(page, '/checkout/payment');
  expect((await ordersOf(request, user.session)).meta.total).toBe(0);

  await tickConsent(page);
  await expect(page.getByText(digitalContentConsent.required)).toHaveCount(0);
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order', level: 1 })).toBeVisible();
  const orderNumber = (await page.getByText('Order number').locator('xpath=following-sibling::dd').textContent())?.trim() ?? '';

  // The confirmation goes to the billing e-mail (the account's, as the form opened), once.
  const reportsLink = await waitForMailLink(request, user.email, /\/reports$/);
  expect(new URL(reportsLink).pathname).toBe('/reports');
  const confirmations = (await mailTo(request, user.email)).filter((message) => message.subject === `Your Compass order ${orderNumber}`);
  expect(confirmations).toHaveLength(1);
  expect(confirmations[0]?.text).toContain(digitalContentConsent.wording);
});

test('a declined card’s “Try again” keeps the consent ticked, and the next card pays (issue 11)', async ({ page, request }) => {
  const user = await buyer(request, 'checkout-consent-retry');
  await addReportToBasket(request, user.session);
  await openCheckout(page, user.session);
  await fillBilling(page);
  await fillCard(page, '4000 0000 0000 0002');
  await tickConsent(page);
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment failed', level: 1 })).toBeVisible();

  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(consentBox(page)).toBeChecked();
  await fillBilling(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order', level: 1 })).toBeVisible();
});
