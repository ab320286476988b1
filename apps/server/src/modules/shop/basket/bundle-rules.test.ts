import { shopApiPaths } from '@app/contract/api-paths';
import { addCartItemEnvelope, basketRuleMessages, includedInBundleBody } from '@app/contract/basket';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantedReports } from '../../../db/schema/granted-reports.ts';
import { products } from '../../../db/schema/products.ts';
import { registerUser, type RegisteredUser } from '../../../../test/auth-helpers.ts';
import { checkout, createCheckoutTestApp } from '../../../../test/checkout-helpers.ts';
import { readPdf } from '../../../../test/pdf-reader.ts';
import { addToBasket, basketOf, cartCall, productBySku, seededSkus } from '../../../../test/shop-fixtures.ts';
import type { TestApp } from '../../../../test/test-app.ts';

// Issue 16, "a bundle and its single reports": never in the basket together (adding the bundle
// replaces its singles and says which; a single whose bundle is there is refused), and a bundle is
// priced down by the reports its buyer owns, in the basket, on the order and its invoice, with VAT
// on what is paid. Seeded prices: BIG5 29.00, Environment 19.00, Values 19.00, the bundle 54.00.

let t: TestApp;

beforeAll(async () => {
  t = await createCheckoutTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function add(user: RegisteredUser, sku: string) {
  const product = await productBySku(t, sku);
  return cartCall(t, user, { method: 'POST', url: shopApiPaths.cartItems, payload: { product_id: product.id } });
}

/** Buys the products through the real checkout, so the reports are granted as in production. */
async function buy(user: RegisteredUser, ...skus: string[]): Promise<void> {
  for (const sku of skus) await addToBasket(t, user, sku);
  expect((await checkout(t, user)).status).toBe('paid');
}

describe('adding a bundle whose single reports are in the basket', () => {
  it('replaces them with the bundle and names them in `replaced`', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, seededSkus.big5);
    await addToBasket(t, user, seededSkus.values);
    await addToBasket(t, user, seededSkus.teamProfiles, 3);
    const big5 = await productBySku(t, seededSkus.big5);
    const values = await productBySku(t, seededSkus.values);

    const response = await add(user, seededSkus.bundle);

    expect(response.statusCode).toBe(200);
    const answer = addCartItemEnvelope.parse(response.json());
    expect(answer.replaced).toEqual([
      { product_id: big5.id, product_title: 'BIG5 personality report', quantity: 1 },
      { product_id: values.id, product_title: 'Top 10 values report', quantity: 1 },
    ]);
    // The organisation service stays; the singles are gone, so no report is paid for twice.
    expect(answer.data.items.map((item) => item.product_sku)).toEqual([seededSkus.teamProfiles, seededSkus.bundle]);
    // 3 x 24.00 + 54.00 = 126.00, + 19 % = 149.94.
    expect(answer.data.summary).toMatchObject({ subtotal: 12_600, total: 14_994 });
  });

  it('answers an empty `replaced` for a product that replaces nothing', async () => {
    const user = await registerUser(t);
    const response = await add(user, seededSkus.big5);
    expect(addCartItemEnvelope.parse(response.json()).replaced).toEqual([]);
    const bundle = await add(user, seededSkus.bundle);
    expect(addCartItemEnvelope.parse(bundle.json()).replaced.map((item) => item.product_title)).toEqual(['BIG5 personality report']);
    const again = await add(user, seededSkus.environment);
    expect(again.statusCode).toBe(409);
  });

  it('takes the singles back out of nothing when the bundle is refused (already in the basket)', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, seededSkus.bundle);
    const response = await add(user, seededSkus.bundle);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'itemAlreadyExists', title: 'Complete profile bundle' });
    expect(basketOf(await cartCall(t, user, { method: 'GET', url: shopApiPaths.cart })).items).toHaveLength(1);
  });

  it('lets Undo bring the singles back: the bundle removed first, then each single added again', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, seededSkus.big5);
    const bundle = await productBySku(t, seededSkus.bundle);
    const added = addCartItemEnvelope.parse((await add(user, seededSkus.bundle)).json());

    expect((await cartCall(t, user, { method: 'DELETE', url: shopApiPaths.cartItem(bundle.id) })).statusCode).toBe(204);
    for (const item of added.replaced) {
      const restored = await cartCall(t, user, { method: 'POST', url: shopApiPaths.cartItems, payload: { product_id: item.product_id, quantity: item.quantity } });
      expect(restored.statusCode).toBe(200);
    }
    expect(basketOf(await cartCall(t, user, { method: 'GET', url: shopApiPaths.cart })).items.map((item) => item.product_sku)).toEqual([seededSkus.big5]);
  });
});

