import { organisationQuote, type OrganisationQuote } from '@app/contract/organisation-pricing';
import type { BillingPlan } from '@app/contract/organisations';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationServices } from '../../db/schema/organisation-services.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { subscriptionInvoices } from '../../db/schema/subscription-invoices.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import { inviteListedPeople } from '../organisations/public.ts';
import type { PaymentOutcome, ProviderSubscriptionInvoice, ProviderSubscriptions, ProviderSubscriptionState, SubscriptionEventRef } from '../payments/public.ts';
import type { BillingDeps } from './billing-deps.ts';
import { invoiceBillingOf, invoiceForPeriod, type PeriodInvoiceRow } from './period-invoices.ts';
import { providerPeriodPrice } from './provider-subscription-items.ts';
import { mailOwnersAboutRefusedRenewal } from './refused-renewal-mail.ts';

// Issue 12, "Stripe Billing when configured": when the provider runs subscriptions itself, the
// organisation's subscription is one there (stored under its unique id), Stripe renews it and
// retries a refused renewal, and our row follows what Stripe says. Webhooks arrive late, twice or
// out of order, so none is believed: each is only a reason to ask Stripe for the subscription as it
// is now and store that, under the subscription's row lock, never moving back to an older state.

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** How far along a status is: a read that lands late never moves a subscription back. */
const statusRank: Record<string, number> = { incomplete: 0, active: 1, past_due: 1, cancelled: 2 };

export function providerSubscriptionsOf(deps: BillingDeps): ProviderSubscriptions | null {
  return deps.provider.subscriptions ?? null;
}

/**
 * The activation's payment with the provider's subscriptions, on an invoice already claimed: the
 * subscription is created once (its key is our row's), or, when it exists and its first invoice
 * is still open (a refused card, tried again), that invoice is paid with the new card.
 */
export async function startProviderSubscription(
  deps: BillingDeps,
  billing: ProviderSubscriptions,
  input: { subscription: SubscriptionRow; invoice: PeriodInvoiceRow; customerId: string; paymentMethodId: string; organisationId: string },
): Promise<void> {
  const { subscription, invoice } = input;
  try {
    let existing = subscription.providerSubscriptionId ? await billing.retrieve(subscription.providerSubscriptionId) : null;
    if (existing && existing.status === 'incomplete' && existing.latestInvoice?.status === 'open') {
      await billing.payInvoice(existing.latestInvoice.id, { subscriptionId: existing.id, paymentMethodId: input.paymentMethodId, idempotencyKey: `subscription-invoice-${invoice.id}-${invoice.attempts}` });
    } else if (!existing || existing.status === 'cancelled') {
      const organisation = await deps.db.select().from(organisations).where(eq(organisations.id, input.organisationId));
      const row = organisation[0];
      if (!row) throw new Error('the organisation is gone');
      const price = await providerPeriodPrice(deps.db, row, subscription.plan as BillingPlan, { sellerCountry: deps.sellerCountry, at: deps.clock.now() });
      existing = await billing.create({
        customerId: input.customerId,
        paymentMethodId: input.paymentMethodId,
        items: price.items,
        months: price.months,
        // One subscription per row; a new one only after Stripe ended an unpaid first invoice.
        idempotencyKey: existing ? `organisation-subscription-${subscription.id}-${invoice.attempts}` : `organisation-subscription-${subscription.id}`,
        metadata: providerMetadata(subscription, price.quote),
      });
      // A replacement starts afresh: the ended one's 'cancelled' must not hold the new one back.
      await deps.db
        .update(subscriptions)
        .set({ providerSubscriptionId: existing.id, status: 'incomplete', updatedAt: deps.clock.now() })
        .where(and(eq(subscriptions.id, subscription.id), or(isNull(subscriptions.providerSubscriptionId), eq(subscriptions.providerSubscriptionId, subscription.providerSubscriptionId ?? existing.id))));
      // Our first period's invoice is paid by the new subscription's first invoice, not the voided one's.
      if (subscription.providerSubscriptionId) {
        await deps.db
          .update(subscriptionInvoices)
          .set({ providerInvoiceId: null, providerPaymentId: null, failureMessage: null, updatedAt: deps.clock.now() })
          .where(and(eq(subscriptionInvoices.id, invoice.id), eq(subscriptionInvoices.status, 'open')));
      }
    }
  } finally {
    await deps.db.update(subscriptionInvoices).set({ chargingSince: null, updatedAt: deps.clock.now() }).where(eq(subscriptionInvoices.id, invoice.id));
  }
  const stored = await deps.db.select({ id: subscriptions.providerSubscriptionId }).from(subscriptions).where(eq(subscriptions.id, subscription.id));
  if (stored[0]?.id) await reconcileProviderSubscription(deps, stored[0].id);
}

