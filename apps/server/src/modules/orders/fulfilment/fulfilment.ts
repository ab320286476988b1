import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/connection.ts';
import type { DatabaseHandle } from '../../../db/database-handle.ts';
import { orderLines } from '../../../db/schema/order-lines.ts';
import { orders } from '../../../db/schema/orders.ts';
import { paymentTransactions } from '../../../db/schema/transactions.ts';
import type { Mailer } from '../../mail/public.ts';
import { rememberCheckoutBillingDetails } from '../../billing-details/public.ts';
import { storePaymentMethod, type SavedMethodDetails } from '../../payments/public.ts';
import { clearBasket, confirmCouponRedemption, releaseCouponRedemption, reportTypesOf } from '../../shop/public.ts';
import { reportTypes as reportTypesSold } from '@app/contract/basket';
import { queueOrderConfirmation } from './order-confirmation.ts';
import { openOrderStatuses } from '../order-statuses.ts';
import type { OrderRow } from '../order-view.ts';

export { openOrderStatuses };

export interface FulfilDeps {
  db: Database;
  /** Sends the order confirmation e-mail, queued in the paid transition's transaction. */
  mail: Mailer;
  log: FastifyBaseLogger;
}

export interface FulfilInput {
  orderId: string;
  paymentId: string;
  /** A card the payment saved ("save card"). */
  savedMethod: SavedMethodDetails | null;
  at: Date;
}

/**
 * THE paid transition (issue 5, "Correctness details"). One conditional update moves the order
 * from pending_payment or requires_action to paid; only the caller whose update matched goes on,
 * in the same transaction, to count the coupon, empty the basket, record the transaction, grant
 * the purchased reports, keep a saved card and the billing details the buyer asked to remember,
 * and queue the order confirmation e-mail. The browser's
 * return path, the webhook and the sweeper all call this, so whichever comes second finds nothing
 * to do (and sends no second e-mail). Returns the paid order, or null when it was not open any more.
 */
export async function fulfil(deps: FulfilDeps, input: FulfilInput): Promise<OrderRow | null> {
  return deps.db.transaction(async (tx) => {
    // The buyer's lock (lockBuyerCheckout's key), taken in the statement that finds the buyer: one
    // round trip instead of two. An anonymised order (no user) has no basket to guard.
    const owner = await tx.execute<{ coupon_id: string | null }>(
      sql`select pg_advisory_xact_lock(hashtextextended('checkout:' || user_id::text, 0)), coupon_id from orders where id = ${input.orderId}`,
    );
    const [order] = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: input.at, updatedAt: input.at, providerPaymentId: sql`coalesce(${orders.providerPaymentId}, ${input.paymentId})`, failureCode: null, failureMessage: null })
      .where(and(eq(orders.id, input.orderId), inArray(orders.status, [...openOrderStatuses])))
      .returning();
    if (!order) return null;

    if (owner.rows[0]?.coupon_id) await confirmCouponRedemption(tx, { orderId: order.id });
    const lines = await paidLines(tx, order.id);
    if (order.userId) {
      await clearBasket(tx, order.userId);
      // Contract report types only: plain words, so they form an array literal as they are.
      const reportTypes: string[] = reportTypesOf([...new Set(lines.flatMap((line) => (line.report_types.length > 0 ? line.report_types : line.report_type ? [line.report_type] : [])))]);
      // A line that grants all three reports (the bundle) grants the complete profile as its
      // fourth (docs/decisions.md, "Reports: the complete profile").
      if (lines.some((line) => reportTypesSold.every((type) => line.report_types.includes(type)))) reportTypes.push('complete');
      if (reportTypes.length > 0) {
        // Issue 16: a bundle priced down by the reports its buyer owned grants only the others
        // (a second copy of an owned report would add nothing: an owned report is updated instead).
        await tx.execute(sql`
          insert into granted_reports (user_id, order_id, report_type, status, created_at, updated_at)
          select ${order.userId}, ${order.id}, wanted.report_type, 'pending', ${input.at}, ${input.at}
          from unnest(${`{${reportTypes.join(',')}}`}::text[]) as wanted(report_type)
          where not exists (select 1 from granted_reports g where g.user_id = ${order.userId} and g.report_type = wanted.report_type)
          on conflict do nothing`);
      }
      // Issue 16: the buyer ticked "Remember these billing details"; kept once the order is paid.
      if (order.rememberBillingDetails) await rememberCheckoutBillingDetails(tx, order.userId, order.billing, input.at);
      if (input.savedMethod) {
        const method = await storePaymentMethod(tx, order.paymentProvider, order.userId, input.savedMethod, { makeDefault: false, at: input.at });
        await tx.update(orders).set({ paymentMethodId: method.id }).where(eq(orders.id, order.id));
      }
    }
    await tx.execute(sql`
      insert into payment_transactions (user_id, order_id, reference, provider, status, description, amount, currency, created_at)
      values (${order.userId}, ${order.id}, ${order.providerPaymentId ?? input.paymentId}, ${order.paymentProvider}, 'succeeded',
        ${describeOrder(order, lines)}, ${order.total}, ${order.currency}, ${input.at})
      on conflict do nothing`);
    await queueOrderConfirmation(tx, deps, order);
    return order;
  });
}

