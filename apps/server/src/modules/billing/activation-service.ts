import { activationMessages, type ActivationResponse, type SubscriptionView } from '@app/contract/organisation-billing';
import type { CheckoutRequest, OrderConfirmRequest } from '@app/contract/checkout';
import { paymentMessages } from '@app/contract/messages';
import type { OrganisationQuote } from '@app/contract/organisation-pricing';
import type { BillingPlan, OrganisationType } from '@app/contract/organisations';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationPeople } from '../../db/schema/organisation-people.ts';
import { organisationServices } from '../../db/schema/organisation-services.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { paymentMethods } from '../../db/schema/payment-methods.ts';
import { subscriptionInvoices } from '../../db/schema/subscription-invoices.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import { DomainError, NotFoundError, ValidationError } from '../../lib/domain-errors.ts';
import { inviteListedPeople, quoteOrganisation, requireManager } from '../organisations/public.ts';
import {
  checkCard,
  customerIdFor,
  findUsablePaymentMethod,
  PaymentProviderUnavailableError,
  storePaymentMethod,
  type PaymentOutcome,
  type PaymentSource,
} from '../payments/public.ts';
import { addMonths } from './billing-period.ts';
import type { BillingDeps } from './billing-deps.ts';
import { invoiceBillingOf, invoiceForPeriod, toPeriodInvoice, type PeriodInvoiceRow } from './period-invoices.ts';
import { claimCharge, chargeClaimed } from './period-charges.ts';
import { markPeriodPaid } from './period-payment.ts';
import { openInvoiceOutcome, providerSubscriptionsOf, reconcileProviderSubscription, startProviderSubscription } from './provider-subscriptions.ts';

// Issue 12, "After success an Activate action": the first period is invoiced and charged through
// the payment provider (a card typed in with the test provider, a saved card, or Stripe), the card
// is kept for the renewals, and the organisation becomes active and invites the people listed in
// the wizard. The contract plan activates without payment and waits for sales.

export type { BillingDeps };

export class BillingConflictError extends DomainError {
  override name = 'BillingConflictError';

  constructor(message: string) {
    super('organisation_rule', 409, message);
  }
}

type OrganisationRow = typeof organisations.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function organisationRow(db: DatabaseHandle, organisationId: string, options: { lock?: boolean } = {}): Promise<OrganisationRow> {
  const query = db.select().from(organisations).where(eq(organisations.id, organisationId));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError();
  return row;
}

export async function subscriptionOf(db: DatabaseHandle, organisationId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.organisationId, organisationId));
  return row;
}

export async function latestInvoice(db: DatabaseHandle, subscriptionId: string): Promise<PeriodInvoiceRow | undefined> {
  const [row] = await db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.subscriptionId, subscriptionId)).orderBy(desc(subscriptionInvoices.periodStart)).limit(1);
  return row;
}

/** One period's price for what the organisation holds now (its services, its portfolio companies, its billing country). */
export async function quoteForOrganisation(db: DatabaseHandle, organisation: OrganisationRow, plan: BillingPlan, sellerCountry: string, at: Date): Promise<OrganisationQuote> {
  // One after the other: `db` may be a transaction, whose one connection runs a statement at a time.
  const services = await db
    .select({ product_id: organisationServices.productId, quantity: organisationServices.quantity })
    .from(organisationServices)
    .where(eq(organisationServices.organisationId, organisation.id));
  const [portfolio] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(organisationPeople)
    .where(and(eq(organisationPeople.organisationId, organisation.id), eq(organisationPeople.list, 'portfolio_company')));
  return quoteOrganisation(
    db,
    { type: organisation.type as OrganisationType, plan, services, portfolio_companies: portfolio?.count ?? 0, country: organisation.billingCountry },
    { sellerCountry, at },
  );
}

