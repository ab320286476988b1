import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/connection.ts';
import type { DatabaseHandle } from '../../../db/database-handle.ts';
import { paymentCustomerDeletions } from '../../../db/schema/payment-customer-deletions.ts';
import { paymentCustomers } from '../../../db/schema/payment-customers.ts';
import type { JobQueue } from '../../../lib/job-queue.ts';
import type { PaymentProvider } from '../providers/payment-provider.ts';

// A deleted account's customer is deleted at the payment provider too (issue 5), never failing
// the account deletion: the deletion transaction only notes the customer
// (payment_customer_deletions); after the commit a scheduled job hands each noted customer to the
// `payments.delete-customer` queue, whose jobs call the provider and are retried with backoff.

/** Runs every minute (once across instances): notes -> one retrying job per customer. */
export const customerDeletionSweepQueue = 'payments.customer-deletions';
/** One customer to delete at the provider; retried while the provider fails. */
export const customerDeletionQueue = 'payments.delete-customer';

export interface CustomerDeletionJobData {
  provider: string;
  customerId: string;
}

/** Notes the user's provider customers for deletion; call inside the account deletion's transaction. */
export async function noteCustomersForDeletion(tx: DatabaseHandle, userId: string): Promise<void> {
  await tx.execute(sql`
    insert into ${paymentCustomerDeletions} (${sql.identifier('provider')}, ${sql.identifier('customer_id')})
    select ${paymentCustomers.provider}, ${paymentCustomers.customerId} from ${paymentCustomers} where ${paymentCustomers.userId} = ${userId}
    on conflict do nothing`);
}

/**
 * Hands the noted customers of the current provider to the delete queue, then forgets the notes.
 * A crash between the two sends a customer twice, which is harmless (a second deletion finds it
 * gone); the other order could lose one. Customers of another provider (the shop switched) wait
 * until that provider is configured again.
 */
export async function queueNotedCustomerDeletions(db: Database, jobs: JobQueue, providerName: string, limit = 500): Promise<number> {
  const noted = await db
    .select({ id: paymentCustomerDeletions.id, customerId: paymentCustomerDeletions.customerId })
    .from(paymentCustomerDeletions)
    .where(eq(paymentCustomerDeletions.provider, providerName))
    .orderBy(paymentCustomerDeletions.requestedAt)
    .limit(limit);
  for (const note of noted) await jobs.send<CustomerDeletionJobData>(customerDeletionQueue, { provider: providerName, customerId: note.customerId });
  if (noted.length > 0) {
    await db.delete(paymentCustomerDeletions).where(and(eq(paymentCustomerDeletions.provider, providerName), inArray(paymentCustomerDeletions.id, noted.map((note) => note.id))));
  }
  return noted.length;
}

/** Defines both queues and the sweep's schedule on the app's job queue. */
export function defineCustomerDeletionJobs(options: { db: Database; jobs: JobQueue; provider: PaymentProvider; retryDelaySeconds: number; logger: FastifyBaseLogger }): void {
  const { db, jobs, provider, logger } = options;
  jobs.define(customerDeletionSweepQueue, { retryLimit: 0, expireInSeconds: 5 * 60, pollingIntervalSeconds: 30 }, async () => {
    const queued = await queueNotedCustomerDeletions(db, jobs, provider.name);
    if (queued > 0) logger.info({ queued }, 'customers of deleted accounts queued for deletion at the payment provider');
  });
  jobs.schedule(customerDeletionSweepQueue, '* * * * *');

  // Ten retries, each delay doubled: with the default 60 s the last one runs after about 17 hours.
  jobs.define<CustomerDeletionJobData>(
    customerDeletionQueue,
    { retryLimit: 10, retryDelaySeconds: options.retryDelaySeconds, retryBackoff: true, expireInSeconds: 2 * 60, pollingIntervalSeconds: 5, batchSize: 5 },
    async ({ provider: providerName, customerId }) => {
      if (providerName !== provider.name) {
        // Sent by an instance configured otherwise: noted again, for an instance of its provider.
        await db.insert(paymentCustomerDeletions).values({ provider: providerName, customerId }).onConflictDoNothing();
        logger.warn({ provider: providerName }, 'a customer of another payment provider cannot be deleted with this one; noted again');
        return;
      }
      await provider.deleteCustomer(customerId);
      logger.info({ provider: providerName }, 'deleted the payment provider customer of a deleted account');
    },
  );
}
