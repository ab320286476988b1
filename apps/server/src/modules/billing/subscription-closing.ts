import { and, eq, ne } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import type { JobQueue, SqlTransaction } from '../../lib/job-queue.ts';
import type { BillingDeps } from './billing-deps.ts';

// Issue 14: an organisation closed by its only owner deleting their account. Its subscription ends
// at once on our side (cancelled: no renewal, no pay now, the period already paid is not refunded);
// with Stripe Billing, Stripe is told after the commit by a retrying job to renew it no more (its
// cancel at the period's end), so a Stripe outage never blocks the account deletion. The same job
// stops the Stripe subscription a deleted payer leaves behind (payer-leaving.ts).

/** One Stripe Billing subscription to stop renewing at the provider. */
export const providerSubscriptionCancellationQueue = 'billing.cancel-provider-subscription';

export interface ProviderSubscriptionCancellationJob {
  providerSubscriptionId: string;
}

/** Ends the organisation's subscription; call inside the closing transaction (it queues Stripe's part in it). */
export async function closeSubscriptionOf(tx: DatabaseHandle & SqlTransaction, jobs: JobQueue, organisationId: string, at: Date): Promise<void> {
  const closed = await tx
    .update(subscriptions)
    .set({ status: 'cancelled', cancelAtPeriodEnd: true, pendingPlan: null, pendingQuantities: null, nextAttemptAt: null, updatedAt: at })
    .where(and(eq(subscriptions.organisationId, organisationId), ne(subscriptions.status, 'cancelled')))
    .returning({ providerSubscriptionId: subscriptions.providerSubscriptionId });
  for (const { providerSubscriptionId } of closed) {
    if (providerSubscriptionId) await jobs.send<ProviderSubscriptionCancellationJob>(providerSubscriptionCancellationQueue, { providerSubscriptionId }, { transaction: tx });
  }
}

/** Ten retries from a minute, each delay doubled. */
export function defineProviderSubscriptionCancellationJob(jobs: JobQueue, deps: () => BillingDeps): void {
  jobs.define<ProviderSubscriptionCancellationJob>(
    providerSubscriptionCancellationQueue,
    { retryLimit: 10, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 2 * 60, pollingIntervalSeconds: 5 },
    async ({ providerSubscriptionId }) => {
      const { provider, log } = deps();
      if (!provider.subscriptions) {
        log.warn({ providerSubscriptionId }, 'a closed organisation’s provider subscription cannot be cancelled: the provider runs no subscriptions now');
        return;
      }
      // Ended already (its customer deleted, the deleted payer's): nothing more to stop, and Stripe changes an ended one no more.
      if ((await provider.subscriptions.retrieve(providerSubscriptionId)).status === 'cancelled') return;
      await provider.subscriptions.setCancelAtPeriodEnd(providerSubscriptionId, true);
      log.info({ providerSubscriptionId }, 'a subscription closed or left by its payer renews no more at the provider');
    },
  );
}