/** The subscription as the owner sees it, with where the last charge stands. */
export async function subscriptionView(db: DatabaseHandle, subscription: SubscriptionRow, nextTotal: number | null): Promise<SubscriptionView> {
  const [method] = subscription.providerMethodId
    ? await db
        .select({ brand: paymentMethods.brand, last4: paymentMethods.last4 })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.providerMethodId, subscription.providerMethodId), eq(paymentMethods.provider, subscription.paymentProvider)))
        .limit(1)
    : [];
  const renews = subscription.status !== 'cancelled' && !subscription.cancelAtPeriodEnd && subscription.plan !== 'contract';
  return {
    status: subscription.status as SubscriptionView['status'],
    plan: subscription.plan as BillingPlan,
    current_period_start: subscription.currentPeriodStart?.toISOString() ?? null,
    current_period_end: subscription.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    next_charge_at: renews ? (subscription.currentPeriodEnd?.toISOString() ?? null) : null,
    next_charge_total: renews && subscription.currentPeriodEnd ? nextTotal : null,
    payment_method: method ?? null,
    pending_plan: (subscription.pendingPlan as BillingPlan | null) ?? null,
    pending_quantities: subscription.pendingQuantities ?? null,
    failed_attempts: subscription.failedAttempts,
    next_attempt_at: subscription.nextAttemptAt?.toISOString() ?? null,
  };
}

/** Where the activation stands now: asks the provider about a payment still waiting for the card's extra step. */
export async function activationState(deps: BillingDeps, organisationId: string): Promise<ActivationResponse> {
  let subscription = await subscriptionOf(deps.db, organisationId);
  if (!subscription) throw new NotFoundError();
  let invoice = await latestInvoice(deps.db, subscription.id);
  let nextAction: ActivationResponse['next_action'] = null;
  if (subscription.providerSubscriptionId && invoice?.status === 'open' && invoice.chargingSince === null && (subscription.status === 'incomplete' || subscription.status === 'past_due')) {
    // Stripe Billing: the subscription as Stripe has it now, then its open invoice's payment (3-D Secure).
    await reconcileProviderSubscription(deps, subscription.providerSubscriptionId);
    subscription = (await subscriptionOf(deps.db, organisationId)) ?? subscription;
    invoice = await latestInvoice(deps.db, subscription.id);
    const outcome = invoice ? await openInvoiceOutcome(deps, invoice) : null;
    if (outcome?.status === 'requires_action') nextAction = outcome.nextAction;
    if (outcome?.status === 'failed') invoice = await latestInvoice(deps.db, subscription.id);
  } else if (invoice?.status === 'open' && invoice.providerPaymentId && invoice.chargingSince === null && subscription.status === 'incomplete') {
    const outcome = await deps.provider.retrieve(invoice.providerPaymentId);
    if (outcome.status === 'requires_action') nextAction = outcome.nextAction;
    else if (outcome.status !== 'processing') {
      await applyOutcome(deps, { organisationId, invoice, outcome, payerId: subscription.payerUserId, chosenMethodId: null });
      subscription = (await subscriptionOf(deps.db, organisationId)) ?? subscription;
      invoice = await latestInvoice(deps.db, subscription.id);
    }
  }
  const status: ActivationResponse['status'] = nextAction
    ? 'requires_action'
    : subscription.status === 'active' || subscription.status === 'past_due'
      ? 'active'
      : invoice?.status === 'open' && (invoice.chargingSince !== null || (invoice.providerPaymentId !== null && invoice.failureMessage === null))
        ? 'processing'
        : 'failed';
  return {
    status,
    next_action: status === 'requires_action' ? nextAction : null,
    failure_message: status === 'failed' ? (invoice?.failureMessage ?? paymentMessages.paymentFailedRetry) : null,
    subscription: await subscriptionView(deps.db, subscription, invoice?.total ?? null),
    invoice: invoice ? toPeriodInvoice(invoice) : null,
  };
}

