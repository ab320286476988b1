import { checkoutMessages, type CardDetails } from '@app/contract/checkout';
import { paymentMessages } from '@app/contract/messages';
import { renewalCardMessages, subscriptionMessages, type ActivationResponse, type RenewalCardPayment } from '@app/contract/organisation-billing';
import { and, eq, lt } from 'drizzle-orm';
import { subscriptionCardChanges } from '../../db/schema/subscription-card-changes.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import { BadRequestError, DomainError, NotFoundError, ValidationError } from '../../lib/domain-errors.ts';
import { requireManager } from '../organisations/public.ts';
import { checkCard, customerIdFor, findUsablePaymentMethod, storePaymentMethod, type SavedMethodDetails } from '../payments/public.ts';
import { activationState, BillingConflictError, subscriptionOf, type BillingDeps } from './activation-service.ts';
import { resumesOnProviderBilling, startDeferredProviderSubscription } from './payer-leaving.ts';
import { providerSubscriptionsOf } from './provider-subscriptions.ts';

// Issue 12, BillingSettings "payment method": owners and admins replace the card the subscription
// renews with, without charging anything now. The card is saved at the provider first (the test
// provider checks it as Stripe does when a card is saved; with Stripe, Stripe.js has confirmed a
// SetupIntent, 3-D Secure included), and only then, in one transaction, kept with the caller's
// saved cards and made the subscription's: a refused or abandoned card leaves the old one. Each
// request carries an idempotency key: a retry answers as the first did and never saves a second card.
// With Stripe Billing, a subscription of ours (its payer's account was deleted, issue 14) goes back
// on Stripe with the card: a Stripe subscription on the caller's customer charging first at the end
// of the period already paid (payer-leaving.ts).

/** A change not back from the provider within this long is taken to have crashed; the same key may try again. */
const stalledChangeMs = 60_000;

/** What the provider's refusal to save a card says to the payer (the test provider names Stripe's decline codes). */
const refusalMessages: Record<string, string> = {
  card_declined: checkoutMessages.cardDeclined,
  insufficient_funds: checkoutMessages.insufficientFunds,
};

/** The provider refused the card (a 400 of the payments module, with its reason); null for any other failure. */
function refusalMessageOf(error: unknown): string | null {
  if (!(error instanceof DomainError) || error.statusCode !== 400) return null;
  const reason = 'reason' in error ? error.reason : undefined;
  return (typeof reason === 'string' && refusalMessages[reason]) || paymentMessages.failedToAttachPaymentMethod;
}

/** The subscription whose card may change: the caller manages it, it is not read-only, and it renews by card. */
async function renewingSubscription(deps: BillingDeps, userId: string, organisationId: string) {
  await requireManager(deps.db, userId, organisationId, { change: true });
  const subscription = await subscriptionOf(deps.db, organisationId);
  if (!subscription) throw new BillingConflictError(subscriptionMessages.notActive);
  if (subscription.plan === 'contract') throw new BillingConflictError(subscriptionMessages.contractByAgreement);
  if (subscription.status !== 'active') throw new BillingConflictError(subscriptionMessages.notActive);
  // A subscription the provider renews itself (Stripe Billing) charges the card the provider holds
  // for it: without the provider's subscriptions, changing only ours would be a change in name only.
  if (subscription.providerSubscriptionId !== null && !deps.provider.subscriptions) throw new BillingConflictError(renewalCardMessages.providerRenews);
  // Stripe's subscription belongs to the payer's customer, which only the payer's cards can pay.
  if (subscription.providerSubscriptionId !== null && subscription.payerUserId !== userId) throw new BillingConflictError(renewalCardMessages.payerOnly);
  return subscription;
}

/** A card already saved (nothing to ask the provider), or what the provider is asked to save. */
type CheckedCard = { kind: 'saved'; details: SavedMethodDetails } | { kind: 'new'; attach: { kind: 'card'; card: CardDetails } | { kind: 'setup'; setupIntentId: string } };

/** Checks what can be checked before the provider is asked (422 on the field, nothing claimed). */
async function checkedCard(deps: BillingDeps, userId: string, payment: RenewalCardPayment): Promise<CheckedCard> {
  switch (payment.method) {
    case 'card':
      if (deps.provider.name !== 'test') throw new ValidationError({ 'payment.method': ['Enter your card in the secure card form.'] });
      checkCard(payment.card, deps.clock.now(), 'payment.card');
      return { kind: 'new', attach: { kind: 'card', card: payment.card } };
    case 'stripe':
      if (deps.provider.name !== 'stripe') throw new ValidationError({ 'payment.method': ['Enter your card details in the form.'] });
      return { kind: 'new', attach: { kind: 'setup', setupIntentId: payment.setup_intent_id } };
    case 'saved': {
      const method = await findUsablePaymentMethod(deps.db, deps.provider.name, userId, payment.payment_method_id);
      // A card expires at the end of its month.
      const expired = method?.expYear != null && method.expMonth != null && new Date(Date.UTC(method.expYear, method.expMonth)) <= deps.clock.now();
      if (!method || expired) throw new ValidationError({ 'payment.payment_method_id': ['Choose one of your saved cards.'] });
      const { providerMethodId, type, brand, last4, expMonth, expYear } = method;
      return { kind: 'saved', details: { providerMethodId, type: type === 'link' ? 'link' : 'card', brand, last4, expMonth, expYear } };
    }
  }
}

/**
 * Claims the request's key. Null: the key was used before and its answer stands (a change that
 * succeeded answers the subscription as it is now; a refused one, its refusal again).
 */
