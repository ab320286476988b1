import { subscriptionMessages, type ActivationResponse } from '@app/contract/organisation-billing';
import type { CheckoutRequest } from '@app/contract/checkout';
import { plansFor, quantityRefusal, type BillingPlan, type OrganisationType } from '@app/contract/organisations';
import { eq } from 'drizzle-orm';
import { organisationServices } from '../../db/schema/organisation-services.ts';
import { products } from '../../db/schema/products.ts';
import { subscriptionInvoices } from '../../db/schema/subscription-invoices.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import { NotFoundError, ValidationError, type FieldErrors } from '../../lib/domain-errors.ts';
import { requireManager } from '../organisations/public.ts';
import { customerIdFor } from '../payments/public.ts';
import { chargeClaimed, claimCharge } from './period-charges.ts';
import { providerPeriodPrice } from './provider-subscription-items.ts';
import { providerMetadata, providerSubscriptionsOf, reconcileProviderSubscription } from './provider-subscriptions.ts';
import { activationState, BillingConflictError, latestInvoice, organisationRow, paymentSourceFor, settleOpenInvoice, subscriptionOf, type BillingDeps } from './activation-service.ts';

// Issue 12: what the owner changes on a running subscription: cancel at the period's end and
// resume before it, a plan or service quantities from the next period on (never below a service's
// minimum), and "pay now" for a period a renewal could not pay.

async function activeSubscription(deps: BillingDeps, userId: string, organisationId: string) {
  await requireManager(deps.db, userId, organisationId);
  const subscription = await subscriptionOf(deps.db, organisationId);
  if (!subscription) throw new NotFoundError();
  if (subscription.plan === 'contract') throw new BillingConflictError(subscriptionMessages.contractByAgreement);
  if (subscription.status !== 'active') throw new BillingConflictError(subscriptionMessages.notActive);
  return subscription;
}

/** Ends the subscription with the current period (nothing more is charged). */
export async function cancelAtPeriodEnd(deps: BillingDeps, userId: string, organisationId: string): Promise<ActivationResponse> {
  const subscription = await activeSubscription(deps, userId, organisationId);
  await setCancelAtPeriodEnd(deps, subscription, true);
  return activationState(deps, organisationId);
}

/** Takes a cancellation back before the period ends. */
export async function resumeSubscription(deps: BillingDeps, userId: string, organisationId: string): Promise<ActivationResponse> {
  const subscription = await activeSubscription(deps, userId, organisationId);
  await setCancelAtPeriodEnd(deps, subscription, false);
  return activationState(deps, organisationId);
}

/** Ours: our row says it (the renewal ends it). Stripe Billing: Stripe is told, and our row stores what Stripe then says. */
async function setCancelAtPeriodEnd(deps: BillingDeps, subscription: typeof subscriptions.$inferSelect, cancel: boolean): Promise<void> {
  const billing = providerSubscriptionsOf(deps);
  if (billing && subscription.providerSubscriptionId) {
    await billing.setCancelAtPeriodEnd(subscription.providerSubscriptionId, cancel);
    // Stripe dropped a change scheduled for the next period (there will be none): ours goes too.
    if (cancel) await deps.db.update(subscriptions).set({ pendingPlan: null, pendingQuantities: null, updatedAt: deps.clock.now() }).where(eq(subscriptions.id, subscription.id));
    await reconcileProviderSubscription(deps, subscription.providerSubscriptionId);
    return;
  }
  await deps.db.update(subscriptions).set({ cancelAtPeriodEnd: cancel, updatedAt: deps.clock.now() }).where(eq(subscriptions.id, subscription.id));
}