/**
 * What Stripe keeps on the subscription: whose it is, and the quote its items were priced from. A
 * schedule's next phase carries the next quote; each invoice keeps a copy of the metadata it was
 * made with, so its period invoice states exactly what Stripe charged, whatever the catalogue says
 * by the time the webhook arrives.
 */
export function providerMetadata(subscription: SubscriptionRow, quote: OrganisationQuote): Record<string, string> {
  return { organisation_id: subscription.organisationId, subscription_id: subscription.id, quote: JSON.stringify(quote) };
}

function quoteOfInvoice(invoice: ProviderSubscriptionInvoice): OrganisationQuote | null {
  const raw = invoice.subscriptionMetadata.quote;
  if (!raw) return null;
  try {
    const parsed = organisationQuote.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A webhook about a subscription or one of its invoices: read both from the provider and store them. False when it is not ours. */
export async function handleProviderSubscriptionEvent(deps: BillingDeps, event: SubscriptionEventRef): Promise<boolean> {
  const billing = providerSubscriptionsOf(deps);
  if (!billing) return false;
  const [row] = await deps.db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.providerSubscriptionId, event.subscriptionId));
  if (!row) return false;
  await reconcileProviderSubscription(deps, event.subscriptionId, event.invoiceId);
  return true;
}

/**
 * Asks the provider for the subscription (and an invoice an event named) and stores what it says:
 * status, period and cancel-at-period-end on our row, the organisation's state with it, the
 * period's invoice (once per provider invoice), and a plan or quantities chosen for the period
 * that has now begun.
 */
export async function reconcileProviderSubscription(deps: BillingDeps, providerSubscriptionId: string, invoiceId: string | null = null): Promise<void> {
  const billing = providerSubscriptionsOf(deps);
  if (!billing) return;
  const state = await billing.retrieve(providerSubscriptionId);
  const named = invoiceId && invoiceId !== state.latestInvoice?.id ? await billing.retrieveInvoice(invoiceId) : null;
  const refused = await refusedRenewal(deps, state);
  const now = deps.clock.now();
  const [owner] = await deps.db.select({ organisationId: subscriptions.organisationId }).from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  if (!owner) return;
  await deps.db.transaction(async (tx) => {
    // The organisation first, then the subscription, as the activation locks them: one order of locks, no deadlock.
    await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, owner.organisationId)).for('update');
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId)).for('update');
    if (!row) return;
    if (named && named.subscriptionId === providerSubscriptionId) await recordProviderInvoice(tx, deps, row, named);
    if (state.latestInvoice) await recordProviderInvoice(tx, deps, row, state.latestInvoice);
    await applyState(tx, deps, row, state, now);
    if (refused) await noteRefusedAttempt(tx, deps, row, refused);
  });
}

interface RefusedRenewal {
  invoice: ProviderSubscriptionInvoice;
  reason: string;
}

/** A renewal Stripe could not charge (the subscription past due, its latest invoice open), with the bank's reason. */
async function refusedRenewal(deps: BillingDeps, state: ProviderSubscriptionState): Promise<RefusedRenewal | null> {
  const invoice = state.latestInvoice;
  if (state.status !== 'past_due' || invoice?.status !== 'open' || invoice.attemptCount === 0) return null;
  const outcome = invoice.paymentId ? await deps.provider.retrieve(invoice.paymentId) : null;
  const reason = outcome?.status === 'failed' ? outcome.failureMessage : (invoice.failureMessage ?? 'Your bank asked for a confirmation that cannot be given without you.');
  return { invoice, reason };
}

/**
 * Stripe's retries are the dunning: each refused attempt (counted by Stripe, so a repeated or late
 * event counts once) is noted with the bank's reason and Stripe's next try, and the owners are
 * told in the same transaction.
 */
