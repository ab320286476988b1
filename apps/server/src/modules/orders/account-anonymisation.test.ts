import { accountApiPaths } from '@app/contract/api-paths';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.ts';
import { paymentTransactions } from '../../db/schema/transactions.ts';
import { registerUser } from '../../../test/auth-helpers.ts';
import { addToBasket, card, checkout, checkoutBody, testCards, createCheckoutTestApp } from '../../../test/checkout-helpers.ts';
import { type TestApp } from '../../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createCheckoutTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('deleting an account with orders', () => {
  it('keeps paid orders and transactions without the person: invoice details stay, the e-mail goes', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, 'REPORT-BIG5');
    const failed = await checkout(t, user, checkoutBody({ payment: { method: 'card', card: card(testCards.declined) } }));
    const paid = await checkout(t, user);

    const deleted = await t.app.inject({ method: 'DELETE', url: accountApiPaths.deleteAccount, headers: user.headersWithCsrf, payload: { password: user.password } });
    expect(deleted.statusCode).toBe(204);

    const [paidRow] = await t.db.select().from(orders).where(eq(orders.id, paid.order.id));
    expect(paidRow?.userId).toBeNull();
    expect(paidRow?.status).toBe('paid');
    expect(paidRow?.billing).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', address: 'Unter den Linden 1', email: '' });
    const [failedRow] = await t.db.select().from(orders).where(eq(orders.id, failed.order.id));
    expect(failedRow?.billing).toMatchObject({ first_name: '', email: '', address: '' });
    const transactions = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, paid.order.id));
    expect(transactions.map((row) => [row.userId, row.status])).toEqual([[null, 'succeeded']]);
  });
});
