import { orderStatus, type GrantedReport, type Order, type OrderList, type OrderListQuery, type OrderStatus } from '@app/contract/orders';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import type { grantedReports } from '../../db/schema/granted-reports.ts';
import type { orderLines } from '../../db/schema/order-lines.ts';
import { orders } from '../../db/schema/orders.ts';
import { NotFoundError } from '../../lib/domain-errors.ts';
import { orderQueries } from './order-queries.ts';

export type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type GrantRow = typeof grantedReports.$inferSelect;
export const orderNotFound = 'This order was not found.';

const grantStatuses: ReadonlyArray<GrantedReport['status']> = ['pending', 'generating', 'ready', 'failed'];

export function statusOf(row: OrderRow): OrderStatus {
  return orderStatus.catch('failed').parse(row.status);
}

/** The caller's order, or 404 whether it does not exist or belongs to someone else. */
export async function findOwnOrder(db: DatabaseHandle, userId: string, orderId: string): Promise<OrderRow> {
  const [row] = await orderQueries(db).byId.execute({ orderId });
  if (!row || row.userId !== userId) throw new NotFoundError(orderNotFound);
  return row;
}

export async function orderView(db: DatabaseHandle, row: OrderRow): Promise<Order> {
  const [views] = await orderViews(db, [row]);
  if (!views) throw new NotFoundError(orderNotFound);
  return views;
}

export async function listOrders(db: DatabaseHandle, userId: string, page: OrderListQuery): Promise<OrderList> {
  const theirs = page.status === undefined ? eq(orders.userId, userId) : and(eq(orders.userId, userId), eq(orders.status, page.status));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(theirs)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page),
    db.select({ total: sql<number>`count(*)::int` }).from(orders).where(theirs),
  ]);
  return { data: await orderViews(db, rows), meta: { page: page.page, per_page: page.per_page, total: counted?.total ?? 0 } };
}

async function orderViews(db: DatabaseHandle, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const queries = orderQueries(db);
  const [lines, grants] = await Promise.all([queries.linesOf.execute({ orderIds: ids }), queries.grantsOf.execute({ orderIds: ids })]);
  return rows.map((row) =>
    toOrder(
      row,
      lines.filter((line) => line.orderId === row.id),
      grants.filter((grant) => grant.orderId === row.id),
    ),
  );
}

/** The API view of an order row with its lines and grants. */
export function toOrder(row: OrderRow, lines: LineRow[], grants: GrantRow[]): Order {
  const status = statusOf(row);
  return {
    id: row.id,
    number: row.number,
    status,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    lines: lines.map((line) => ({
      product_id: line.productId,
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      unit_price: line.unitPrice,
      line_subtotal: line.lineSubtotal,
      line_discount: line.lineDiscount,
      report_type: line.reportType,
      report_types: line.reportTypes,
      list_price: line.listPrice ?? line.unitPrice,
      owned_report_types: line.ownedReportTypes,
    })),
    summary: {
      subtotal: row.subtotal,
      discount_amount: row.discountAmount,
      vat_amount: row.vatAmount,
      vat_percentage: row.vatBasisPoints / 100,
      total: row.total,
      item_count: lines.reduce((sum, line) => sum + line.quantity, 0),
    },
    coupon_code: row.couponCode,
    reverse_charge: row.reverseCharge,
    billing: row.billing,
    reports: grants.map((grant) => ({
      id: grant.id,
      report_type: grant.reportType,
      status: grantStatuses.find((known) => known === grant.status) ?? 'pending',
    })),
    invoice_available: status === 'paid',
  };
}
