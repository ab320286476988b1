import type { TokenPair } from '@app/contract/auth';
import { productList } from '@app/contract/basket';
import { digitalContentConsent } from '@app/contract/checkout';
import type { APIRequestContext, Page } from '@playwright/test';
import { csrfHeaders, signInBrowser } from '../support/api.ts';
import { createUserThroughApi, expect, test } from '../support/accounts.ts';
import { completeQuestionnaireThroughApi } from '../support/questionnaire.ts';
import { expectPath } from '../support/ui.ts';

// Issue 16 in the built product: one total from basket to payment for the buyer's country,
// billing details remembered (checkout, Settings › Billing, a declined card's 'Try again'), and a
// bundle that replaces its single reports in the basket.


/** A user who may open the basket and the checkout: birth details saved, the questionnaire answered. */
async function buyer(request: APIRequestContext, label: string) {
  const user = await createUserThroughApi(request, label, { birthDetails: true });
  await completeQuestionnaireThroughApi(request, user.session.access_token);
  return user;
}

/** PUT /api/user/birth-details: born in Lyon, France. */
async function bornInFrance(request: APIRequestContext, session: TokenPair): Promise<void> {
  const response = await request.put('/api/user/birth-details', {
    headers: { ...(await csrfHeaders(request)), Authorization: `Bearer ${session.access_token}` },
    data: {
      birth_date: '1988-09-12',
      birth_time: '08:30:00',
      birth_city: 'Lyon',
      birth_country: 'France',
      country_code: 'FR',
      latitude: 45.764,
      longitude: 4.8357,
      timezone: 'Europe/Paris',
    },
  });
  expect(response.status(), `PUT /api/user/birth-details: ${await response.text()}`).toBe(200);
}

/** Puts the product of this sku into the basket through the API; answers its title. */
async function addToBasket(request: APIRequestContext, session: TokenPair, sku: string): Promise<string> {
  const auth = { Authorization: `Bearer ${session.access_token}` };
  const products = productList.parse(await (await request.get('/api/products', { headers: auth })).json()).data;
  const product = products.find((candidate) => candidate.sku === sku);
  if (!product) throw new Error(`the catalogue has no ${sku}`);
  const response = await request.post('/api/cart/items', { headers: { ...auth, ...(await csrfHeaders(request)) }, data: { product_id: product.id } });
  expect(response.status(), `POST /api/cart/items: ${await response.text()}`).toBe(200);
  return product.title;
}

/** The amount beside `label` in the order summary (its term and definition). */
function summaryAmount(page: Page, label: string) {
  return page.getByRole('region', { name: 'Order summary' }).getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
}

async function fillBilling(page: Page): Promise<void> {
  await page.getByLabel('Address').fill('12 St James’s Square');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('ZIP/postal code').fill('SW1Y 4JH');
  await page.getByLabel('Country').selectOption('GB');
}

async function payWith(page: Page, card: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('checkbox', { name: digitalContentConsent.wording }).check();
  const pay = page.getByRole('button', { name: /^Pay €/ });
  await expect(pay).toBeEnabled();
  await pay.click();
}

async function openCheckout(page: Page): Promise<void> {
  await page.goto('/checkout/payment');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
}

test('the basket and the checkout show the same total for a buyer born in France', async ({ page, request }) => {
  const user = await buyer(request, 'billing-france');
  await bornInFrance(request, user.session);
  await addToBasket(request, user.session, 'REPORT-BIG5');
  await signInBrowser(page, user.session);

  await page.goto('/checkout/basket');
  await expect(page.getByText('VAT for France')).toBeVisible();
  await expect(page.getByText(/your country of birth/)).toBeVisible();
  await expect(summaryAmount(page, 'VAT (20%)')).toBeVisible();
  const basketTotal = ((await summaryAmount(page, 'Total').textContent()) ?? '').trim();
  expect(basketTotal).toMatch(/^€\d+\.\d\d$/);

  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Country')).toHaveValue('FR');
  await expect(summaryAmount(page, 'Total')).toHaveText(basketTotal);
  await expect(page.getByRole('button', { name: /^Pay €/ })).toHaveText(`Pay ${basketTotal}`);
  await expect(page.getByRole('button', { name: /^Pay €/ })).toBeEnabled();
});