describe('adding a single report whose bundle is in the basket', () => {
  it('refuses it with 409 includedInBundle, naming the report and the bundle', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, seededSkus.bundle);

    const response = await add(user, seededSkus.environment);

    expect(response.statusCode).toBe(409);
    const message = 'Environment report is already in your basket as part of Complete profile bundle.';
    expect(basketRuleMessages.includedInBundle('Environment report', 'Complete profile bundle')).toBe(message);
    expect(includedInBundleBody.parse(response.json())).toEqual({ message, code: 'includedInBundle', title: 'Environment report', bundle_title: 'Complete profile bundle' });
    expect(basketOf(await cartCall(t, user, { method: 'GET', url: shopApiPaths.cart })).items.map((item) => item.product_sku)).toEqual([seededSkus.bundle]);
  });

  it('still adds an organisation service beside the bundle', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, seededSkus.bundle);
    expect((await add(user, seededSkus.teamProfiles)).statusCode).toBe(200);
  });
});

describe('a bundle of which the buyer owns reports', () => {
  it('is priced down by the owned single reports, and the line says by how much and for which', async () => {
    const user = await registerUser(t);
    await buy(user, seededSkus.big5);

    const basket = addCartItemEnvelope.parse((await add(user, seededSkus.bundle)).json()).data;

    expect(basket.items[0]).toMatchObject({ product_sku: seededSkus.bundle, list_price: 5400, owned_reduction: 2900, owned_report_types: ['big5'], unit_price: 2500, total_price: 2500 });
    // VAT on what is paid: 25.00 + 19 % (4.75) = 29.75.
    expect(basket.summary).toMatchObject({ subtotal: 2500, vat_amount: 475, total: 2975 });
  });

  it('shows other lines at their list price, with no reduction', async () => {
    const user = await registerUser(t);
    const basket = await addToBasket(t, user, seededSkus.big5);
    expect(basket.items[0]).toMatchObject({ list_price: 2900, owned_reduction: 0, owned_report_types: [], unit_price: 2900 });
  });

  it('costs the bundle less two owned reports, and nothing below zero', async () => {
    const user = await registerUser(t);
    await buy(user, seededSkus.environment, seededSkus.values);
    const two = await addToBasket(t, user, seededSkus.bundle);
    // 54.00 - 19.00 - 19.00 = 16.00.
    expect(two.items[0]).toMatchObject({ unit_price: 1600, owned_reduction: 3800, owned_report_types: ['environment', 'values'] });

    await t.db.update(products).set({ unitPrice: 4000 }).where(eq(products.sku, seededSkus.environment));
    try {
      const free = basketOf(await cartCall(t, user, { method: 'GET', url: shopApiPaths.cart }));
      // 54.00 - 40.00 - 19.00 < 0: the floor is zero.
      expect(free.items[0]).toMatchObject({ unit_price: 0, owned_reduction: 5400 });
      expect(free.summary.total).toBe(0);
    } finally {
      await t.db.update(products).set({ unitPrice: 1900 }).where(eq(products.sku, seededSkus.environment));
    }
  });

  it('is paid at the reduced price: the order line keeps the list price and the owned report, VAT is on the price paid, and only the missing reports are granted', async () => {
    const user = await registerUser(t);
    await buy(user, seededSkus.big5);
    await addToBasket(t, user, seededSkus.bundle);

    const paid = await checkout(t, user);

    expect(paid.status).toBe('paid');
    expect(paid.order.lines).toEqual([expect.objectContaining({ sku: seededSkus.bundle, unit_price: 2500, list_price: 5400, line_subtotal: 2500, owned_report_types: ['big5'] })]);
    expect(paid.order.summary).toMatchObject({ subtotal: 2500, vat_amount: 475, total: 2975 });
    const grants = await t.db.select({ type: grantedReports.reportType }).from(grantedReports).where(and(eq(grantedReports.userId, user.account.id), eq(grantedReports.orderId, paid.order.id)));
    expect(grants.map((grant) => grant.type).sort()).toEqual(['complete', 'environment', 'values']);

    const invoice = await t.app.inject({ method: 'GET', url: shopApiPaths.orderInvoice(paid.order.id), headers: user.authHeaders });
    const text = (await readPdf(invoice.rawPayload)).text.replace(/\s+/g, ' ');
    expect(text).toContain('List price €54.00, less €29.00 for reports already owned: BIG5 personality report');
  });

  it('is refused once every report in it is owned', async () => {
    const user = await registerUser(t);
    await buy(user, seededSkus.big5, seededSkus.environment, seededSkus.values);
    const response = await add(user, seededSkus.bundle);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { product_id: [basketRuleMessages.bundleAlreadyOwned('Complete profile bundle')] } });
  });
});