async function noteRefusedAttempt(tx: DatabaseHandle, deps: BillingDeps, row: SubscriptionRow, refused: RefusedRenewal): Promise<void> {
  const now = deps.clock.now();
  const [noted] = await tx
    .update(subscriptions)
    .set({ failedAttempts: refused.invoice.attemptCount, nextAttemptAt: refused.invoice.nextAttemptAt, updatedAt: now })
    .where(and(eq(subscriptions.id, row.id), eq(subscriptions.status, 'past_due'), lt(subscriptions.failedAttempts, refused.invoice.attemptCount)))
    .returning({ id: subscriptions.id });
  if (!noted) return;
  await tx
    .update(subscriptionInvoices)
    .set({ failureMessage: refused.reason, updatedAt: now })
    .where(and(eq(subscriptionInvoices.providerInvoiceId, refused.invoice.id), eq(subscriptionInvoices.status, 'open')));
  const [organisation] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, row.organisationId));
  await mailOwnersAboutRefusedRenewal(tx, deps, { organisationId: row.organisationId, organisationName: organisation?.name ?? '', total: refused.invoice.total, reason: refused.reason, nextAttemptAt: refused.invoice.nextAttemptAt });
}

async function applyState(tx: DatabaseHandle, deps: BillingDeps, row: SubscriptionRow, state: ProviderSubscriptionState, now: Date): Promise<void> {
  let status = row.status;
  const currentRank = statusRank[row.status] ?? 0;
  const newRank = statusRank[state.status] ?? 0;
  if (newRank > currentRank) status = state.status;
  else if (newRank === currentRank && state.status !== row.status) {
    // Between active and past due, Stripe's word stands unless this read is older than a payment
    // we have already recorded (the latest invoice paid here, still open in the read).
    const latest = state.latestInvoice;
    const paidHere = latest ? (await tx.select({ status: subscriptionInvoices.status }).from(subscriptionInvoices).where(eq(subscriptionInvoices.providerInvoiceId, latest.id)))[0]?.status === 'paid' : false;
    if (!(state.status === 'past_due' && paidHere && latest?.status !== 'paid')) status = state.status;
  }
  // The period only moves forward.
  const newerPeriod = state.currentPeriodEnd !== null && (row.currentPeriodEnd === null || state.currentPeriodEnd > row.currentPeriodEnd) && status !== 'incomplete';
  const periodChange = newerPeriod ? { currentPeriodStart: state.currentPeriodStart, currentPeriodEnd: state.currentPeriodEnd } : {};
  // A plan or quantities chosen for the next period apply once that period has begun.
  let planChange: { plan?: string; pendingPlan?: null; pendingQuantities?: null } = {};
  if (newerPeriod && row.currentPeriodEnd !== null && (row.pendingPlan || row.pendingQuantities)) {
    const plan = row.pendingPlan ?? row.plan;
    for (const [productId, quantity] of Object.entries(row.pendingQuantities ?? {})) {
      await tx.update(organisationServices).set({ quantity }).where(and(eq(organisationServices.organisationId, row.organisationId), eq(organisationServices.productId, productId)));
    }
    await tx.update(organisations).set({ plan, updatedAt: now }).where(eq(organisations.id, row.organisationId));
    planChange = { plan, pendingPlan: null, pendingQuantities: null };
  }
  const cancelAtPeriodEnd = status === 'cancelled' ? row.cancelAtPeriodEnd : state.cancelAtPeriodEnd;
  await tx
    .update(subscriptions)
    .set({ status, ...periodChange, ...planChange, cancelAtPeriodEnd, ...(status === 'past_due' ? {} : { failedAttempts: 0, nextAttemptAt: null }), updatedAt: now })
    .where(eq(subscriptions.id, row.id));

  const [organisation] = await tx.select().from(organisations).where(eq(organisations.id, row.organisationId));
  if (!organisation) return;
  if (row.status === 'incomplete' && status === 'active' && organisation.status === 'pending_activation') {
    // The first period is paid: the organisation starts, and its people are invited (once: this transition happens once).
    await tx.update(organisations).set({ status: 'active', activatedAt: now, updatedAt: now }).where(eq(organisations.id, organisation.id));
    await inviteListedPeople(tx, deps, { organisationId: organisation.id, organisationName: organisation.name, inviterId: row.payerUserId ?? organisation.createdBy, at: now });
  } else if (organisation.status === 'active' || organisation.status === 'past_due') {
    const organisationStatus = status === 'past_due' ? 'past_due' : status === 'cancelled' ? 'cancelled' : 'active';
    if (organisationStatus !== organisation.status) await tx.update(organisations).set({ status: organisationStatus, updatedAt: now }).where(eq(organisations.id, organisation.id));
  }
}

