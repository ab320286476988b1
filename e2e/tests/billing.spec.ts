import { saveBirthDetailsThroughApi, signInBrowser } from '../support/api.ts';
import { createUserThroughApi, expect, test } from '../support/accounts.ts';
import {
  addToBasketThroughApi,
  basketItem,
  basketLink,
  consentBox,
  expectBillingAddress,
  expectThankYouPage,
  fillBilling,
  openCheckout,
  payButton,
  payByCard,
  reportOffer,
  summaryAmount,
  testCards,
} from '../support/shop.ts';
import { expectPath } from '../support/ui.ts';

// Issue 16 in the built product: one total from basket to payment for the buyer's country,
// billing details remembered (checkout, Settings › Billing, a declined card's 'Try again'), and a
// bundle that replaces its single reports in the basket. Every buyer is created with birth details
// and the questionnaire answered (the basket and the checkout need a finished registration), and
// billed in London.

test('the basket and the checkout show the same total for a buyer born in France', async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'billing-france', { birthDetails: true });
  await saveBirthDetailsThroughApi(request, user.session, {
    birth_date: '1988-09-12',
    birth_time: '08:30:00',
    birth_city: 'Lyon',
    birth_country: 'France',
    country_code: 'FR',
    latitude: 45.764,
    longitude: 4.8357,
    timezone: 'Europe/Paris',
  });
  await addToBasketThroughApi(request, user.session, 'REPORT-BIG5');
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
  await expect(payButton(page)).toHaveText(`Pay ${basketTotal}`);
  await expect(payButton(page)).toBeEnabled();
});

test('changing the country on the basket prices it for that country, and the checkout opens with it', async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'billing-change-country', { birthDetails: true });
  await addToBasketThroughApi(request, user.session, 'REPORT-VALUES');
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
  const user = await createUserThroughApi(request, 'billing-remember', { birthDetails: true });
  await addToBasketThroughApi(request, user.session, 'REPORT-BIG5');
  await signInBrowser(page, user.session);
  await openCheckout(page);
  await fillBilling(page);
  await expect(page.getByRole('checkbox', { name: 'Remember these billing details for my next purchase' })).toBeChecked();
  await payByCard(page, testCards.pays);
  await expectThankYouPage(page);

  // The next checkout opens with them.
  await addToBasketThroughApi(request, user.session, 'REPORT-VALUES');
  await openCheckout(page);
  await expectBillingAddress(page);

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
  await expectBillingAddress(page, { address: '12 St James’s Square, Flat 2', city: 'Manchester', postalCode: 'M1 1AE' });
});

test('a declined card’s "Try again" keeps the billing details as typed', async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'billing-declined', { birthDetails: true });
  await addToBasketThroughApi(request, user.session, 'REPORT-ENVIRONMENT');
  await signInBrowser(page, user.session);
  await openCheckout(page);
  await fillBilling(page);
  await page.getByLabel('State/province (optional)').fill('Greater London');
  await payByCard(page, testCards.declined);
  await expect(page.getByRole('heading', { name: 'Payment failed', level: 1 })).toBeVisible();

  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expectBillingAddress(page);
  await expect(page.getByLabel('State/province (optional)')).toHaveValue('Greater London');
  await expect(consentBox(page)).toBeChecked();
});

test('adding the bundle replaces its single reports in the basket, with Undo; a report the bundle holds is not offered again', async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'billing-bundle', { birthDetails: true });
  const { title: big5 } = await addToBasketThroughApi(request, user.session, 'REPORT-BIG5');
  await signInBrowser(page, user.session);
  await page.goto('/dashboard');

  await reportOffer(page, 'Complete profile bundle').getByRole('button', { name: /^Add to basket/ }).click();
  await expect(page.getByText(`Complete profile bundle replaces ${big5} in your basket`)).toBeVisible();
  await expect(reportOffer(page, 'Environment report').getByText('Part of the bundle in your basket.')).toBeVisible();
  await expect(basketLink(page)).toHaveAccessibleName('Basket, 1 item');

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(reportOffer(page, big5).getByRole('link', { name: 'In your basket' })).toBeVisible();
  await expect(reportOffer(page, 'Complete profile bundle').getByRole('button', { name: /^Add to basket/ })).toBeVisible();
  await page.goto('/checkout/basket');
  await expect(basketItem(page, big5)).toBeVisible();
  await expect(basketItem(page, 'Complete profile bundle')).toHaveCount(0);
});