test('changing the country on the basket prices it for that country, and the checkout opens with it', async ({ page, request }) => {
  const user = await buyer(request, 'billing-change-country');
  await addToBasket(request, user.session, 'REPORT-VALUES');
  await signInBrowser(page, user.session);

  await page.goto('/checkout/basket');
  await page.getByRole('button', { name: /^Change the country for VAT/ }).click();
  await page.getByLabel('Country for VAT').selectOption('AT');
  await expect(page.getByText('VAT for Austria')).toBeVisible();
  await expect(summaryAmount(page, 'VAT (20%)')).toBeVisible();
  const basketTotal = ((await summaryAmount(page, 'Total').textContent()) ?? '').trim();

  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page.getByLabel('Country')).toHaveValue('AT');
  await expect(summaryAmount(page, 'Total')).toHaveText(basketTotal);
});

test('pays once with "Remember", the next checkout is prefilled, and Settings › Billing edits the details', async ({ page, request }) => {
  const user = await buyer(request, 'billing-remember');
  await addToBasket(request, user.session, 'REPORT-BIG5');
  await signInBrowser(page, user.session);
  await openCheckout(page);
  await fillBilling(page);
  await expect(page.getByRole('checkbox', { name: 'Remember these billing details for my next purchase' })).toBeChecked();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Thank you for your order', level: 1 })).toBeVisible();

  // The next checkout opens with them.
  await addToBasket(request, user.session, 'REPORT-VALUES');
  await openCheckout(page);
  await expect(page.getByLabel('Address')).toHaveValue('12 St James’s Square');
  await expect(page.getByLabel('City')).toHaveValue('London');
  await expect(page.getByLabel('ZIP/postal code')).toHaveValue('SW1Y 4JH');
  await expect(page.getByLabel('Country')).toHaveValue('GB');

  // Settings › Billing shows and edits them.
  await page.getByRole('link', { name: 'Settings › Billing' }).click();
  await expectPath(page, '/settings/billing');
  // The checkout has a 'Billing details' heading too: wait for what only the settings page has.
  await expect(page.getByRole('button', { name: 'Save billing details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Billing details' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel('Address line 1')).toHaveValue('12 St James’s Square');
  await page.getByLabel('Address line 2 (optional)').fill('Flat 2');
  await page.getByLabel('City').fill('Manchester');
  await page.getByLabel('Postal code').fill('M1 1AE');
  await page.getByRole('button', { name: 'Save billing details' }).click();
  await expect(page.getByText('Your billing details have been saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Manchester');
  await openCheckout(page);
  await expect(page.getByLabel('Address')).toHaveValue('12 St James’s Square, Flat 2');
  await expect(page.getByLabel('City')).toHaveValue('Manchester');
  await expect(page.getByLabel('ZIP/postal code')).toHaveValue('M1 1AE');
});

test('a declined card’s "Try again" keeps the billing details as typed', async ({ page, request }) => {
  const user = await buyer(request, 'billing-declined');
  await addToBasket(request, user.session, 'REPORT-ENVIRONMENT');
  await signInBrowser(page, user.session);
  await openCheckout(page);
  await fillBilling(page);
  await page.getByLabel('State/province (optional)').fill('Greater London');
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByRole('heading', { name: 'Payment failed', level: 1 })).toBeVisible();

  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Address')).toHaveValue('12 St James’s Square');
  await expect(page.getByLabel('City')).toHaveValue('London');
  await expect(page.getByLabel('ZIP/postal code')).toHaveValue('SW1Y 4JH');
  await expect(page.getByLabel('State/province (optional)')).toHaveValue('Greater London');
  await expect(page.getByLabel('Country')).toHaveValue('GB');
  await expect(page.getByRole('checkbox', { name: digitalContentConsent.wording })).toBeChecked();
});

test('adding the bundle replaces its single reports in the basket, with Undo; a report the bundle holds is not offered again', async ({ page, request }) => {
  const user = await buyer(request, 'billing-bundle');
  const big5 = await addToBasket(request, user.session, 'REPORT-BIG5');
  await signInBrowser(page, user.session);
  await page.goto('/dashboard');
  const offers = page.getByRole('region', { name: 'Reports for you' });
  const offer = (title: string) => offers.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

  await offer('Complete profile bundle').getByRole('button', { name: /^Add to basket/ }).click();
  await expect(page.getByText(`Complete profile bundle replaces ${big5} in your basket`)).toBeVisible();
  await expect(offer('Environment report').getByText('Part of the bundle in your basket.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Basket, 1 item' })).toBeVisible();

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(offer(big5).getByRole('link', { name: 'In your basket' })).toBeVisible();
  await expect(offer('Complete profile bundle').getByRole('button', { name: /^Add to basket/ })).toBeVisible();
  await page.goto('/checkout/basket');
  await expect(page.getByRole('listitem', { name: big5 })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Complete profile bundle' })).toHaveCount(0);
});
