import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/connection.ts';
import { orders } from '../../../db/schema/orders.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Mailer } from '../../mail/public.ts';
import type { PaymentEventHandler, PaymentOutcome, PaymentProvider } from '../../payments/public.ts';
import { fulfil, hasRefund, openOrderStatuses, recordRefund, settleFailure } from './fulfilment.ts';
import { orderQueries } from '../order-queries.ts';
import type { OrderRow } from '../order-view.ts';

export interface OrdersDeps {
  db: Database;
  clock: Clock;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** The order confirmation e-mail goes out with the paid transition. */
  mail: Mailer;
  /** Asked in turn about a payment event that names no order (subscription periods). */
  otherPaymentHandlers?: readonly PaymentEventHandler[];
}

/**
 * Acts on where the provider says a payment stands: paid (fulfil), failed (keep the basket,
 * give the coupon back), waiting for the buyer (requires_action) or still processing. Every path
 * is a conditional update, so a second caller with the same news changes nothing. Returns the
 * order as it is afterwards.
 */
export async function applyPaymentOutcome(deps: OrdersDeps, order: OrderRow, outcome: PaymentOutcome): Promise<OrderRow> {
  const at = deps.clock.now();
  switch (outcome.status) {
    case 'succeeded': {
      const paid = await fulfil(deps, { orderId: order.id, paymentId: outcome.paymentId, savedMethod: outcome.savedMethod, at });
      if (paid) return paid;
      const current = await reload(deps.db, order.id);
      if (current.status === 'failed' || current.status === 'expired') await refundLatePayment(deps, current, outcome.paymentId);
      return current;
    }
    case 'failed': {
      await settleFailure(deps.db, { orderId: order.id, status: 'failed', failureCode: outcome.failureCode, failureMessage: outcome.failureMessage, paymentId: outcome.paymentId, at });
      return reload(deps.db, order.id);
    }
    case 'requires_action': {
      await deps.db
        .update(orders)
        .set({ status: 'requires_action', providerPaymentId: outcome.paymentId, updatedAt: at })
        .where(and(eq(orders.id, order.id), inArray(orders.status, [...openOrderStatuses]), or(isNull(orders.providerPaymentId), eq(orders.providerPaymentId, outcome.paymentId))));
      return reload(deps.db, order.id);
    }
    case 'processing': {
      await deps.db
        .update(orders)
        .set({ providerPaymentId: outcome.paymentId, updatedAt: at })
        .where(and(eq(orders.id, order.id), isNull(orders.providerPaymentId)));
      return reload(deps.db, order.id);
    }
  }
}

/**
 * Settles an order nobody will finish (the sweeper's stale orders, or an abandoned 3-D Secure
 * step when the buyer starts a new checkout): its payment is cancelled at the provider, or, if it
 * turns out to have succeeded meanwhile, the order is fulfilled after all.
 */
export async function abandonOpenOrder(deps: OrdersDeps, order: OrderRow): Promise<OrderRow> {
  const at = deps.clock.now();
  // No payment id kept: the charge may still have reached the provider, from a server that stopped
  // before it heard the answer (issue 14, "Faults"). Expiring the order then would lose a paid order.
  const paymentId = order.providerPaymentId ?? (await deps.provider.findByIdempotencyKey(orderPaymentIdempotencyKey(order.id)))?.paymentId;
  if (!paymentId) {
    await settleFailure(deps.db, { orderId: order.id, status: 'expired', failureCode: 'expired', failureMessage: 'The payment was not completed in time.', paymentId: null, at });
    return reload(deps.db, order.id);
  }
  if (!order.providerPaymentId) deps.log.warn({ orderId: order.id, paymentId }, 'an open order was charged by a server that stopped before it recorded the payment; settling it now');
  const outcome = await deps.provider.cancel(paymentId);
  if (outcome.status === 'failed') {
    await settleFailure(deps.db, { orderId: order.id, status: 'expired', failureCode: outcome.failureCode, failureMessage: 'The payment was not completed in time.', paymentId, at });
    return reload(deps.db, order.id);
  }
  return applyPaymentOutcome(deps, order, outcome);
}

/** Money taken for an order that had already failed or expired goes back to the buyer, once. */
async function refundLatePayment(deps: OrdersDeps, order: OrderRow, paymentId: string): Promise<void> {
  if (await hasRefund(deps.db, order.id)) return;
  deps.log.warn({ orderId: order.id, paymentId }, 'a payment succeeded for an order that was no longer open; refunding it');
  const { refundId } = await deps.provider.refund(paymentId);
  await recordRefund(deps.db, order, refundId, deps.clock.now());
}

/** The idempotency key of an order's charge: a retried charge is the same payment at the provider. */
export function orderPaymentIdempotencyKey(orderId: string): string {
  return `order-${orderId}`;
}

export async function reload(db: Database, orderId: string): Promise<OrderRow> {
  const [row] = await orderQueries(db).byId.execute({ orderId });
  if (!row) throw new Error(`order ${orderId} vanished`);
  return row;
}
