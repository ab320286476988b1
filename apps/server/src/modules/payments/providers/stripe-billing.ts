import Stripe from 'stripe';
import {
  PaymentProviderUnavailableError,
  type PaymentOutcome,
  type ProviderSubscriptionInvoice,
  type ProviderSubscriptions,
  type ProviderSubscriptionState,
  type ProviderSubscriptionStatus,
  type SubscriptionItem,
} from './payment-provider.ts';

/**
 * Stripe Billing as the subscription engine (issue 12, "Stripe Billing when configured"): one
 * Stripe Subscription per organisation with inline prices (`price_data`) of our own quote, first
 * invoice paid with `payment_behavior=default_incomplete` so that 3-D Secure runs in Stripe.js on
 * the invoice's PaymentIntent; Stripe renews and retries, and answers what a subscription and its
 * invoices are now whenever asked (the webhooks are only a reason to ask).
 */
export class StripeSubscriptionBilling implements ProviderSubscriptions {
  /** Products known to exist at Stripe (created once per process, by our own id). */
  private readonly knownProducts = new Set<string>();

  constructor(
    private readonly stripe: Stripe,
    private readonly paymentOutcome: (paymentId: string) => Promise<PaymentOutcome>,
  ) {}

  async create(input: { customerId: string; paymentMethodId: string; items: SubscriptionItem[]; months: number; idempotencyKey: string; metadata: Record<string, string>; firstChargeAt?: Date }): Promise<ProviderSubscriptionState> {
    await this.attach(input.paymentMethodId, input.customerId);
    const items = await this.priceItems(input.items, input.months);
    const subscription = await call(() =>
      this.stripe.subscriptions.create(
        {
          customer: input.customerId,
          items,
          default_payment_method: input.paymentMethodId,
          // The first invoice waits for its PaymentIntent's confirmation (3-D Secure in Stripe.js)
          // instead of failing the creation; Stripe ends it ('incomplete_expired') after 23 hours.
          payment_behavior: 'default_incomplete',
          // The card form's method (a card, or Link) renews the subscription; no method types are forced on it.
          payment_settings: { save_default_payment_method: 'on_subscription' },
          metadata: input.metadata,
          // A period paid already: Stripe's trial runs to its end (a €0 invoice now), then it invoices the first period.
          ...(input.firstChargeAt ? { trial_end: Math.floor(input.firstChargeAt.getTime() / 1000) } : {}),
          expand: ['latest_invoice.payments'],
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return stateOf(subscription);
  }

  async retrieve(subscriptionId: string): Promise<ProviderSubscriptionState> {
    return stateOf(await call(() => this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice.payments'] })));
  }

  async retrieveInvoice(invoiceId: string): Promise<ProviderSubscriptionInvoice> {
    return invoiceOf(await call(() => this.stripe.invoices.retrieve(invoiceId, { expand: ['payments'] })));
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<ProviderSubscriptionState> {
    if (cancel) {
      // Stripe refuses to change a scheduled subscription's cancellation: the schedule (a change
      // from the next period, which will not come) is released first.
      const subscription = await call(() => this.stripe.subscriptions.retrieve(subscriptionId));
      const scheduleId = typeof subscription.schedule === 'string' ? subscription.schedule : subscription.schedule?.id;
      if (scheduleId) await call(() => this.stripe.subscriptionSchedules.release(scheduleId));
    }
    return stateOf(await call(() => this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel, expand: ['latest_invoice.payments'] })));
  }

  /**
   * From the next period on: a subscription schedule whose first phase is the current period as it
   * is and whose second phase has the new items and period length (Stripe's way to change at the
   * period's end, prorating nothing); then the schedule releases the subscription to run on.
   */
  async changeFromNextPeriod(subscriptionId: string, input: { items: SubscriptionItem[]; months: number; metadata: Record<string, string> }): Promise<void> {
    const subscription = await call(() => this.stripe.subscriptions.retrieve(subscriptionId));
    const periodEnd = subscription.items.data[0]?.current_period_end;
    if (!periodEnd) throw new PaymentProviderUnavailableError({ cause: new Error(`subscription ${subscriptionId} has no current period`) });
    const scheduleId = typeof subscription.schedule === 'string' ? subscription.schedule : subscription.schedule?.id;
    const schedule = scheduleId
      ? await call(() => this.stripe.subscriptionSchedules.retrieve(scheduleId))
      : await call(() => this.stripe.subscriptionSchedules.create({ from_subscription: subscriptionId }, { idempotencyKey: `schedule-${subscriptionId}` }));
    const current = schedule.phases.find((phase) => phase.start_date === schedule.current_phase?.start_date) ?? schedule.phases[0];
    if (!current) throw new PaymentProviderUnavailableError({ cause: new Error(`schedule ${schedule.id} has no phase`) });
    const nextItems = await this.priceItems(input.items, input.months);
    await call(() =>
      this.stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: 'release',
        proration_behavior: 'none',
        phases: [
          {
            items: current.items.map((item) => ({ price: typeof item.price === 'string' ? item.price : item.price.id, quantity: item.quantity ?? 1 })),
            start_date: current.start_date,
            end_date: periodEnd,
            metadata: subscription.metadata,
          },
          // The phase's metadata becomes the subscription's when it starts, and each invoice keeps a copy.
          { items: nextItems, duration: { interval: 'month', interval_count: input.months }, metadata: input.metadata },
        ],
      }),
    );
  }

  async setPaymentMethod(subscriptionId: string, paymentMethodId: string): Promise<void> {
    const subscription = await call(() => this.stripe.subscriptions.retrieve(subscriptionId));
    const customerId = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
    await this.attach(paymentMethodId, customerId);
    await call(() => this.stripe.subscriptions.update(subscriptionId, { default_payment_method: paymentMethodId }));
  }

  async payInvoice(invoiceId: string, input: { subscriptionId: string; paymentMethodId: string | null; idempotencyKey: string }): Promise<PaymentOutcome> {
    // The card that pays is the one Stripe renews with from now on.
    if (input.paymentMethodId) await this.setPaymentMethod(input.subscriptionId, input.paymentMethodId);
    try {
      await this.stripe.invoices.pay(invoiceId, input.paymentMethodId ? { payment_method: input.paymentMethodId } : {}, { idempotencyKey: input.idempotencyKey });
    } catch (error) {
      // A refused card or a card asking for 3-D Secure: the invoice's PaymentIntent says which.
      if (!(error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError)) throw new PaymentProviderUnavailableError({ cause: error });
    }
    const invoice = await this.retrieveInvoice(invoiceId);
    if (invoice.paymentId) return this.paymentOutcome(invoice.paymentId);
    if (invoice.status === 'paid') return { status: 'succeeded', paymentId: invoice.id, savedMethod: null };
    return { status: 'failed', paymentId: null, failureCode: 'invoice_not_paid', failureMessage: invoice.failureMessage ?? 'The invoice could not be paid.' };
  }

  /** A card from Stripe.js belongs to no customer yet; attaching one already the customer's changes nothing. */
  private async attach(paymentMethodId: string, customerId: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw new PaymentProviderUnavailableError({ cause: error });
    }
  }

  /** Inline prices for the items, each on a product of ours made once (Stripe's prices need a product). */
  private async priceItems(items: SubscriptionItem[], months: number) {
    for (const item of items) await this.ensureProduct(item);
    return items.map((item) => ({
      price_data: { currency: 'eur', product: productId(item.key), unit_amount: item.unitAmount, recurring: { interval: 'month' as const, interval_count: months } },
      quantity: item.quantity,
    }));
  }

  private async ensureProduct(item: SubscriptionItem): Promise<void> {
    const id = productId(item.key);
    if (this.knownProducts.has(id)) return;
    try {
      await this.stripe.products.create({ id, name: item.title });
    } catch (error) {
      // Made by an earlier run or another instance: what we wanted.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_already_exists')) throw new PaymentProviderUnavailableError({ cause: error });
    }
    this.knownProducts.add(id);
  }
}

const productId = (key: string) => `compass_${key.replace(/[^a-zA-Z0-9_-]/g, '_')}`;

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw new PaymentProviderUnavailableError({ cause: error });
  }
}

