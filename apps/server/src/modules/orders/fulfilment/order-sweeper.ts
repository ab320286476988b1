import { and, inArray, lt } from 'drizzle-orm';
import { orders } from '../../../db/schema/orders.ts';
import { openOrderStatuses } from './fulfilment.ts';
import { processStoredEvent, unprocessedEvents } from './payment-events.ts';
import { abandonOpenOrder, type OrdersDeps } from './payment-outcomes.ts';
import { subscriptionEventOf } from '../../payments/public.ts';

export const sweepQueue = 'orders.sweep';
const batchSize = 100;
/** An event not handled within this long (its handler failed) is retried. */
const eventRetryDelayMs = 60_000;

export interface SweepResult {
  expired: number;
  paid: number;
  retriedEvents: number;
}

/**
 * The sweeper (a pg-boss schedule, every minute): orders still waiting for their payment after
 * ORDER_PAYMENT_TIMEOUT_MINUTES are settled (payment cancelled, coupon released; or fulfilled if
 * the payment succeeded after all), and payment events whose handling failed are retried.
 */
export async function sweepOrders(deps: OrdersDeps, timeoutMinutes: number): Promise<SweepResult> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - timeoutMinutes * 60_000);
  const stale = await deps.db
    .select()
    .from(orders)
    .where(and(inArray(orders.status, [...openOrderStatuses]), lt(orders.createdAt, cutoff)))
    .orderBy(orders.createdAt)
    .limit(batchSize);
  const result: SweepResult = { expired: 0, paid: 0, retriedEvents: 0 };
  for (const order of stale) {
    try {
      const settled = await abandonOpenOrder(deps, order);
      if (settled.status === 'paid') result.paid += 1;
      else if (settled.status === 'expired' || settled.status === 'failed') result.expired += 1;
    } catch (error) {
      // The provider may be unreachable: the next sweep tries again.
      deps.log.error({ err: error, orderId: order.id }, 'a stale order could not be settled');
    }
  }
  for (const event of await unprocessedEvents(deps, new Date(now.getTime() - eventRetryDelayMs), batchSize)) {
    await processStoredEvent(deps, event.eventId, { type: event.type, paymentId: event.paymentId, orderId: orderIdOf(event.payload), subscription: subscriptionEventOf(event.payload) });
    result.retriedEvents += 1;
  }
  return result;
}

function orderIdOf(payload: unknown): string | null {
  // Both providers' payloads carry the payment's metadata (Stripe: data.object.metadata).
  const record = payload as { metadata?: { order_id?: unknown }; data?: { object?: { metadata?: { order_id?: unknown } } } } | null;
  const orderId = record?.metadata?.order_id ?? record?.data?.object?.metadata?.order_id;
  return typeof orderId === 'string' ? orderId : null;
}
