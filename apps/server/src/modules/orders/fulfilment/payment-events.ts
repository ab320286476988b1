import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { webhookEvents } from '../../../db/schema/webhook-events.ts';
import type { ProviderEvent } from '../../payments/public.ts';
import { orderQueries } from '../order-queries.ts';
import { applyPaymentOutcome, type OrdersDeps } from './payment-outcomes.ts';

/** The events that can move an order; others are stored and marked processed. */
const paymentEventTypes = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.requires_action',
  'payment_intent.canceled',
  'payment_intent.processing',
]);

/** Stripe Billing's events about a subscription (handled by the billing module). */
const subscriptionEventTypes = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/** Events whose handling failed are retried by the sweeper this many times. */
export const maxEventAttempts = 10;

/**
 * A provider event (Stripe webhook, or the test provider's own): stored by its id first, so a
 * repeated delivery is recognised and ignored; then handled. Handling never trusts the event's
 * order or content: it asks the provider where the payment stands now and applies that, so
 * events that repeat or overtake each other end in the same state. Returns false for a duplicate.
 */
export async function receiveProviderEvent(deps: OrdersDeps, event: ProviderEvent): Promise<boolean> {
  const [stored] = await deps.db
    .insert(webhookEvents)
    .values({ provider: deps.provider.name, eventId: event.id, type: event.type, paymentId: event.paymentId, payload: event.payload, receivedAt: deps.clock.now() })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  if (!stored) return false;
  await processStoredEvent(deps, event.id, event);
  return true;
}

/** Handles a stored event; a failure is noted on its row and retried by the sweeper. */
export async function processStoredEvent(deps: OrdersDeps, eventId: string, event: Pick<ProviderEvent, 'type' | 'paymentId' | 'orderId' | 'subscription'>): Promise<void> {
  try {
    await handleEvent(deps, event);
    await deps.db
      .update(webhookEvents)
      .set({ processedAt: deps.clock.now(), attempts: sql`${webhookEvents.attempts} + 1`, lastError: null })
      .where(and(eq(webhookEvents.provider, deps.provider.name), eq(webhookEvents.eventId, eventId)));
  } catch (error) {
    deps.log.error({ err: error, eventId }, 'a payment event could not be handled; it will be retried');
    await deps.db
      .update(webhookEvents)
      .set({ attempts: sql`${webhookEvents.attempts} + 1`, lastError: error instanceof Error ? error.message.slice(0, 500) : 'unknown error' })
      .where(and(eq(webhookEvents.provider, deps.provider.name), eq(webhookEvents.eventId, eventId)));
  }
}

async function handleEvent(deps: OrdersDeps, event: Pick<ProviderEvent, 'type' | 'paymentId' | 'orderId' | 'subscription'>): Promise<void> {
  const subscription = event.subscription ?? null;
  if (subscription && subscriptionEventTypes.has(event.type)) {
    for (const handler of deps.otherPaymentHandlers ?? []) if (await handler({ type: event.type, paymentId: null, subscription })) return;
    deps.log.info({ subscriptionId: subscription.subscriptionId }, 'a subscription event names no subscription of ours');
    return;
  }
  if (!paymentEventTypes.has(event.type) || !event.paymentId) return;
  const order = await findOrderForPayment(deps, event.paymentId, event.orderId);
  if (!order) {
    for (const handler of deps.otherPaymentHandlers ?? []) if (await handler({ type: event.type, paymentId: event.paymentId, subscription: null })) return;
    deps.log.info({ paymentId: event.paymentId }, 'a payment event names no order of ours');
    return;
  }
  const outcome = await deps.provider.retrieve(event.paymentId);
  await applyPaymentOutcome(deps, order, outcome);
}

/**
 * The order of a payment: by the payment id we stored, or by the order id in the payment's
 * metadata when the event overtook the charge's answer (then the id must not name another payment).
 */
async function findOrderForPayment(deps: OrdersDeps, paymentId: string, orderId: string | null) {
  const queries = orderQueries(deps.db);
  const [byPayment] = await queries.byPayment.execute({ provider: deps.provider.name, paymentId });
  if (byPayment) return byPayment;
  if (!orderId || !/^[0-9a-f-]{36}$/i.test(orderId)) return undefined;
  const [byMetadata] = await queries.unpaidById.execute({ orderId, provider: deps.provider.name });
  return byMetadata;
}

/** Stored events whose handling failed, oldest first, for the sweeper to retry. */
export async function unprocessedEvents(deps: OrdersDeps, olderThan: Date, limit: number) {
  return deps.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, deps.provider.name), isNull(webhookEvents.processedAt), lt(webhookEvents.receivedAt, olderThan), lt(webhookEvents.attempts, maxEventAttempts)))
    .orderBy(webhookEvents.receivedAt)
    .limit(limit);
}