async function claimChange(deps: BillingDeps, subscriptionId: string, userId: string, key: string): Promise<string | null> {
  const now = deps.clock.now();
  const [claimed] = await deps.db
    .insert(subscriptionCardChanges)
    .values({ subscriptionId, idempotencyKey: key, requestedBy: userId, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: subscriptionCardChanges.id });
  if (claimed) return claimed.id;
  const [earlier] = await deps.db
    .select()
    .from(subscriptionCardChanges)
    .where(and(eq(subscriptionCardChanges.subscriptionId, subscriptionId), eq(subscriptionCardChanges.idempotencyKey, key)));
  if (!earlier) throw new BillingConflictError(renewalCardMessages.changeInProgress);
  if (earlier.status === 'succeeded') return null;
  if (earlier.status === 'refused') throw new BadRequestError(earlier.failureMessage ?? paymentMessages.failedToAttachPaymentMethod);
  // Still on its way: wait for it, unless it stalled (a crash), when this retry takes it over.
  const [takenOver] = await deps.db
    .update(subscriptionCardChanges)
    .set({ updatedAt: now })
    .where(and(eq(subscriptionCardChanges.id, earlier.id), eq(subscriptionCardChanges.status, 'pending'), lt(subscriptionCardChanges.updatedAt, new Date(now.getTime() - stalledChangeMs))))
    .returning({ id: subscriptionCardChanges.id });
  if (!takenOver) throw new BillingConflictError(renewalCardMessages.changeInProgress);
  return takenOver.id;
}

/**
 * `PUT /api/organisations/{id}/subscription/payment-method`: the card renewals are charged to from
 * now on (a card typed in with the test provider, a SetupIntent Stripe.js confirmed, or one of the
 * caller's saved cards), who gave it becoming the subscription's payer. Nothing is charged.
 */
export async function replaceRenewalCard(
  deps: BillingDeps,
  userId: string,
  organisationId: string,
  input: { idempotency_key: string; payment: RenewalCardPayment },
): Promise<ActivationResponse> {
  const subscription = await renewingSubscription(deps, userId, organisationId);
  const card = await checkedCard(deps, userId, input.payment);
  const changeId = await claimChange(deps, subscription.id, userId, input.idempotency_key);
  if (changeId === null) return activationState(deps, organisationId);

  let details: SavedMethodDetails;
  try {
    details = card.kind === 'saved' ? card.details : await deps.provider.attachMethod(await customerIdFor(deps.db, deps.provider, userId), card.attach);
  } catch (error) {
    const refusal = refusalMessageOf(error);
    const now = deps.clock.now();
    if (refusal === null) {
      // The provider could not be asked: nothing changed, and the same key may try again at once.
      await deps.db.delete(subscriptionCardChanges).where(and(eq(subscriptionCardChanges.id, changeId), eq(subscriptionCardChanges.status, 'pending')));
      throw error;
    }
    await deps.db.update(subscriptionCardChanges).set({ status: 'refused', failureMessage: refusal, updatedAt: now }).where(eq(subscriptionCardChanges.id, changeId));
    throw new BadRequestError(refusal);
  }

  // Stripe Billing renews with the card its subscription holds: Stripe is told first, then ours
  // follows. Stripe not reached: nothing changed, and the same key may try again at once.
  const billing = providerSubscriptionsOf(deps);
  let started: string | null = null;
  try {
    if (subscription.providerSubscriptionId !== null) await billing?.setPaymentMethod(subscription.providerSubscriptionId, details.providerMethodId);
    else if (billing && resumesOnProviderBilling(subscription, deps.clock.now())) {
      started = await startDeferredProviderSubscription(deps, billing, { subscription, customerId: await customerIdFor(deps.db, deps.provider, userId), paymentMethodId: details.providerMethodId });
    }
  } catch (error) {
    await deps.db.delete(subscriptionCardChanges).where(and(eq(subscriptionCardChanges.id, changeId), eq(subscriptionCardChanges.status, 'pending')));
    throw error;
  }

  const now = deps.clock.now();
  const refusal = await deps.db.transaction(async (tx): Promise<string | null> => {
    // The subscription's row first, as the renewal locks it: a renewal starting now charges either card, never half a change.
    const [locked] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscription.id)).for('update');
    if (!locked) throw new NotFoundError();
    // The Stripe subscription just started is this row's only while the period it defers to is still running here.
    if (started !== null && locked.status !== 'active') return subscriptionMessages.notActive;
    if (started !== null && (locked.providerSubscriptionId ?? started) !== started) return renewalCardMessages.changeInProgress;
    if (card.kind === 'new') await storePaymentMethod(tx, deps.provider.name, userId, details, { makeDefault: false, at: now });
    await tx
      .update(subscriptions)
      .set({ providerMethodId: details.providerMethodId, payerUserId: userId, paymentProvider: deps.provider.name, ...(started !== null ? { providerSubscriptionId: started } : {}), updatedAt: now })
      .where(eq(subscriptions.id, subscription.id));
    await tx
      .update(subscriptionCardChanges)
      .set({ status: 'succeeded', providerMethodId: details.providerMethodId, updatedAt: now })
      .where(eq(subscriptionCardChanges.id, changeId));
    return null;
  });
  if (refusal !== null && started !== null) {
    // The renewal job got there first (the period ended meanwhile), or another card went on Stripe
    // just before: the Stripe subscription started here, still in its trial, ends without a charge.
    await billing?.setCancelAtPeriodEnd(started, true);
    await deps.db.delete(subscriptionCardChanges).where(and(eq(subscriptionCardChanges.id, changeId), eq(subscriptionCardChanges.status, 'pending')));
    throw new BillingConflictError(refusal);
  }
  return activationState(deps, organisationId);
}
