import { shopApiPaths } from '@app/contract/api-paths';
import { basketRuleMessages } from '@app/contract/basket';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantedReports } from '../../db/schema/granted-reports.ts';
import { orders } from '../../db/schema/orders.ts';
import { paymentTransactions } from '../../db/schema/transactions.ts';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { addToBasket, basketOf, checkout, checkoutBody, createCheckoutTestApp, postCheckout, productIdBySku } from '../../../test/checkout-helpers.ts';
import { type TestApp } from '../../../test/test-app.ts';

// Issue 5: a report the buyer already owns is not sold again: refused when added to the basket,
// and checked once more at checkout (a report granted meanwhile), before anything is charged.

let t: TestApp;

beforeAll(async () => {
  t = await createCheckoutTestApp();
});
afterAll(async () => {
  await t?.close();
});

function addBySku(user: RegisteredUser, productId: string) {
  return t.app.inject({ method: 'POST', url: shopApiPaths.cartItems, headers: user.headersWithCsrf, payload: { product_id: productId } });
}

/** Buys the products through the real checkout (4242), so the reports are granted as in production. */
async function buy(user: RegisteredUser, ...skus: string[]): Promise<void> {
  for (const sku of skus) await addToBasket(t, user, sku);
  expect((await checkout(t, user)).status).toBe('paid');
}

describe('buying a report one already owns', () => {
  it('refuses to add an owned report to the basket with 422 on product_id and says so', async () => {
    const user = await registerUser(t);
    await buy(user, 'REPORT-BIG5');

    const response = await addBySku(user, await productIdBySku(t, 'REPORT-BIG5'));

    expect(response.statusCode).toBe(422);
    const message = 'You already own this report (BIG5 personality report); you will find it under Reports.';
    expect(basketRuleMessages.reportAlreadyOwned('BIG5 personality report')).toBe(message);
    expect(response.json()).toMatchObject({ message, errors: { product_id: [message] } });
    expect(await basketOf(t, user)).toBeNull();
  });

  it('still sells the reports the buyer does not own', async () => {
    const user = await registerUser(t);
    await buy(user, 'REPORT-BIG5');

    expect((await addBySku(user, await productIdBySku(t, 'REPORT-ENVIRONMENT'))).statusCode).toBe(200);
  });

  it('refuses the bundle only when every report in it is owned', async () => {
    const user = await registerUser(t);
    const bundle = await productIdBySku(t, 'BUNDLE-COMPLETE');
    await buy(user, 'REPORT-BIG5', 'REPORT-ENVIRONMENT');

    // Two of three owned: the bundle still brings the values report.
    const partly = await addBySku(user, bundle);
    expect(partly.statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: shopApiPaths.cart, headers: user.headersWithCsrf });

    await buy(user, 'REPORT-VALUES');
    const response = await addBySku(user, bundle);
    expect(response.statusCode).toBe(422);
    const message = 'You already own every report in this bundle (Complete profile bundle); you will find them under Reports.';
    expect(basketRuleMessages.bundleAlreadyOwned('Complete profile bundle')).toBe(message);
    expect(response.json()).toMatchObject({ message, errors: { product_id: [message] } });
  });

  it('refuses the single reports once the bundle granted them', async () => {
    const user = await registerUser(t);
    await buy(user, 'BUNDLE-COMPLETE');

    for (const sku of ['REPORT-BIG5', 'REPORT-ENVIRONMENT', 'REPORT-VALUES']) {
      expect((await addBySku(user, await productIdBySku(t, sku))).statusCode).toBe(422);
    }
  });

  it('sells organisation services whatever the buyer owns', async () => {
    const user = await registerUser(t);
    await buy(user, 'BUNDLE-COMPLETE');

    expect((await addBySku(user, await productIdBySku(t, 'SERVICE-TEAM-PROFILES'))).statusCode).toBe(200);
  });

  it('charges nothing when a report in the basket was granted meanwhile, and says which', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, 'REPORT-VALUES');
    await addToBasket(t, user, 'REPORT-ENVIRONMENT');
    // Granted while it sat in the basket (an order paid in another tab).
    const other = await registerUser(t);
    await buy(other, 'REPORT-BIG5'); // an order to hang the grant on
    const [someOrder] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, other.account.id));
    if (!someOrder) throw new Error('no order to attach the grant to');
    await t.db.insert(grantedReports).values({ userId: user.account.id, orderId: someOrder.id, reportType: 'values' });

    const response = await postCheckout(t, user, checkoutBody());

    expect(response.statusCode).toBe(400);
    const message = 'You already own Top 10 values report, so nothing was charged. Remove it from your basket to continue.';
    expect(basketRuleMessages.ownedAtCheckout('Top 10 values report')).toBe(message);
    expect(response.json()).toEqual({ message });
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.account.id))).toHaveLength(0);
    expect(await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, user.account.id))).toHaveLength(0);
    expect((await basketOf(t, user))?.items).toHaveLength(2);
  });
});