export async function paymentSourceFor(deps: BillingDeps, userId: string, payment: CheckoutRequest['payment']): Promise<{ source: PaymentSource; chosenMethodId: string | null; stripeMethodId?: string }> {
  switch (payment.method) {
    case 'card':
      if (deps.provider.name !== 'test') throw new ValidationError({ 'payment.method': ['Enter your card in the secure card form.'] });
      checkCard(payment.card, deps.clock.now(), 'payment.card');
      return { source: { kind: 'card', card: payment.card }, chosenMethodId: null };
    case 'stripe':
      if (deps.provider.name !== 'stripe') throw new ValidationError({ 'payment.method': ['Enter your card details in the form.'] });
      return { source: { kind: 'stripe', paymentMethodId: payment.payment_method_id }, chosenMethodId: null, stripeMethodId: payment.payment_method_id };
    case 'saved': {
      const method = await findUsablePaymentMethod(deps.db, deps.provider.name, userId, payment.payment_method_id);
      if (!method) throw new ValidationError({ 'payment.payment_method_id': ['Choose one of your saved cards.'] });
      return { source: { kind: 'saved', providerMethodId: method.providerMethodId }, chosenMethodId: method.providerMethodId };
    }
  }
}

/**
 * `POST /api/organisations/{id}/activate` (owners and admins). The same idempotency key again
 * answers where that attempt stands; a second attempt while a charge is on its way is refused, so
 * the card is never charged twice for one period.
 */
export async function activateOrganisation(deps: BillingDeps, userId: string, organisationId: string, input: { idempotency_key: string; payment?: CheckoutRequest['payment'] | undefined }): Promise<ActivationResponse> {
  await requireManager(deps.db, userId, organisationId);
  const organisation = await organisationRow(deps.db, organisationId);
  const existing = await subscriptionOf(deps.db, organisationId);
  if (existing && (existing.activationKey === input.idempotency_key || organisation.status !== 'pending_activation')) return activationState(deps, organisationId);
  if (organisation.status !== 'pending_activation') throw new BillingConflictError(activationMessages.notPending);

  if (organisation.plan === 'contract') return activateContract(deps, userId, organisationId, input.idempotency_key);
  if (!input.payment) throw new ValidationError({ payment: [activationMessages.paymentRequired] });
  const { source, chosenMethodId, stripeMethodId } = await paymentSourceFor(deps, userId, input.payment);
  const customerId = await customerIdFor(deps.db, deps.provider, userId);
  const now = deps.clock.now();

  const claimed = await deps.db.transaction(async (tx) => {
    const locked = await organisationRow(tx, organisationId, { lock: true });
    if (locked.status !== 'pending_activation') return null;
    // The same request again while the first is on its way: it answers where that one stands.
    const current = await subscriptionOf(tx, organisationId);
    if (current?.activationKey === input.idempotency_key) return null;
    const quote = await quoteForOrganisation(tx, locked, locked.plan as BillingPlan, deps.sellerCountry, now);
    const [subscription] = await tx
      .insert(subscriptions)
      .values({ organisationId, plan: locked.plan, payerUserId: userId, paymentProvider: deps.provider.name, providerMethodId: stripeMethodId ?? chosenMethodId, activationKey: input.idempotency_key, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: subscriptions.organisationId, set: { activationKey: input.idempotency_key, payerUserId: userId, paymentProvider: deps.provider.name, providerMethodId: stripeMethodId ?? chosenMethodId, updatedAt: now } })
      .returning();
    if (!subscription) throw new Error('the subscription upsert returned no row');
    // The first period is keyed by the subscription's start and moves to the payment's time once paid.
    const invoice = await invoiceForPeriod(tx, { subscriptionId: subscription.id, periodStart: subscription.createdAt, quote, billing: invoiceBillingOf(locked), at: now });
    if (!invoice) throw new Error(`no price for plan ${locked.plan}`);
    const attempt = await claimCharge(tx, invoice.id, now);
    if (!attempt) throw new BillingConflictError(activationMessages.chargeInProgress);
    return { invoice: attempt, organisationName: locked.name };
  });
  if (!claimed) return activationState(deps, organisationId);

  const { invoice } = claimed;
  const billing = providerSubscriptionsOf(deps);
  if (billing) {
    // Stripe Billing: Stripe's subscription pays its first invoice; Stripe renews it from then on.
    const subscription = await subscriptionOf(deps.db, organisationId);
    const paymentMethodId = source.kind === 'stripe' ? source.paymentMethodId : source.kind === 'saved' ? source.providerMethodId : null;
    if (!subscription || !paymentMethodId) throw new Error('a provider subscription needs a stored row and a provider payment method');
    try {
      await startProviderSubscription(deps, billing, { subscription, invoice, customerId, paymentMethodId, organisationId });
    } catch (error) {
      if (error instanceof PaymentProviderUnavailableError) deps.log.error({ err: error.cause ?? error, organisationId }, 'the payment provider could not be reached');
      throw error;
    }
    return activationState(deps, organisationId);
  }
  let outcome: PaymentOutcome;
  try {
    outcome = await chargeClaimed(deps, invoice, {
      description: `${claimed.organisationName}: ${invoice.plan} plan, first period (invoice ${invoice.number})`,
      customerId,
      source,
      saveMethod: chosenMethodId === null,
      metadata: { subscription_invoice_id: invoice.id, organisation_id: organisationId, user_id: userId },
    });
  } catch (error) {
    if (error instanceof PaymentProviderUnavailableError) deps.log.error({ err: error.cause ?? error, organisationId }, 'the payment provider could not be reached');
    throw error;
  }
  await applyOutcome(deps, { organisationId, invoice, outcome, payerId: userId, chosenMethodId });
  return activationState(deps, organisationId);
}

