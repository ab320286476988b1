import { reportApiPaths, shopApiPaths } from '@app/contract/api-paths';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiUser } from './lib/api.ts';
import { holdWritesTo, queryServerDatabase } from './lib/database.ts';
import { faultServer, waitFor } from './lib/server.ts';

// Issue 14, "Faults": the server is killed (SIGKILL) in the middle of a checkout, at its worst
// moment: the order is placed and the card is being charged. The charge goes through at the payment
// provider, but the server dies before it hears the answer. Started again on the same data: the paid
// order is not lost, the buyer is charged once, the basket is consistent.

const server = faultServer({ name: 'checkout', port: 3430, templateDataDir: inject('faultsTemplateDataDir') });

beforeAll(() => server.start());
afterAll(() => server.close());

interface OrderList {
  data: Array<{ id: string; status: string; total: number }>;
}
interface TransactionList {
  data: Array<{ status: string; amount: number }>;
}

describe('SIGKILL during a checkout', () => {
  it('keeps the paid order, charges once and leaves the basket consistent after the restart', async () => {
    const buyer = await ApiUser.signUp(server.baseUrl, 'checkout-crash');
    expect((await buyer.addToBasket('REPORT-BIG5')).status).toBe(200);

    // The test provider keeps its payments in test_provider_payments: holding writes to it stops
    // the checkout right where the provider charges, after the order was placed.
    const lock = await holdWritesTo(server.dataDir, 'test_provider_payments');
    const checkout = buyer.checkout().then(
      (response) => ({ answered: response.status }),
      (error: unknown) => ({ failed: String(error) }),
    );
    await lock.waitForBlockedWriter();
    await server.kill();
    // The buyer's page sees the connection drop, not an answer.
    expect(await checkout).toHaveProperty('failed');

    const [order] = await queryServerDatabase<{ id: string; status: string; provider_payment_id: string | null }>(
      server.dataDir,
      `select o.id, o.status, o.provider_payment_id from orders o join users u on u.id = o.user_id where u.email = $1`,
      [buyer.email],
    );
    expect(order).toMatchObject({ status: 'pending_payment', provider_payment_id: null });
    // The provider goes on and takes the money (its statement was already sent): the charge the
    // server never heard about.
    await lock.release();
    const key = `order-${order?.id}`;
    await waitFor('the orphaned charge to reach the provider', async () => {
      const rows = await queryServerDatabase<{ status: string }>(server.dataDir, 'select status from test_provider_payments where idempotency_key = $1', [key]);
      return rows[0]?.status === 'succeeded' ? true : undefined;
    });

    // The server comes back more than a minute later (the order's last change moved back by that
    // much): long enough for the checkout to count as stalled rather than still running elsewhere.
    await queryServerDatabase(server.dataDir, `update orders set updated_at = updated_at - interval '61 seconds' where id = $1`, [order?.id]);
    await server.start();

    // Until it is settled the order waits and the basket still holds what was bought.
    const basket = await buyer.get<{ data: { items: unknown[] } }>(shopApiPaths.cart);
    expect(basket.status).toBe(200);
    expect(basket.body.data.items).toHaveLength(1);

    // The buyer, seeing no confirmation, pays again: the earlier order is found paid at the
    // provider and fulfilled; nothing new is charged and the basket is empty.
    const retried = await buyer.checkout();
    expect(retried.status).toBe(400);
    expect(retried.body).toEqual({ message: 'Your basket is empty.' });

    const orders = await buyer.get<OrderList>(shopApiPaths.orders);
    expect(orders.body.data.map((row) => [row.id, row.status])).toEqual([[order?.id, 'paid']]);
    // An empty basket is "no data" (spec section 4 of the design: 204).
    expect((await buyer.get(shopApiPaths.cart)).status).toBe(204);
    const transactions = await buyer.get<TransactionList>(shopApiPaths.transactions);
    expect(transactions.body.data.map((row) => row.status)).toEqual(['succeeded']);
    const reports = await buyer.get<{ data: Array<{ type: string }> }>(reportApiPaths.list);
    expect(reports.body.data.map((report) => report.type)).toEqual(['big5']);

    // At the provider: one payment for this buyer, the one of the first checkout.
    const payments = await queryServerDatabase<{ idempotency_key: string; status: string }>(
      server.dataDir,
      `select p.idempotency_key, p.status from test_provider_payments p join orders o on p.idempotency_key = 'order-' || o.id
       join users u on u.id = o.user_id where u.email = $1`,
      [buyer.email],
    );
    expect(payments).toEqual([{ idempotency_key: key, status: 'succeeded' }]);
    const [{ count } = { count: -1 }] = await queryServerDatabase<{ count: number }>(server.dataDir, `select count(*)::int as count from test_provider_payments`);
    expect(count).toBe(1);
  });
});
