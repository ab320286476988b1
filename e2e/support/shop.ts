import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { shopApiPaths } from '@app/contract/api-paths';
import type { TokenPair } from '@app/contract/auth';
import { productList, type Product } from '@app/contract/basket';
import { checkoutResponse, digitalContentConsent, type CheckoutBillingInput, type CheckoutResponse } from '@app/contract/checkout';
import { orderList, type OrderList } from '@app/contract/orders';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { csrfHeaders } from './api.ts';

// The shop, written once for every spec: its catalogue, basket and checkout through the product's
// own HTTP API (for tests that are not about the page that would do it), and what a buyer does on
// the checkout page and reads in its order summary.

const repositoryRoot = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

function bearer(session: TokenPair): Record<string, string> {
  return { Authorization: `Bearer ${session.access_token}` };
}

/** Stripe's public test cards, which the test payment provider plays (README, "Trying the shop offline"). */
export const testCards = {
  pays: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;

// Through the API

/** The active catalogue, in catalogue order (GET /api/products). */
export async function catalogueThroughApi(request: APIRequestContext, session: TokenPair): Promise<Product[]> {
  const response = await request.get(shopApiPaths.products, { headers: bearer(session) });
  expect(response.status(), `GET ${shopApiPaths.products}: ${await response.text()}`).toBe(200);
  return productList.parse(await response.json()).data;
}

/**
 * Puts the product of this sku (the seeded catalogue's: REPORT-BIG5, REPORT-ENVIRONMENT,
 * REPORT-VALUES, BUNDLE-COMPLETE, SERVICE-TEAM-PROFILES, SERVICE-CULTURE-FIT) into the user's
 * basket with POST /api/cart/items, `quantity` or else the product's minimum; answers the product.
 */
export async function addToBasketThroughApi(request: APIRequestContext, session: TokenPair, sku: string, quantity?: number): Promise<Product> {
  const product = (await catalogueThroughApi(request, session)).find((candidate) => candidate.sku === sku);
  if (!product) throw new Error(`the catalogue has no ${sku}`);
  const response = await request.post(shopApiPaths.cartItems, {
    headers: { ...bearer(session), ...(await csrfHeaders(request)) },
    data: { product_id: product.id, quantity: quantity ?? product.minimum_quantity },
  });
  expect(response.status(), `POST ${shopApiPaths.cartItems} ${sku}: ${await response.text()}`).toBe(200);
  return product;
}

/** A buyer in Berlin, for checkouts through the API. */
export const berlinBilling: CheckoutBillingInput = {
  first_name: 'Mary',
  last_name: 'Somerville',
  email: 'mary@example.com',
  address: 'Unter den Linden 1',
  city: 'Berlin',
  postal_code: '10117',
  country: 'DE',
};

/**
 * Pays the basket with POST /api/checkout (a new idempotency key, the digital-content consent
 * given) with one of the test provider's cards: a declined card is an answer too (200, the order
 * failed, the basket kept). Answers the checkout's answer.
 */
export async function checkoutThroughApi(
  request: APIRequestContext,
  session: TokenPair,
  options: { card?: string; billing?: CheckoutBillingInput } = {},
): Promise<CheckoutResponse> {
  const response = await request.post(shopApiPaths.checkout, {
    headers: { ...bearer(session), ...(await csrfHeaders(request)) },
    data: {
      billing: options.billing ?? berlinBilling,
      payment: {
        method: 'card',
        card: { number: (options.card ?? testCards.pays).replaceAll(' ', ''), exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' },
      },
      idempotency_key: `e2e_${Date.now()}_${randomBytes(4).toString('hex')}`,
      digital_content_consent: true,
    },
  });
  expect(response.status(), `POST ${shopApiPaths.checkout}: ${await response.text()}`).toBe(200);
  return checkoutResponse.parse(await response.json());
}

/** The caller's orders (GET /api/orders, first page). */
export async function ordersThroughApi(request: APIRequestContext, session: TokenPair): Promise<OrderList> {
  const response = await request.get(shopApiPaths.orders, { headers: bearer(session) });
  expect(response.status(), `GET ${shopApiPaths.orders}: ${await response.text()}`).toBe(200);
  return orderList.parse(await response.json());
}

/**
 * A 10 % discount code created the way an operator creates one: with the admin CLI, attached to
 * the embedded database of the server under test (playwright.config.ts shares its directory).
 */
export async function createDiscountCode(): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: playwright.config.ts publishes the e2e data directory there');
  const code = `E2E${randomBytes(3).toString('hex').toUpperCase()}`;
  await run(join(repositoryRoot, 'node_modules', '.bin', 'tsx'), ['apps/server/src/cli/admin.ts', 'coupons', 'create', '--code', code, '--percent', '10'], {
    cwd: repositoryRoot,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
  return code;
}

// On the pages

/** The header's basket link; its name says how many items the basket holds ('Basket, 2 items', 'Basket, empty'). */
export function basketLink(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: /^Basket, / });
}

/** A line of the Basket page (or the checkout's summary), by the product's title. */
export function basketItem(page: Page, title: string): Locator {
  return page.getByRole('listitem', { name: title });
}

/** The dashboard's report offers ('Reports for you'). */
export function reportOffers(page: Page): Locator {
  return page.getByRole('region', { name: 'Reports for you' });
}

/** One offer of the dashboard, by the product's title. */
export function reportOffer(page: Page, title: string): Locator {
  return reportOffers(page).getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** The order summary of the basket, checkout and thank-you pages. */
export function orderSummary(page: Page): Locator {
  return page.getByRole('region', { name: 'Order summary' });
}

/** The amount beside `label` in the order summary (its term and definition). */
export function summaryAmount(page: Page, label: string): Locator {
  return orderSummary(page).getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
}

/** Opens the checkout (the session must be in the browser) and waits for its form. */
export async function openCheckout(page: Page): Promise<void> {
  await page.goto('/checkout/payment');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
}

/** The address a checkout form is filled with (the form opens with the account's name and e-mail). */
export interface BillingAddress {
  address: string;
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
}

export const londonAddress: BillingAddress = { address: '12 St James’s Square', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' };

/** Fills the checkout's billing address (London unless told otherwise; `country` alone keeps London's streets). */
export async function fillBilling(page: Page, address: Partial<BillingAddress> = {}): Promise<void> {
  const { address: street, city, postalCode, country } = { ...londonAddress, ...address };
  await page.getByLabel('Address').fill(street);
  await page.getByLabel('City').fill(city);
  await page.getByLabel('ZIP/postal code').fill(postalCode);
  await page.getByLabel('Country').selectOption(country);
}

/** The checkout's billing address holds `address` (London's unless told otherwise). */
export async function expectBillingAddress(page: Page, address: Partial<BillingAddress> = {}): Promise<void> {
  const expected = { ...londonAddress, ...address };
  await expect(page.getByLabel('Address')).toHaveValue(expected.address);
  await expect(page.getByLabel('City')).toHaveValue(expected.city);
  await expect(page.getByLabel('ZIP/postal code')).toHaveValue(expected.postalCode);
  await expect(page.getByLabel('Country')).toHaveValue(expected.country);
}

/** Types a card into the test provider's fields (expiry 12/34, CVC 123). */
export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('1234');
  await page.getByLabel('CVC').fill('123');
}

/** Issue 11: the required box beside Pay (reports are delivered at once). */
export function consentBox(page: Page): Locator {
  return page.getByRole('checkbox', { name: digitalContentConsent.wording });
}

export function payButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Pay €/ });
}

/**
 * Types the card, ticks the digital-content consent (unless `consent: false`; a box already
 * ticked stays so), optionally "Save this card", and presses Pay. The billing address is the
 * caller's (`fillBilling`).
 */
export async function payByCard(page: Page, card: string, options: { consent?: boolean; saveCard?: boolean } = {}): Promise<void> {
  await fillCard(page, card);
  if (options.saveCard) await page.getByLabel('Save this card for future payments').check();
  if (options.consent !== false) await consentBox(page).check();
  await payButton(page).click();
}

/** Waits for the page a paid order ends on. */
export async function expectThankYouPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Thank you for your order', level: 1 })).toBeVisible();
}

/** The order number an order page shows. */
export async function shownOrderNumber(page: Page): Promise<string> {
  return (await page.getByText('Order number').locator('xpath=following-sibling::dd').textContent())?.trim() ?? '';
}
