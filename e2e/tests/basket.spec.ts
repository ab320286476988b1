import type { Page } from '@playwright/test';
import { signInBrowser } from '../support/api.ts';
import { createUserThroughApi, expect, test } from '../support/accounts.ts';
import { addToBasketThroughApi, basketItem, basketLink, createDiscountCode, orderSummary, summaryAmount } from '../support/shop.ts';
import { expectFieldMessage, expectPath, logoutFromUserMenu, submitLogin } from '../support/ui.ts';

// The basket in the built product against the real server (issue 5): adding from the dashboard,
// quantities, discount codes, removing with Undo, clearing, and the basket kept across logout.
// Every user is created with birth details and the questionnaire answered: the Basket page needs a
// finished registration (spec 2).

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

async function addOffer(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^Add to basket\\s*:?\\s*${title}$`) }).click();
  await expect(toasts(page).getByText(`${title} was added to your basket`)).toBeVisible();
}

test('adding reports from the dashboard, a discount code applied and removed, a removal undone', async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'basket', { birthDetails: true });
  const code = await createDiscountCode();
  await signInBrowser(page, user.session);
  await page.goto('/dashboard');
  await expect(basketLink(page)).toHaveAccessibleName('Basket, empty');

  await addOffer(page, 'BIG5 personality report');
  await addOffer(page, 'Top 10 values report');
  await expect(basketLink(page)).toHaveAccessibleName('Basket, 2 items');
  // spec 5: a product already in the basket is not added twice (the offer now links to the basket).
  await expect(page.getByRole('link', { name: 'In your basket' })).toHaveCount(2);

  // The newest toast is in front (sonner stacks them), and first in the list.
  await toasts(page).getByRole('button', { name: 'View basket' }).first().click();
  await expectPath(page, '/checkout/basket');
  await expect(page.getByRole('heading', { name: 'Basket', level: 1 })).toBeVisible();
  await expect(basketItem(page, 'BIG5 personality report')).toBeVisible();
  await expect(basketItem(page, 'Top 10 values report')).toBeVisible();
  await expect(orderSummary(page).getByText('2 items')).toBeVisible();
  const totalWithoutCode = await summaryAmount(page, 'Total').textContent();

  // An empty code never reaches the server; an unknown one is refused with the server's reason.
  const codeField = page.getByLabel('Discount code');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expectFieldMessage(codeField, 'Please enter a discount code.');
  await codeField.fill('NO-SUCH-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expectFieldMessage(codeField, 'This discount code is not valid.');
  await expect(toasts(page).getByText('Failed to apply coupon')).toBeVisible();

  await codeField.fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(toasts(page).getByText(`Discount code ${code} applied`)).toBeVisible();
  await expect(orderSummary(page).getByText(`Discount (${code})`)).toBeVisible();
  await expect(summaryAmount(page, 'Total')).not.toHaveText(totalWithoutCode ?? '');

  await page.getByRole('button', { name: `Remove the discount code ${code}` }).click();
  await expect(toasts(page).getByText('Discount code removed')).toBeVisible();
  await expect(orderSummary(page).getByText(/^Discount/)).toHaveCount(0);
  await expect(summaryAmount(page, 'Total')).toHaveText(totalWithoutCode ?? '');

  await page.getByRole('button', { name: 'Remove BIG5 personality report' }).click();
  await expect(basketItem(page, 'BIG5 personality report')).toHaveCount(0);
  await expect(basketLink(page)).toHaveAccessibleName('Basket, 1 item');
  await toasts(page).getByRole('button', { name: 'Undo' }).click();
  await expect(basketItem(page, 'BIG5 personality report')).toBeVisible();
  await expect(basketLink(page)).toHaveAccessibleName('Basket, 2 items');

  // What the page shows is what the server keeps.
  await page.reload();
  await expect(basketItem(page, 'BIG5 personality report')).toBeVisible();
  await expect(basketItem(page, 'Top 10 values report')).toBeVisible();
});

test("a service's quantity respects its minimum; clearing empties the basket", async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'basket-quantity', { birthDetails: true });
  await addToBasketThroughApi(request, user.session, 'SERVICE-TEAM-PROFILES', 3);
  await signInBrowser(page, user.session);
  await page.goto('/checkout');
  await expectPath(page, '/checkout/basket');

  const row = basketItem(page, 'Team personality profiles');
  const quantity = row.getByLabel('Quantity of Team personality profiles');
  await expect(quantity).toHaveValue('3');
  await expect(row.getByText('minimum 3')).toBeVisible();
  await quantity.fill('2');
  await quantity.press('Enter');
  await expectFieldMessage(quantity, 'Minimal quantity is 3');

  await row.getByRole('button', { name: 'One more Team personality profiles' }).click();
  await expect(quantity).toHaveValue('4');
  await page.reload();
  await expect(basketItem(page, 'Team personality profiles').getByLabel('Quantity of Team personality profiles')).toHaveValue('4');

  await page.getByRole('button', { name: 'Clear basket' }).click();
  await page.getByRole('alertdialog', { name: 'Clear your basket?' }).getByRole('button', { name: 'Clear basket' }).click();
  await expect(toasts(page).getByText('Your basket has been cleared')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your basket is empty' })).toBeVisible();
  await expect(basketLink(page)).toHaveAccessibleName('Basket, empty');
});

test('the basket is kept on the server across logout and login', async ({ page, request }) => {
  const user = await createUserThroughApi(request, 'basket-logout', { birthDetails: true });
  await signInBrowser(page, user.session);
  await page.goto('/dashboard');
  await addOffer(page, 'Environment report');
  await expect(basketLink(page)).toHaveAccessibleName('Basket, 1 item');

  await logoutFromUserMenu(page, user.name);
  await submitLogin(page, user.email, user.password);
  await expectPath(page, '/dashboard');

  // spec 2: fetched as soon as login happens.
  await expect(basketLink(page)).toHaveAccessibleName('Basket, 1 item');
  await basketLink(page).click();
  await expect(basketItem(page, 'Environment report')).toBeVisible();
});
