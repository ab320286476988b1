import { shopApiPaths } from '@app/contract/api-paths';
import { basketEnvelope } from '@app/contract/basket';
import { checkoutMessages } from '@app/contract/checkout';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema/orders.ts';
import { registerUser, type RegisteredUser } from '../../../../test/auth-helpers.ts';
import { addToBasket, basketOf, billing, checkout, checkoutBody, postCheckout, createCheckoutTestApp } from '../../../../test/checkout-helpers.ts';
import { type TestApp } from '../../../../test/test-app.ts';

// Issue 5's checkout bug: the page sends the total it shows as expected_total, and the server
// prices the order for the billing country. The page now shows GET /api/cart?country=<billing
// country>, so a buyer outside Germany can pay. The seeded BIG5 report costs 29.00 net.
let t: TestApp;
let user: RegisteredUser;

beforeAll(async () => {
  t = await createCheckoutTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  user = await registerUser(t);
});

/** The total the checkout page shows for this billing country. */
async function totalShownFor(country: string): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url: shopApiPaths.cart, query: { country }, headers: user.authHeaders });
  expect(response.statusCode).toBe(200);
  return basketEnvelope.parse(response.json()).data.summary.total;
}

describe('checkout with the total priced for the billing country', () => {
  it('pays a French buyer with the total of GET /api/cart?country=FR and freezes France’s 20 % on the order', async () => {
    await addToBasket(t, user, 'REPORT-BIG5');
    const expectedTotal = await totalShownFor('FR');
    expect(expectedTotal).toBe(3480);

    const result = await checkout(t, user, checkoutBody({ billing: billing({ country: 'FR', city: 'Paris', postal_code: '75001', address: '1 rue de Rivoli' }), expected_total: expectedTotal }));

    expect(result.status).toBe('paid');
    expect(result.order.summary).toEqual({ subtotal: 2900, discount_amount: 0, vat_amount: 580, vat_percentage: 20, total: 3480, item_count: 1 });
    expect(result.order.billing.country).toBe('FR');
    const [row] = await t.db.select({ vatCountry: orders.vatCountry, vatBasisPoints: orders.vatBasisPoints, total: orders.total }).from(orders).where(eq(orders.id, result.order.id));
    expect(row).toEqual({ vatCountry: 'FR', vatBasisPoints: 2000, total: 3480 });
    expect(await basketOf(t, user)).toBeNull();
  });

  it('pays a buyer in the United States without VAT', async () => {
    await addToBasket(t, user, 'REPORT-BIG5');
    const result = await checkout(t, user, checkoutBody({ billing: billing({ country: 'US', state: 'NY', city: 'New York', postal_code: '10001' }), expected_total: await totalShownFor('US') }));
    expect(result.status).toBe('paid');
    expect(result.order.summary).toMatchObject({ vat_amount: 0, vat_percentage: 0, total: 2900 });
  });

  it('still refuses the German total for a French billing address (the bug’s request), charging nothing', async () => {
    await addToBasket(t, user, 'REPORT-BIG5');
    const germanTotal = await totalShownFor('DE');
    const response = await postCheckout(t, user, checkoutBody({ billing: billing({ country: 'FR' }), expected_total: germanTotal }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'basket_changed', message: checkoutMessages.basketChanged });
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.account.id))).toHaveLength(0);
  });
});
