import type { BillingPlan } from '@app/contract/organisations';
import { and, asc, eq, gt, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationMembers } from '../../db/schema/organisation-members.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { subscriptionInvoices } from '../../db/schema/subscription-invoices.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import { users } from '../../db/schema/users.ts';
import type { JobQueue, SqlTransaction } from '../../lib/job-queue.ts';
import { subscriptionCardNeededMessage, type Mailer } from '../mail/public.ts';
import { customerIdFor, PaymentProviderUnavailableError, type ProviderSubscriptions } from '../payments/public.ts';
import type { BillingDeps } from './billing-deps.ts';
import { providerPeriodPrice } from './provider-subscription-items.ts';
import { providerMetadata, providerSubscriptionsOf } from './provider-subscriptions.ts';
import { billingPagePath, dateInWords } from './refused-renewal-mail.ts';
import { providerSubscriptionCancellationQueue, type ProviderSubscriptionCancellationJob } from './subscription-closing.ts';

// Issue 14: the person whose card pays an organisation's subscription deletes their account (its
// only owner passing it on, or the admin who activated it). The period already paid stays the
// organisation's. In the deletion's transaction the subscription lets go of their card and, with
// Stripe Billing, of the Stripe subscription on their customer, which Stripe cancels when the
// customer is deleted after the commit: its later events are no longer ours, and a retrying job
// tells Stripe to renew it no more meanwhile, so the person is never charged again. The owners
// are mailed for a card. From then on our renewal job renews it as any of ours: at the period's
// end without a card it is past due at once (renewal-service.ts) and Pay now opens it. A card set
// before the period's end (renewal-card-service.ts) puts it back on Stripe Billing: a new Stripe
// subscription on the new payer's customer whose trial runs to the paid period's end, so its
// first charge is the next period's. A period paid with Pay now goes back on Stripe the same way,
// by the renewal job's next run.

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Stripe's trial must end in the future: a period ending sooner than this is left to our renewal job. */
const shortestTrialMs = 60_000;

/** Releases the subscriptions the user pays for; call inside the account deletion's transaction, after the closings (a closed one is cancelled already). */
export async function releaseSubscriptionsPaidBy(tx: DatabaseHandle & SqlTransaction, deps: { jobs: JobQueue; mail: Mailer }, userId: string, at: Date): Promise<void> {
  const paid = and(eq(subscriptions.payerUserId, userId), inArray(subscriptions.status, ['active', 'past_due']), ne(subscriptions.plan, 'contract'));
  const found = await tx.select({ organisationId: subscriptions.organisationId }).from(subscriptions).where(paid);
  if (found.length === 0) return;
  // The organisations first, then their subscriptions, as every billing change locks them: no deadlock with a webhook's reconciliation.
  await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(inArray(organisations.id, found.map((row) => row.organisationId)))
    .orderBy(asc(organisations.id))
    .for('update');
  const held = await tx.select().from(subscriptions).where(paid).for('update');
  for (const row of held) {
    // Stripe's next try (or ours) was of their card: none is due now; the renewal job decides again.
    await tx.update(subscriptions).set({ payerUserId: null, providerMethodId: null, providerSubscriptionId: null, nextAttemptAt: null, updatedAt: at }).where(eq(subscriptions.id, row.id));
    // An unpaid period was Stripe's invoice on their customer: Pay now pays it as one of ours.
    await tx
      .update(subscriptionInvoices)
      .set({ providerInvoiceId: null, providerPaymentId: null, updatedAt: at })
      .where(and(eq(subscriptionInvoices.subscriptionId, row.id), eq(subscriptionInvoices.status, 'open')));
    if (row.providerSubscriptionId) {
      await deps.jobs.send<ProviderSubscriptionCancellationJob>(providerSubscriptionCancellationQueue, { providerSubscriptionId: row.providerSubscriptionId }, { transaction: tx });
    }
    if (row.status === 'active' && !row.cancelAtPeriodEnd && row.currentPeriodEnd) await mailOwnersForCard(tx, deps.mail, { organisationId: row.organisationId, leavingUserId: userId, paidUntil: row.currentPeriodEnd });
  }
}

/** Every owner but the one leaving, in the caller's transaction: the e-mails go out if and only if it commits. */
async function mailOwnersForCard(tx: DatabaseHandle, mail: Mailer, input: { organisationId: string; leavingUserId: string; paidUntil: Date }): Promise<void> {
  const [organisation] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, input.organisationId));
  const owners = await tx
    .select({ email: users.email })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(and(eq(organisationMembers.organisationId, input.organisationId), eq(organisationMembers.role, 'owner'), ne(organisationMembers.userId, input.leavingUserId)));
  for (const owner of owners) {
    const message = subscriptionCardNeededMessage(owner.email, {
      organisationName: organisation?.name ?? '',
      paidUntil: dateInWords.format(input.paidUntil),
      billingUrl: mail.link(billingPagePath(input.organisationId)),
    });
    await mail.send(message, { transaction: tx });
  }
}