/** A plan and/or service quantities from the next period on; the current period stays as paid. */
export async function changeSubscription(
  deps: BillingDeps,
  userId: string,
  organisationId: string,
  change: { plan?: BillingPlan | undefined; services?: { product_id: string; quantity: number }[] | undefined },
): Promise<ActivationResponse> {
  const subscription = await activeSubscription(deps, userId, organisationId);
  const organisation = await organisationRow(deps.db, organisationId);
  const errors: FieldErrors = {};
  if (change.plan !== undefined && (change.plan === 'contract' || !plansFor(organisation.type as OrganisationType).includes(change.plan))) errors.plan = [subscriptionMessages.planNotForType];
  let pendingQuantities = subscription.pendingQuantities;
  if (change.services) {
    const chosen = await deps.db
      .select({ productId: organisationServices.productId, quantity: organisationServices.quantity, minimum: products.minimumQuantity })
      .from(organisationServices)
      .innerJoin(products, eq(products.id, organisationServices.productId))
      .where(eq(organisationServices.organisationId, organisationId));
    const byId = new Map(chosen.map((service) => [service.productId, service]));
    pendingQuantities = { ...(subscription.pendingQuantities ?? {}) };
    change.services.forEach((service, index) => {
      const current = byId.get(service.product_id);
      if (!current) errors[`services.${index}.product_id`] = [subscriptionMessages.serviceNotChosen];
      else {
        const refusal = quantityRefusal(service.quantity, current.minimum);
        if (refusal) errors[`services.${index}.quantity`] = [refusal];
        else if (pendingQuantities) {
          if (service.quantity === current.quantity) delete pendingQuantities[service.product_id];
          else pendingQuantities[service.product_id] = service.quantity;
        }
      }
    });
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const pendingPlan = change.plan === undefined ? subscription.pendingPlan : change.plan === subscription.plan ? null : change.plan;
  const billing = providerSubscriptionsOf(deps);
  if (billing && subscription.providerSubscriptionId) {
    // Stripe Billing: the next period's items and length go to Stripe (a schedule's second phase), before our row says so.
    const next = await providerPeriodPrice(deps.db, organisation, (pendingPlan ?? subscription.plan) as BillingPlan, { sellerCountry: deps.sellerCountry, at: deps.clock.now(), quantities: pendingQuantities });
    await billing.changeFromNextPeriod(subscription.providerSubscriptionId, { items: next.items, months: next.months, metadata: providerMetadata(subscription, next.quote) });
  }
  await deps.db
    .update(subscriptions)
    .set({ pendingPlan, pendingQuantities: pendingQuantities && Object.keys(pendingQuantities).length > 0 ? pendingQuantities : null, updatedAt: deps.clock.now() })
    .where(eq(subscriptions.id, subscription.id));
  return activationState(deps, organisationId);
}

/** "Pay now": charges the period a renewal could not pay, with a card typed in or a saved one. */
export async function payNow(deps: BillingDeps, userId: string, organisationId: string, input: { idempotency_key: string; payment: CheckoutRequest['payment'] }): Promise<ActivationResponse> {
  await requireManager(deps.db, userId, organisationId);
  let subscription = await subscriptionOf(deps.db, organisationId);
  if (!subscription) throw new NotFoundError();
  const billing = providerSubscriptionsOf(deps);
  // Stripe Billing: what is owed is Stripe's open invoice, as Stripe has it now.
  if (billing && subscription.providerSubscriptionId) {
    await reconcileProviderSubscription(deps, subscription.providerSubscriptionId);
    subscription = (await subscriptionOf(deps.db, organisationId)) ?? subscription;
  }
  const open = await latestInvoice(deps.db, subscription.id);
  if (subscription.status !== 'past_due' || open?.status !== 'open') throw new BillingConflictError(subscriptionMessages.nothingToPay);
  // Never a payment beside Stripe's invoice: one not linked to it is nothing Stripe asks for.
  if (billing && subscription.providerSubscriptionId && !open.providerInvoiceId) throw new BillingConflictError(subscriptionMessages.nothingToPay);
  // Stripe keeps the subscription on the payer's customer: another manager's card cannot pay it there.
  if (billing && subscription.providerSubscriptionId && subscription.payerUserId !== userId) throw new BillingConflictError(subscriptionMessages.payerOnlyPays);
  const { source, chosenMethodId } = await paymentSourceFor(deps, userId, input.payment);
  const customerId = await customerIdFor(deps.db, deps.provider, userId);
  const now = deps.clock.now();
  const invoice = await claimCharge(deps.db, open.id, now);
  if (!invoice) return activationState(deps, organisationId);
  if (billing && subscription.providerSubscriptionId && invoice.providerInvoiceId) {
    // Stripe Billing: Stripe's open invoice is paid (the card becomes the subscription's), and Stripe's answer stored.
    const paymentMethodId = source.kind === 'stripe' ? source.paymentMethodId : source.kind === 'saved' ? source.providerMethodId : null;
    try {
      await billing.payInvoice(invoice.providerInvoiceId, { subscriptionId: subscription.providerSubscriptionId, paymentMethodId, idempotencyKey: `subscription-invoice-${invoice.id}-${invoice.attempts}` });
    } finally {
      await deps.db.update(subscriptionInvoices).set({ chargingSince: null, updatedAt: deps.clock.now() }).where(eq(subscriptionInvoices.id, invoice.id));
    }
    if (paymentMethodId) await deps.db.update(subscriptions).set({ providerMethodId: paymentMethodId, payerUserId: userId }).where(eq(subscriptions.id, subscription.id));
    await reconcileProviderSubscription(deps, subscription.providerSubscriptionId, invoice.providerInvoiceId);
    return activationState(deps, organisationId);
  }
  const outcome = await chargeClaimed(deps, invoice, {
    description: `Subscription invoice ${invoice.number}`,
    customerId,
    source,
    saveMethod: chosenMethodId === null,
    metadata: { subscription_invoice_id: invoice.id, organisation_id: organisationId, user_id: userId },
  });
  await settleOpenInvoice(deps, { invoice, outcome, payerId: userId, chosenMethodId });
  return activationState(deps, organisationId);
}
