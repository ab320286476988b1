import { eq } from 'drizzle-orm';
import { subscriptionInvoices } from '../../db/schema/subscription-invoices.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import { applyOutcome, type BillingDeps } from './activation-service.ts';
import { markPeriodPaid } from './period-payment.ts';
import { reconcileProviderSubscription } from './provider-subscriptions.ts';

/**
 * A provider event (a Stripe webhook) about a subscription period's payment: late, repeated or out
 * of order, it never says what to do; the provider is asked where the payment stands now and that
 * is applied, by the same conditional updates as the charge's own answer, so the period is paid
 * once and nothing goes back to an older state. False when the payment is not a period's.
 */
export async function handleSubscriptionPaymentEvent(deps: BillingDeps, paymentId: string): Promise<boolean> {
  const [found] = await deps.db
    .select({ invoice: subscriptionInvoices, subscription: subscriptions })
    .from(subscriptionInvoices)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionInvoices.subscriptionId))
    .where(eq(subscriptionInvoices.providerPaymentId, paymentId));
  if (!found) return false;
  const { invoice, subscription } = found;
  if (invoice.status !== 'open') return true;
  // Stripe Billing: the payment is an invoice's; the subscription and its invoices are read as they are now.
  if (subscription.providerSubscriptionId) {
    await reconcileProviderSubscription(deps, subscription.providerSubscriptionId, invoice.providerInvoiceId);
    return true;
  }
  const outcome = await deps.provider.retrieve(paymentId);
  if (subscription.status === 'incomplete') {
    await applyOutcome(deps, { organisationId: subscription.organisationId, invoice, outcome, payerId: subscription.payerUserId, chosenMethodId: null });
  } else if (outcome.status === 'succeeded') {
    await markPeriodPaid(deps, invoice, outcome.paymentId);
  }
  return true;
}