/** What fulfil needs of an order's lines: the titles for the description, the reports to grant. */
async function paidLines(tx: DatabaseHandle, orderId: string) {
  const result = await tx.execute<{ title: string; quantity: number; report_type: string | null; report_types: string[] }>(
    sql`select title, quantity, report_type, report_types from order_lines where order_id = ${orderId} order by position`,
  );
  return result.rows;
}

export interface SettleFailureInput {
  orderId: string;
  /** 'failed' for a refused payment, 'expired' for one nobody finished in time. */
  status: 'failed' | 'expired';
  failureCode: string;
  failureMessage: string;
  /** The provider's payment, when a charge was attempted: a failed transaction is recorded. */
  paymentId: string | null;
  at: Date;
}

/**
 * The failed (or expired) transition, conditional like `fulfil`: the basket is kept, the coupon's
 * reserved use is given back, and an attempted charge is listed as a failed transaction. Returns
 * the order if this call made the change.
 */
export async function settleFailure(db: Database, input: SettleFailureInput): Promise<OrderRow | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({
        status: input.status,
        failureCode: input.failureCode,
        failureMessage: input.failureMessage,
        updatedAt: input.at,
        providerPaymentId: input.paymentId === null ? orders.providerPaymentId : sql`coalesce(${orders.providerPaymentId}, ${input.paymentId})`,
      })
      .where(and(eq(orders.id, input.orderId), inArray(orders.status, [...openOrderStatuses])))
      .returning();
    if (!order) return null;
    await releaseCouponRedemption(tx, { orderId: order.id });
    if (input.paymentId !== null || input.status === 'failed') {
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position));
      await tx
        .insert(paymentTransactions)
        .values({
          userId: order.userId,
          orderId: order.id,
          reference: order.providerPaymentId ?? `order-${order.number}`,
          provider: order.paymentProvider,
          status: 'failed',
          description: describeOrder(order, lines),
          amount: order.total,
          currency: order.currency,
          failureCode: input.failureCode,
          createdAt: input.at,
        })
        .onConflictDoNothing();
    }
    return order;
  });
}

/** A payment that succeeded for an order no longer open (it expired first): given back in full. */
export async function recordRefund(db: Database, order: OrderRow, refundId: string, at: Date): Promise<void> {
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position));
  await db
    .insert(paymentTransactions)
    .values({
      userId: order.userId,
      orderId: order.id,
      reference: refundId,
      provider: order.paymentProvider,
      status: 'refunded',
      description: `Refund: ${describeOrder(order, lines)}`,
      amount: order.total,
      currency: order.currency,
      createdAt: at,
    })
    .onConflictDoNothing();
}

/** Whether a refund was already recorded for this order (the webhook may repeat). */
export async function hasRefund(db: Database, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, orderId), eq(paymentTransactions.status, 'refunded')))
    .limit(1);
  return row !== undefined;
}

/**
 * Serialises a buyer's order creation with the fulfilment that empties their basket: a checkout
 * that began while another order of the same basket was being paid then re-prices the basket
 * after the payment committed, and finds it empty, instead of charging the same basket twice.
 */
export async function lockBuyerCheckout(tx: DatabaseHandle, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${userId}`}, 0))`);
}

/** The payments list's description: "Order 2026-000042: BIG5 report, Environment report". */
export function describeOrder(order: Pick<OrderRow, 'number'>, lines: ReadonlyArray<{ title: string; quantity: number }>): string {
  const items = lines.map((line) => (line.quantity > 1 ? `${line.title} × ${line.quantity}` : line.title)).join(', ');
  const text = `Order ${order.number}: ${items}`;
  return text.length > 250 ? `${text.slice(0, 249)}…` : text;
}
