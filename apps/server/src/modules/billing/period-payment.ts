import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { subscriptionInvoices } from '../../db/schema/subscription-invoices.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PeriodInvoiceRow } from './period-invoices.ts';

/** A period paid (by the renewal, or later by "pay now"): the subscription moves on to it and the organisation is writable again. */
export async function markPeriodPaid(deps: { db: Database; clock: Clock }, invoice: PeriodInvoiceRow, paymentId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // The subscription first, as the renewal's claim locks it: one order of locks, no deadlock.
    await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.id, invoice.subscriptionId)).for('update');
    const [paid] = await tx
      .update(subscriptionInvoices)
      .set({ status: 'paid', paidAt: now, chargingSince: null, providerPaymentId: paymentId, failureMessage: null, updatedAt: now })
      .where(and(eq(subscriptionInvoices.id, invoice.id), eq(subscriptionInvoices.status, 'open')))
      .returning();
    if (!paid) return;
    const [subscription] = await tx
      .update(subscriptions)
      .set({ status: 'active', currentPeriodStart: paid.periodStart, currentPeriodEnd: paid.periodEnd, failedAttempts: 0, nextAttemptAt: null, updatedAt: now })
      .where(eq(subscriptions.id, paid.subscriptionId))
      .returning({ organisationId: subscriptions.organisationId });
    if (subscription) await tx.update(organisations).set({ status: 'active', updatedAt: now }).where(and(eq(organisations.id, subscription.organisationId), inArray(organisations.status, ['active', 'past_due'])));
  });
}

