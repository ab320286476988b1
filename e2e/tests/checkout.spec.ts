import type { TokenPair } from '@app/contract/auth';
import { digitalContentConsent } from '@app/contract/checkout';
import type { Page } from '@playwright/test';
import { signInBrowser } from '../support/api.ts';
import { createUserThroughApi, expect, test } from '../support/accounts.ts';
import { mailTo, waitForMailLink } from '../support/outbox.ts';
import {
  addToBasketThroughApi,
  basketItem,
  consentBox,
  expectThankYouPage,
  fillBilling,
  fillCard,
  openCheckout,
  orderSummary,
  ordersThroughApi,
  payButton,
  payByCard,
  reportOffer,
  shownOrderNumber,
  summaryAmount,
  testCards,
} from '../support/shop.ts';
import { expectPath } from '../support/ui.ts';

// The checkout in the built product against the real server and its test payment provider
// (issue 5): paying with Stripe's public test cards, the order pages, and the payments page; the
// digital-content consent beside Pay and the order confirmation e-mail (issue 11). Every buyer is
// created with birth details and the questionnaire answered (the checkout needs a finished
// registration, spec 2), and billed in Germany unless a test says otherwise.

/** Opens the checkout for this session, in test mode (the offline provider). */
async function openTestCheckout(page: Page, session: TokenPair): Promise<void> {
  await signInBrowser(page, session);
  await openCheckout(page);
  await expect(page.getByText('Test mode: no real payment is made')).toBeVisible();
}

test('pays with 4242, shows the thank-you page, and the payments page lists the transaction', async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'checkout-paid', { birthDetails: true });
  const { title } = await addToBasketThroughApi(request, user.session, 'REPORT-BIG5');
  await openTestCheckout(page, user.session);
  await expect(orderSummary(page).getByText(title)).toBeVisible();

  await fillBilling(page, { country: 'DE' });
  await payByCard(page, testCards.pays);

  await expectThankYouPage(page);
  await expectPath(page, '/checkout/completed');
  const orderNumber = await shownOrderNumber(page);
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
  const offer = reportOffer(page, title);
  await expect(offer.getByText('Owned', { exact: true })).toBeVisible();
  await expect(offer.getByRole('button')).toHaveCount(0);
});

test('a buyer billed in France pays with 4242 at the French VAT of 20 % (issue 5)', async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'checkout-france', { birthDetails: true });
  await addToBasketThroughApi(request, user.session, 'REPORT-BIG5');
  await openTestCheckout(page, user.session);
  await fillBilling(page, { country: 'FR' });
  await fillCard(page, testCards.pays);

  // The summary and the Pay amount are France's price before Pay can be pressed.
  await expect(orderSummary(page).getByText('VAT (20%)')).toBeVisible();
  const total = (await summaryAmount(page, 'Total').textContent())?.trim() ?? '';
  expect(total).toMatch(/^€\d+\.\d\d$/);
  await expect(payButton(page)).toHaveText(`Pay ${total}`);
  await expect(payButton(page)).toBeEnabled();
  await consentBox(page).check();
  await payButton(page).click();

  await expectThankYouPage(page);
  await expectPath(page, '/checkout/completed');
  await expect(orderSummary(page).getByText('VAT (20%)')).toBeVisible();
  await expect(summaryAmount(page, 'Total')).toHaveText(total);
});

test('a declined card (4000 0000 0000 0002) shows the failed page and keeps the basket', async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'checkout-declined', { birthDetails: true });
  const { title } = await addToBasketThroughApi(request, user.session, 'REPORT-BIG5');
  await openTestCheckout(page, user.session);
  await fillBilling(page, { country: 'DE' });
  await payByCard(page, testCards.declined);

  await expect(page.getByRole('heading', { name: 'Payment failed', level: 1 })).toBeVisible();
  await expect(page.getByText('Nothing was charged. Check your card details and try again, or use another card.')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('declined');

  await page.getByRole('link', { name: 'Back to basket' }).click();
  await expectPath(page, '/checkout/basket');
  await expect(basketItem(page, title)).toBeVisible();

  await page.goto('/payments');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('Failed');
});

test('saves a card while paying, adds another on the payments page and makes it the default', async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'checkout-cards', { birthDetails: true });
  await addToBasketThroughApi(request, user.session, 'REPORT-BIG5');
  await openTestCheckout(page, user.session);
  await fillBilling(page, { country: 'DE' });
  await payByCard(page, testCards.pays, { saveCard: true });
  await expectThankYouPage(page);

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
  await addToBasketThroughApi(request, user.session, 'REPORT-ENVIRONMENT');
  await page.goto('/checkout/payment');
  await expect(page.getByRole('radio', { name: /Mastercard ending in 4444/ })).toBeChecked();
});

test('Pay without the digital-content consent says why on the box and places no order; ticked, it pays and the confirmation e-mail follows (issue 11)', async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'checkout-consent', { birthDetails: true });
  await addToBasketThroughApi(request, user.session, 'REPORT-BIG5');
  await openTestCheckout(page, user.session);
  await fillBilling(page, { country: 'DE' });
  await expect(consentBox(page)).not.toBeChecked();
  await payByCard(page, testCards.pays, { consent: false });

  await expect(page.getByText(digitalContentConsent.required)).toBeVisible();
  await expect(consentBox(page)).toHaveAccessibleDescription(digitalContentConsent.required);
  await expect(consentBox(page)).toBeFocused();
  await expectPath(page, '/checkout/payment');
  expect((await ordersThroughApi(request, user.session)).meta.total).toBe(0);

  await consentBox(page).check();
  await expect(page.getByText(digitalContentConsent.required)).toHaveCount(0);
  await payButton(page).click();
  await expectThankYouPage(page);
  const orderNumber = await shownOrderNumber(page);

  // The confirmation goes to the billing e-mail (the account's, as the form opened), once.
  const reportsLink = await waitForMailLink(request, user.email, /\/reports$/);
  expect(new URL(reportsLink).pathname).toBe('/reports');
  const confirmations = (await mailTo(request, user.email)).filter((message) => message.subject === `Your Compass order ${orderNumber}`);
  expect(confirmations).toHaveLength(1);
  expect(confirmations[0]?.text).toContain(digitalContentConsent.wording);
});

test('a declined card’s “Try again” keeps the consent ticked, and the next card pays (issue 11)', async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'checkout-consent-retry', { birthDetails: true });
  await addToBasketThroughApi(request, user.session, 'REPORT-BIG5');
  await openTestCheckout(page, user.session);
  await fillBilling(page, { country: 'DE' });
  await payByCard(page, testCards.declined);
  await expect(page.getByRole('heading', { name: 'Payment failed', level: 1 })).toBeVisible();

  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(consentBox(page)).toBeChecked();
  await fillBilling(page, { country: 'DE' });
  // Pay without ticking: the box is still ticked from the declined attempt.
  await payByCard(page, testCards.pays, { consent: false });
  await expectThankYouPage(page);
});