/**
 * One period invoice per provider invoice (a unique id): the first period's was made by the
 * activation; a renewal's is made here from the quote, with Stripe's period on it. Paid once (a
 * conditional update); an open one (a refused renewal) is what "pay now" pays.
 */
async function recordProviderInvoice(tx: DatabaseHandle, deps: BillingDeps, row: SubscriptionRow, invoice: ProviderSubscriptionInvoice): Promise<void> {
  if (invoice.status !== 'open' && invoice.status !== 'paid') return;
  // A trial's €0 invoice (a subscription started for a period already paid, payer-leaving.ts) bills no period.
  if (invoice.total === 0) return;
  const now = deps.clock.now();
  let [ours] = await tx.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.providerInvoiceId, invoice.id));
  if (!ours) {
    // The activation's invoice, not yet linked (the provider answered after a crash): the subscription's only one.
    const [first] = await tx.select().from(subscriptionInvoices).where(and(eq(subscriptionInvoices.subscriptionId, row.id), isNull(subscriptionInvoices.providerInvoiceId), eq(subscriptionInvoices.status, 'open')));
    if (first && row.status === 'incomplete') {
      [ours] = await tx.update(subscriptionInvoices).set({ providerInvoiceId: invoice.id, updatedAt: now }).where(eq(subscriptionInvoices.id, first.id)).returning();
    }
  }
  if (!ours) {
    const [organisation] = await tx.select().from(organisations).where(eq(organisations.id, row.organisationId));
    if (!organisation) return;
    let quote = quoteOfInvoice(invoice);
    if (!quote) {
      // An invoice made without our metadata (a subscription changed in Stripe's dashboard): priced as a quote would price it now.
      const upcoming = row.currentPeriodEnd !== null && invoice.periodStart >= row.currentPeriodEnd;
      const plan = (upcoming && row.pendingPlan ? row.pendingPlan : row.plan) as BillingPlan;
      quote = (await providerPeriodPrice(tx, organisation, plan, { sellerCountry: deps.sellerCountry, at: now, quantities: upcoming ? row.pendingQuantities : null })).quote;
    }
    const created = await invoiceForPeriod(tx, { subscriptionId: row.id, periodStart: invoice.periodStart, quote, billing: invoiceBillingOf(organisation), at: now });
    if (!created) return;
    if (created.total !== invoice.total) deps.log.warn({ providerInvoiceId: invoice.id, ours: created.total, provider: invoice.total }, 'the provider charged another amount than the period invoice says');
    [ours] = await tx
      .update(subscriptionInvoices)
      .set({ providerInvoiceId: invoice.id, periodEnd: invoice.periodEnd, updatedAt: now })
      .where(and(eq(subscriptionInvoices.id, created.id), isNull(subscriptionInvoices.providerInvoiceId)))
      .returning();
    if (!ours) return;
  }
  if (invoice.paymentId && ours.providerPaymentId !== invoice.paymentId && ours.status === 'open') {
    await tx.update(subscriptionInvoices).set({ providerPaymentId: invoice.paymentId, updatedAt: now }).where(and(eq(subscriptionInvoices.id, ours.id), eq(subscriptionInvoices.status, 'open')));
  }
  if (invoice.status === 'paid') {
    await tx
      .update(subscriptionInvoices)
      .set({ status: 'paid', paidAt: now, periodStart: invoice.periodStart, periodEnd: invoice.periodEnd, chargingSince: null, failureMessage: null, ...(invoice.paymentId ? { providerPaymentId: invoice.paymentId } : {}), updatedAt: now })
      .where(and(eq(subscriptionInvoices.id, ours.id), eq(subscriptionInvoices.status, 'open')));
  }
}

/** Where the provider's open invoice of this row stands now: its payment's outcome (for the card's extra step), noted on our invoice. */
export async function openInvoiceOutcome(deps: BillingDeps, invoice: PeriodInvoiceRow): Promise<PaymentOutcome | null> {
  if (invoice.status !== 'open' || !invoice.providerPaymentId) return null;
  const outcome = await deps.provider.retrieve(invoice.providerPaymentId);
  if (outcome.status === 'failed') {
    await deps.db
      .update(subscriptionInvoices)
      .set({ failureMessage: outcome.failureMessage, updatedAt: deps.clock.now() })
      .where(and(eq(subscriptionInvoices.id, invoice.id), eq(subscriptionInvoices.status, 'open')));
  }
  return outcome;
}
