import type { PageQuery } from '@app/contract/orders';
import type { Transaction, TransactionList, TransactionStatus } from '@app/contract/transactions';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import { paymentTransactions } from '../../db/schema/transactions.ts';

const statuses: readonly TransactionStatus[] = ['succeeded', 'failed', 'pending', 'refunded'];

function toTransaction(row: typeof paymentTransactions.$inferSelect): Transaction {
  return {
    id: row.id,
    transaction: row.reference,
    status: statuses.find((status) => status === row.status) ?? 'pending',
    description: row.description,
    date: row.createdAt.toISOString(),
    amount: row.amount,
    order_id: row.orderId,
  };
}

/** The caller's transactions, newest first, one page at a time. */
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
  return { data: rows.map(toTransaction), meta: { page: page.page, per_page: page.per_page, total: counted?.total ?? 0 } };
}
