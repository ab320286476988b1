import type { PageQuery } from '@app/contract/orders';
import type { Transaction, TransactionList, TransactionOrder, TransactionStatus } from '@app/contract/transactions';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/connection.ts';
import { orderLines } from '../../../db/schema/order-lines.ts';
import { orders } from '../../../db/schema/orders.ts';
import { paymentTransactions } from '../../../db/schema/transactions.ts';

const statuses: readonly TransactionStatus[] = ['succeeded', 'failed', 'pending', 'refunded'];

function toTransaction(row: typeof paymentTransactions.$inferSelect, order: TransactionOrder | null): Transaction {
  return {
    id: row.id,
    transaction: row.reference,
    status: statuses.find((status) => status === row.status) ?? 'pending',
    description: row.description,
    date: row.createdAt.toISOString(),
    amount: row.amount,
    order_id: row.orderId,
    order,
  };
}

/**
 * The orders a page of transactions paid for, by id (issue 16: the list shows what was bought,
 * with the invoice of a paid order). Two reads for the whole page, not one per row.
 */
async function ordersOf(db: Database, orderIds: string[]): Promise<Map<string, TransactionOrder>> {
  const found = new Map<string, TransactionOrder>();
  if (orderIds.length === 0) return found;
  const [orderRows, lineRows] = await Promise.all([
    db.select({ id: orders.id, number: orders.number, status: orders.status }).from(orders).where(inArray(orders.id, orderIds)),
    db
      .select({ orderId: orderLines.orderId, title: orderLines.title, quantity: orderLines.quantity })
      .from(orderLines)
      .where(inArray(orderLines.orderId, orderIds))
      .orderBy(asc(orderLines.orderId), asc(orderLines.position)),
  ]);
  for (const row of orderRows) {
    const items = lineRows.filter((line) => line.orderId === row.id).map(({ title, quantity }) => ({ title, quantity }));
    found.set(row.id, { id: row.id, number: row.number, items, invoice_available: row.status === 'paid' });
  }
  return found;
}

/** The caller's transactions, newest first, one page at a time, each with the order it paid for. */
export async function listTransactions(db: Database, userId: string, page: PageQuery): Promise<TransactionList> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.userId, userId))
      .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page),
    db.select({ total: sql<number>`count(*)::int` }).from(paymentTransactions).where(eq(paymentTransactions.userId, userId)),
  ]);
  const orderIds = [...new Set(rows.flatMap((row) => (row.orderId === null ? [] : [row.orderId])))];
  const ordersById = await ordersOf(db, orderIds);
  return {
    data: rows.map((row) => toTransaction(row, row.orderId === null ? null : (ordersById.get(row.orderId) ?? null))),
    meta: { page: page.page, per_page: page.per_page, total: counted?.total ?? 0 },
  };
}
