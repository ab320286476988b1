import type { BillingPlan } from '@app/contract/organisations';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { organisationServices } from '../../db/schema/organisation-services.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { subscriptionInvoices } from '../../db/schema/subscription-invoices.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import { customerIdFor, PaymentProviderUnavailableError, type PaymentOutcome } from '../payments/public.ts';
import { quoteForOrganisation, type BillingDeps } from './activation-service.ts';
import { resumeOnProviderBilling } from './payer-leaving.ts';
import { invoiceBillingOf, invoiceForPeriod, type PeriodInvoiceRow } from './period-invoices.ts';
import { chargeClaimed, claimCharge } from './period-charges.ts';
import { markPeriodPaid } from './period-payment.ts';
import { mailOwnersAboutRefusedRenewal } from './refused-renewal-mail.ts';

// Issue 12, "Subscriptions and billing": at the end of each period a job renews the subscription,
// exactly once per period even with several instances (one invoice per period, a claim on it before
// the charge, one idempotency key per attempt). A refused renewal is tried again after 1, 3 and 7
// days, with an e-mail each time; after the last the subscription is past due and the organisation
// read-only until paid. With no card to charge (its payer's account was deleted, issue 14) there is
// nothing to try again: past due at once. A cancellation at the period's end, and a plan or
// quantities chosen for the next period, take effect here.

export const renewDueQueue = 'billing.renew-due';

/** Days after the period's end when a refused renewal is tried again: three tries over a week. */
export const retryAfterDays = [1, 3, 7] as const;

const dayMs = 24 * 60 * 60 * 1000;

/** Runs every minute, once across instances; each renewal also claims its own invoice. */
export function defineRenewalJob(jobs: JobQueue, deps: () => BillingDeps): void {
  jobs.define(renewDueQueue, { retryLimit: 0, expireInSeconds: 5 * 60, pollingIntervalSeconds: 30 }, async () => {
    await renewDueSubscriptions(deps());
    await resumeOnProviderBilling(deps());
  });
  jobs.schedule(renewDueQueue, '* * * * *', { alsoAtStart: true });
}