/**
 * Whether a card set now starts a Stripe subscription deferred to the paid period's end: one of
 * ours (its payer left, or it never had one at the provider), active, renewing, with time left.
 */
export function resumesOnProviderBilling(subscription: SubscriptionRow, now: Date): boolean {
  return (
    subscription.providerSubscriptionId === null &&
    subscription.status === 'active' &&
    subscription.plan !== 'contract' &&
    !subscription.cancelAtPeriodEnd &&
    subscription.currentPeriodEnd !== null &&
    subscription.currentPeriodEnd.getTime() > now.getTime() + shortestTrialMs
  );
}

/**
 * A Stripe subscription on the new payer's customer, renewing with their card, that charges
 * nothing until the paid period's end and then the next period (the plan and quantities chosen for
 * it, if any). One per payer and period (Stripe's idempotency key): a retry gets the same one.
 */
export async function startDeferredProviderSubscription(
  deps: BillingDeps,
  billing: ProviderSubscriptions,
  input: { subscription: SubscriptionRow; customerId: string; paymentMethodId: string },
): Promise<string> {
  const { subscription } = input;
  const periodEnd = subscription.currentPeriodEnd;
  if (!periodEnd) throw new Error('a deferred provider subscription needs a paid period');
  const [organisation] = await deps.db.select().from(organisations).where(eq(organisations.id, subscription.organisationId));
  if (!organisation) throw new Error('the organisation is gone');
  const plan = (subscription.pendingPlan ?? subscription.plan) as BillingPlan;
  const price = await providerPeriodPrice(deps.db, organisation, plan, { sellerCountry: deps.sellerCountry, at: deps.clock.now(), quantities: subscription.pendingQuantities });
  const created = await billing.create({
    customerId: input.customerId,
    paymentMethodId: input.paymentMethodId,
    items: price.items,
    months: price.months,
    idempotencyKey: `organisation-subscription-${subscription.id}-${input.customerId}-${periodEnd.getTime()}`,
    metadata: providerMetadata(subscription, price.quote),
    firstChargeAt: periodEnd,
  });
  return created.id;
}

/**
 * The renewal job's part: subscriptions of ours with a payer and a card again under Stripe
 * Billing (a period paid with Pay now after their payer left, or a card set too close to the
 * period's end) go back on Stripe, deferred to their period's end. A Stripe subscription started
 * for a row that changed meanwhile ends in its trial, never charging.
 */
export async function resumeOnProviderBilling(deps: BillingDeps): Promise<number> {
  const billing = providerSubscriptionsOf(deps);
  if (!billing) return 0;
  const now = deps.clock.now();
  const due = await deps.db
    .select()
    .from(subscriptions)
    .where(
      and(
        isNull(subscriptions.providerSubscriptionId),
        eq(subscriptions.status, 'active'),
        ne(subscriptions.plan, 'contract'),
        eq(subscriptions.cancelAtPeriodEnd, false),
        eq(subscriptions.paymentProvider, deps.provider.name),
        isNotNull(subscriptions.payerUserId),
        isNotNull(subscriptions.providerMethodId),
        gt(subscriptions.currentPeriodEnd, new Date(now.getTime() + shortestTrialMs)),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(100);
  let resumed = 0;
  for (const row of due) {
    const { payerUserId, providerMethodId, currentPeriodEnd } = row;
    if (!payerUserId || !providerMethodId || !currentPeriodEnd) continue;
    let started: string;
    try {
      started = await startDeferredProviderSubscription(deps, billing, { subscription: row, customerId: await customerIdFor(deps.db, deps.provider, payerUserId), paymentMethodId: providerMethodId });
    } catch (error) {
      if (!(error instanceof PaymentProviderUnavailableError)) throw error;
      deps.log.error({ err: error.cause ?? error, subscriptionId: row.id }, 'the payment provider could not be reached to renew a subscription on it again');
      return resumed;
    }
    const kept = await deps.db.transaction(async (tx) => {
      // The organisation first, then the subscription, as every billing change locks them.
      await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, row.organisationId)).for('update');
      const [updated] = await tx
        .update(subscriptions)
        .set({ providerSubscriptionId: started, updatedAt: deps.clock.now() })
        .where(
          and(
            eq(subscriptions.id, row.id),
            isNull(subscriptions.providerSubscriptionId),
            eq(subscriptions.status, 'active'),
            eq(subscriptions.cancelAtPeriodEnd, false),
            eq(subscriptions.payerUserId, payerUserId),
            eq(subscriptions.providerMethodId, providerMethodId),
            eq(subscriptions.currentPeriodEnd, currentPeriodEnd),
          ),
        )
        .returning({ id: subscriptions.id });
      if (updated) return true;
      const [current] = await tx.select({ providerSubscriptionId: subscriptions.providerSubscriptionId }).from(subscriptions).where(eq(subscriptions.id, row.id));
      return current?.providerSubscriptionId === started;
    });
    if (kept) resumed += 1;
    else await billing.setCancelAtPeriodEnd(started, true);
  }
  return resumed;
}