/**
 * After the card's extra step (3-D Secure, or the test provider's confirmation): the first
 * period's payment (activation) or a past-due period's ("pay now").
 */
export async function confirmPayment(deps: BillingDeps, userId: string, organisationId: string, input: { confirmation_id?: string | undefined; outcome: OrderConfirmRequest['outcome'] }): Promise<ActivationResponse> {
  await requireManager(deps.db, userId, organisationId);
  const subscription = await subscriptionOf(deps.db, organisationId);
  if (!subscription) throw new NotFoundError();
  const invoice = await latestInvoice(deps.db, subscription.id);
  // Stripe Billing: where the invoice and the subscription stand is asked of Stripe (activationState).
  if (!subscription.providerSubscriptionId && invoice?.status === 'open' && invoice.providerPaymentId && (subscription.status === 'incomplete' || subscription.status === 'past_due')) {
    const outcome = await deps.provider.confirm(invoice.providerPaymentId, { confirmationId: input.confirmation_id, outcome: input.outcome ?? 'complete' });
    if (subscription.status === 'incomplete') await applyOutcome(deps, { organisationId, invoice, outcome, payerId: subscription.payerUserId, chosenMethodId: null });
    else await settleOpenInvoice(deps, { invoice, outcome, payerId: userId, chosenMethodId: null });
  }
  return activationState(deps, organisationId);
}

/**
 * A past-due period paid by hand: the invoice paid, the subscription moved on to its period, the
 * organisation writable again, and the card (if new) kept for the next renewals.
 */
export async function settleOpenInvoice(
  deps: BillingDeps,
  input: { invoice: PeriodInvoiceRow; outcome: PaymentOutcome; payerId: string; chosenMethodId: string | null },
): Promise<void> {
  const { invoice, outcome } = input;
  const now = deps.clock.now();
  if (outcome.status !== 'succeeded') {
    await deps.db
      .update(subscriptionInvoices)
      .set({ chargingSince: null, providerPaymentId: outcome.paymentId ?? invoice.providerPaymentId, failureMessage: outcome.status === 'failed' ? outcome.failureMessage : null, updatedAt: now })
      .where(and(eq(subscriptionInvoices.id, invoice.id), eq(subscriptionInvoices.status, 'open')));
    return;
  }
  await deps.db.transaction(async (tx) => {
    let methodId = input.chosenMethodId;
    if (outcome.savedMethod) {
      await storePaymentMethod(tx, deps.provider.name, input.payerId, outcome.savedMethod, { makeDefault: false, at: now });
      methodId = outcome.savedMethod.providerMethodId;
    }
    if (methodId) await tx.update(subscriptions).set({ providerMethodId: methodId, payerUserId: input.payerId, paymentProvider: deps.provider.name }).where(eq(subscriptions.id, invoice.subscriptionId));
  });
  await markPeriodPaid(deps, invoice, outcome.paymentId);
}