/** Renews every subscription whose period has ended (and whose next try is due), oldest first. */
export async function renewDueSubscriptions(deps: BillingDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        sql`${subscriptions.plan} <> 'contract'`,
        // Stripe Billing renews its own subscriptions (and retries them: its dunning).
        isNull(subscriptions.providerSubscriptionId),
        lte(subscriptions.currentPeriodEnd, now),
        or(isNull(subscriptions.nextAttemptAt), lte(subscriptions.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(500);
  let renewed = 0;
  for (const { id } of due) {
    try {
      if (await renewSubscription(deps, id)) renewed += 1;
    } catch (error) {
      if (!(error instanceof PaymentProviderUnavailableError)) throw error;
      // The provider is down: nothing was charged; the next run tries again.
      deps.log.error({ err: error.cause ?? error, subscriptionId: id }, 'the payment provider could not be reached for a renewal');
      return renewed;
    }
  }
  return renewed;
}

interface ClaimedRenewal {
  invoice: PeriodInvoiceRow;
  organisationId: string;
  organisationName: string;
  payerUserId: string | null;
  providerMethodId: string | null;
}

/**
 * One renewal. In a first transaction (the subscription row locked): end it if it was cancelled,
 * apply what was chosen for the next period, invoice the new period and claim a charge on it; then
 * charge the saved card; then apply the outcome. True when the period was paid.
 */
export async function renewSubscription(deps: BillingDeps, subscriptionId: string): Promise<boolean> {
  const now = deps.clock.now();
  const claimed = await deps.db.transaction(async (tx): Promise<ClaimedRenewal | null> => {
    const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for('update');
    if (!subscription || subscription.status !== 'active' || !subscription.currentPeriodEnd || subscription.currentPeriodEnd > now) return null;
    if (subscription.providerSubscriptionId) return null;
    if (subscription.nextAttemptAt && subscription.nextAttemptAt > now) return null;
    if (subscription.cancelAtPeriodEnd) {
      await tx.update(subscriptions).set({ status: 'cancelled', updatedAt: now }).where(eq(subscriptions.id, subscription.id));
      await tx.update(organisations).set({ status: 'cancelled', updatedAt: now }).where(eq(organisations.id, subscription.organisationId));
      return null;
    }
    const plan = (subscription.pendingPlan ?? subscription.plan) as BillingPlan;
    if (subscription.pendingPlan || subscription.pendingQuantities) {
      for (const [productId, quantity] of Object.entries(subscription.pendingQuantities ?? {})) {
        await tx
          .update(organisationServices)
          .set({ quantity })
          .where(and(eq(organisationServices.organisationId, subscription.organisationId), eq(organisationServices.productId, productId)));
      }
      await tx.update(subscriptions).set({ plan, pendingPlan: null, pendingQuantities: null, updatedAt: now }).where(eq(subscriptions.id, subscription.id));
      await tx.update(organisations).set({ plan, updatedAt: now }).where(eq(organisations.id, subscription.organisationId));
    }
    const [organisation] = await tx.select().from(organisations).where(eq(organisations.id, subscription.organisationId));
    if (!organisation) return null;
    const quote = await quoteForOrganisation(tx, organisation, plan, deps.sellerCountry, now);
    const invoice = await invoiceForPeriod(tx, {
      subscriptionId: subscription.id,
      periodStart: subscription.currentPeriodEnd,
      quote,
      billing: invoiceBillingOf(organisation),
      at: now,
    });
    if (!invoice) return null;
    const attempt = await claimCharge(tx, invoice.id, now);
    if (!attempt) return null;
    return { invoice: attempt, organisationId: organisation.id, organisationName: organisation.name, payerUserId: subscription.payerUserId, providerMethodId: subscription.providerMethodId };
  });
  if (!claimed) return false;

  const outcome = await chargeRenewal(deps, claimed);
  if (outcome.status === 'succeeded') {
    await markPeriodPaid(deps, claimed.invoice, outcome.paymentId);
    return true;
  }
  const noCard = outcome.status === 'failed' && outcome.failureCode === noCardCode;
  await noteRefusedRenewal(deps, claimed, outcome.status === 'failed' ? outcome.failureMessage : 'Your bank asked for a confirmation that cannot be given without you.', outcome.paymentId, noCard);
  return false;
}

async function chargeRenewal(deps: BillingDeps, claimed: ClaimedRenewal): Promise<PaymentOutcome> {
  const { invoice } = claimed;
  if (!claimed.payerUserId || !claimed.providerMethodId) return { status: 'failed', paymentId: null, failureCode: noCardCode, failureMessage: 'No card is kept for this subscription.' };
  return chargeClaimed(deps, invoice, {
    description: `${claimed.organisationName}: ${invoice.plan} plan renewal (invoice ${invoice.number})`,
    customerId: await customerIdFor(deps.db, deps.provider, claimed.payerUserId),
    source: { kind: 'saved', providerMethodId: claimed.providerMethodId },
    saveMethod: false,
    metadata: { subscription_invoice_id: invoice.id, organisation_id: claimed.organisationId },
  });
}

const noCardCode = 'no_card';

/** A refused renewal: the next try after 1, 3 and 7 days, an e-mail each time; past due after the last, or at once without a card. */
async function noteRefusedRenewal(deps: BillingDeps, claimed: ClaimedRenewal, reason: string, paymentId: string | null, noCard: boolean): Promise<void> {
  const now = deps.clock.now();
  const { invoice } = claimed;
  await deps.db.transaction(async (tx) => {
    await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.id, invoice.subscriptionId)).for('update');
    await tx
      .update(subscriptionInvoices)
      .set({ chargingSince: null, failureMessage: reason, providerPaymentId: paymentId ?? invoice.providerPaymentId, updatedAt: now })
      .where(and(eq(subscriptionInvoices.id, invoice.id), eq(subscriptionInvoices.status, 'open')));
    const [subscription] = await tx
      .update(subscriptions)
      .set({ failedAttempts: sql`${subscriptions.failedAttempts} + 1`, updatedAt: now })
      .where(eq(subscriptions.id, invoice.subscriptionId))
      .returning({ failedAttempts: subscriptions.failedAttempts });
    const failures = subscription?.failedAttempts ?? 1;
    const retryDays = noCard ? undefined : retryAfterDays[failures - 1];
    const nextAttemptAt = retryDays === undefined ? null : new Date(invoice.periodStart.getTime() + retryDays * dayMs);
    if (nextAttemptAt) {
      await tx.update(subscriptions).set({ nextAttemptAt }).where(eq(subscriptions.id, invoice.subscriptionId));
    } else {
      await tx.update(subscriptions).set({ status: 'past_due', nextAttemptAt: null }).where(eq(subscriptions.id, invoice.subscriptionId));
      await tx.update(organisations).set({ status: 'past_due', updatedAt: now }).where(eq(organisations.id, claimed.organisationId));
    }
    // The owners hear about it, in this transaction: the e-mail goes out if and only if it commits.
    await mailOwnersAboutRefusedRenewal(tx, deps, { organisationId: claimed.organisationId, organisationName: claimed.organisationName, total: invoice.total, reason, nextAttemptAt, noCard });
  });
}
