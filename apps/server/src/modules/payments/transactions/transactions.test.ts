import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../../test/auth-helpers.ts';
import { addToBasket, card, checkout, checkoutBody, createCheckoutTestApp, testCards, transactionsOf } from '../../../../test/checkout-helpers.ts';
import { type TestApp } from '../../../../test/test-app.ts';

// GET /api/transactions (issue 16): each payment names what it bought (the order's number and
// lines) and whether the invoice of that order can be downloaded, not only the provider's id.

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


describe('GET /api/transactions', () => {
  it('names the order a payment was for, with its lines and the invoice of a paid order', async () => {
    await addToBasket(t, user, 'REPORT-BIG5');
    await addToBasket(t, user, 'REPORT-ENVIRONMENT');
    const paid = await checkout(t, user);
    expect(paid.status).toBe('paid');

    const [row] = (await transactionsOf(t, user)).data;
    expect(row?.transaction).toMatch(/^pi_test_/);
    expect(row?.order).toEqual({
      id: paid.order.id,
      number: paid.order.number,
      items: paid.order.lines.map((line) => ({ title: line.title, quantity: line.quantity })),
      invoice_available: true,
    });
    expect(row?.order?.items).toHaveLength(2);
  });

  it('offers no invoice for a payment that failed, and names its order all the same', async () => {
    await addToBasket(t, user, 'REPORT-VALUES');
    const failed = await checkout(t, user, checkoutBody({ payment: { method: 'card', card: card(testCards.declined) } }));
    expect(failed.status).toBe('failed');
    const retried = await checkout(t, user);
    expect(retried.status).toBe('paid');

    const rows = (await transactionsOf(t, user)).data;
    expect(rows.map((row) => [row.status, row.order?.number, row.order?.invoice_available])).toEqual([
      ['succeeded', retried.order.number, true],
      ['failed', failed.order.number, false],
    ]);
    expect(rows.every((row) => row.order?.items.map((item) => item.title).join() === failed.order.lines[0]?.title)).toBe(true);
  });

  it('names the orders of every row on a later page too, and only the caller’s', async () => {
    for (const sku of ['REPORT-BIG5', 'REPORT-ENVIRONMENT', 'REPORT-VALUES']) {
      await addToBasket(t, user, sku);
      expect((await checkout(t, user)).status).toBe('paid');
    }
    const other = await registerUser(t);

    const second = await transactionsOf(t, user, '?page=2&per_page=2');
    expect(second.meta).toEqual({ page: 2, per_page: 2, total: 3 });
    expect(second.data).toHaveLength(1);
    // Oldest last: the first order, the BIG5 report.
    expect(second.data[0]?.order?.items).toEqual([{ title: expect.stringMatching(/BIG5/i), quantity: 1 }]);
    expect((await transactionsOf(t, other)).data).toEqual([]);
  });
});