/**
 * Acts on where the first period's payment stands. Paid: in one transaction the invoice is paid
 * (once: a conditional update), its period starts now, the card is kept for renewals, the
 * subscription and the organisation become active and the listed people are invited.
 */
export async function applyOutcome(
  deps: BillingDeps,
  input: { organisationId: string; invoice: PeriodInvoiceRow; outcome: PaymentOutcome; payerId: string | null; chosenMethodId: string | null },
): Promise<void> {
  const { outcome, invoice } = input;
  const now = deps.clock.now();
  if (outcome.status !== 'succeeded') {
    await deps.db
      .update(subscriptionInvoices)
      .set({
        chargingSince: null,
        providerPaymentId: outcome.paymentId ?? invoice.providerPaymentId,
        failureMessage: outcome.status === 'failed' ? outcome.failureMessage : null,
        updatedAt: now,
      })
      .where(and(eq(subscriptionInvoices.id, invoice.id), eq(subscriptionInvoices.status, 'open')));
    return;
  }
  await deps.db.transaction(async (tx) => {
    const organisation = await organisationRow(tx, input.organisationId, { lock: true });
    const periodEnd = addMonths(now, invoice.months);
    const [paid] = await tx
      .update(subscriptionInvoices)
      .set({ status: 'paid', paidAt: now, periodStart: now, periodEnd, chargingSince: null, providerPaymentId: outcome.paymentId, failureMessage: null, updatedAt: now })
      .where(and(eq(subscriptionInvoices.id, invoice.id), eq(subscriptionInvoices.status, 'open')))
      .returning();
    if (!paid) return;
    const methodChange: { providerMethodId?: string } = input.chosenMethodId ? { providerMethodId: input.chosenMethodId } : {};
    if (outcome.savedMethod && input.payerId) {
      await storePaymentMethod(tx, deps.provider.name, input.payerId, outcome.savedMethod, { makeDefault: false, at: now });
      methodChange.providerMethodId = outcome.savedMethod.providerMethodId;
    }
    await tx
      .update(subscriptions)
      .set({ status: 'active', currentPeriodStart: now, currentPeriodEnd: periodEnd, ...methodChange, failedAttempts: 0, nextAttemptAt: null, updatedAt: now })
      .where(eq(subscriptions.id, invoice.subscriptionId));
    await tx.update(organisations).set({ status: 'active', activatedAt: now, updatedAt: now }).where(eq(organisations.id, organisation.id));
    await inviteListedPeople(tx, deps, { organisationId: organisation.id, organisationName: organisation.name, inviterId: input.payerId ?? organisation.createdBy, at: now });
  });
}

/** The contract plan: active at once, without payment, and left for sales to agree the terms. */
async function activateContract(deps: BillingDeps, userId: string, organisationId: string, idempotencyKey: string): Promise<ActivationResponse> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const organisation = await organisationRow(tx, organisationId, { lock: true });
    if (organisation.status !== 'pending_activation') return;
    await tx
      .insert(subscriptions)
      .values({ organisationId, plan: 'contract', status: 'active', payerUserId: userId, paymentProvider: 'contract', activationKey: idempotencyKey, createdAt: now, updatedAt: now })
      .onConflictDoNothing();
    await tx.update(organisations).set({ status: 'active', activatedAt: now, updatedAt: now }).where(eq(organisations.id, organisationId));
    await inviteListedPeople(tx, deps, { organisationId, organisationName: organisation.name, inviterId: userId, at: now });
  });
  return activationState(deps, organisationId);
}