const at = (seconds: number | null | undefined): Date | null => (seconds === null || seconds === undefined ? null : new Date(seconds * 1000));

const statuses: Record<string, ProviderSubscriptionStatus> = {
  incomplete: 'incomplete',
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  // Stripe's retries are over: still unpaid, so still read-only until paid.
  unpaid: 'past_due',
  paused: 'past_due',
  canceled: 'cancelled',
  incomplete_expired: 'cancelled',
};

function stateOf(subscription: Stripe.Subscription): ProviderSubscriptionState {
  const item = subscription.items.data[0];
  const latest = subscription.latest_invoice;
  return {
    id: subscription.id,
    status: statuses[subscription.status] ?? 'past_due',
    currentPeriodStart: at(item?.current_period_start),
    currentPeriodEnd: at(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    latestInvoice: latest && typeof latest !== 'string' ? invoiceOf(latest) : null,
  };
}

function invoiceOf(invoice: Stripe.Invoice): ProviderSubscriptionInvoice {
  const payments = invoice.payments?.data ?? [];
  const payment = (payments.find((candidate) => candidate.is_default) ?? payments[0])?.payment.payment_intent;
  const parent = invoice.parent?.subscription_details?.subscription;
  // A subscription invoice's period is its lines' (the invoice's own period_start is the previous one's).
  const period = invoice.lines.data[0]?.period;
  return {
    id: invoice.id,
    subscriptionId: typeof parent === 'string' ? parent : (parent?.id ?? null),
    status: (invoice.status ?? 'draft') as ProviderSubscriptionInvoice['status'],
    total: invoice.total,
    periodStart: at(period?.start ?? invoice.period_start) ?? new Date(invoice.created * 1000),
    periodEnd: at(period?.end ?? invoice.period_end) ?? new Date(invoice.created * 1000),
    paymentId: typeof payment === 'string' ? payment : (payment?.id ?? null),
    failureMessage: invoice.last_finalization_error?.message ?? null,
    subscriptionMetadata: invoice.parent?.subscription_details?.metadata ?? {},
    attemptCount: invoice.attempt_count,
    nextAttemptAt: at(invoice.next_payment_attempt),
  };
}
