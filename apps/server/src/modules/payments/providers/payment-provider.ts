import type { CardDetails } from '@app/contract/checkout';
import { checkoutMessages } from '@app/contract/checkout';
import { paymentMessages } from '@app/contract/messages';
import { DomainError } from '../../../lib/domain-errors.ts';

// The one payment-provider interface (DESIGN section 5). Two adapters implement it: `test`
// (offline, Stripe's test cards and outcomes) and `stripe` (PaymentIntents, SetupIntents,
// webhooks). The orders module only ever talks to this interface.

export type ProviderName = 'test' | 'stripe';

/** What pays: a card typed in (test provider only), a saved method, or a Stripe.js method id. */
export type PaymentSource =
  | { kind: 'card'; card: CardDetails }
  | { kind: 'saved'; providerMethodId: string }
  | { kind: 'stripe'; paymentMethodId: string };

export interface ChargeRequest {
  amount: number;
  currency: 'eur';
  description: string;
  /** Sent to the provider: a repeated charge with the same key is the same payment. */
  idempotencyKey: string;
  customerId: string;
  source: PaymentSource;
  /** Keep the method for later payments ("save card"). */
  saveMethod: boolean;
  metadata: Record<string, string>;
}

/** A saved method as we keep it: never the card number, only what the list shows. */
export interface SavedMethodDetails {
  providerMethodId: string;
  type: 'card' | 'link';
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
}

export type ProviderNextAction = { type: 'confirm'; confirmation_id: string } | { type: 'stripe'; client_secret: string };

/** Where a payment stands at the provider. */
export type PaymentOutcome =
  | { status: 'succeeded'; paymentId: string; savedMethod: SavedMethodDetails | null }
  | { status: 'requires_action'; paymentId: string; nextAction: ProviderNextAction }
  /** Accepted but not final yet (bank transfers, some cards): the webhook tells the end. */
  | { status: 'processing'; paymentId: string }
  | { status: 'failed'; paymentId: string | null; failureCode: string; failureMessage: string };

/** What a provider's subscription or invoice event points at. */
export interface SubscriptionEventRef {
  subscriptionId: string;
  /** The invoice, for an invoice event. */
  invoiceId: string | null;
}

/** An event the provider sent about a payment (a Stripe webhook or the test provider's copy). */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The payment the event is about, if any. */
  paymentId: string | null;
  /** The order named in the payment's metadata (the event may overtake the charge's answer). */
  orderId: string | null;
  /** The provider subscription (and invoice) a subscription or invoice event is about (Stripe Billing), if any. */
  subscription?: SubscriptionEventRef | null;
  payload: unknown;
}

/** One charged thing of a subscription period, priced for the whole period (the plan's discount included). */
export interface SubscriptionItem {
  /** Our stable name of what is charged ('organisation-business', 'service-<id>', 'vat'): the provider's product. */
  key: string;
  title: string;
  /** Cents per unit per period. */
  unitAmount: number;
  quantity: number;
}

/** A provider subscription's statuses as ours ('incomplete_expired' and 'canceled' end it). */
export type ProviderSubscriptionStatus = 'incomplete' | 'active' | 'past_due' | 'cancelled';

/** A provider invoice of a subscription period, as the provider has it now. */
export interface ProviderSubscriptionInvoice {
  id: string;
  subscriptionId: string | null;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  /** Cents charged or to charge. */
  total: number;
  periodStart: Date;
  periodEnd: Date;
  /** The payment (PaymentIntent) that pays it, once the invoice is finalised. */
  paymentId: string | null;
  /** Why the last attempt failed, as the provider words it. */
  failureMessage: string | null;
  /** The subscription's metadata when the invoice was made (what we priced its items with). */
  subscriptionMetadata: Record<string, string>;
  /** Payment attempts so far (the provider's retries included), and when it tries next (null: no more tries). */
  attemptCount: number;
  nextAttemptAt: Date | null;
}

/** A provider subscription as the provider has it now (never as an event said it was). */
export interface ProviderSubscriptionState {
  id: string;
  status: ProviderSubscriptionStatus;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  latestInvoice: ProviderSubscriptionInvoice | null;
}

/**
 * A provider that runs subscriptions itself (Stripe Billing): it renews each period, retries a
 * refused renewal (its dunning) and reports by webhooks. The test provider has none: our renewal
 * job charges its periods.
 */
export interface ProviderSubscriptions {
  /**
   * Starts a subscription whose first invoice is paid with `paymentMethodId` (left incomplete when
   * the card refuses or needs its extra step). With `firstChargeAt`, nothing is charged until then
   * (a period already paid runs until then) and the first period's invoice is made then. The same
   * key again answers the same subscription.
   */
  create(input: { customerId: string; paymentMethodId: string; items: SubscriptionItem[]; months: number; idempotencyKey: string; metadata: Record<string, string>; firstChargeAt?: Date }): Promise<ProviderSubscriptionState>;
  retrieve(subscriptionId: string): Promise<ProviderSubscriptionState>;
  retrieveInvoice(invoiceId: string): Promise<ProviderSubscriptionInvoice>;
  /** The card the provider renews the subscription with from now on (a method already the customer's, or attached to it here). */
  setPaymentMethod(subscriptionId: string, paymentMethodId: string): Promise<void>;
  /** Cancels at the period's end (a change scheduled for the next period is dropped with it) or takes that back. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<ProviderSubscriptionState>;
  /** What the next period on charges (items and period length); the current period stays as paid. */
  changeFromNextPeriod(subscriptionId: string, input: { items: SubscriptionItem[]; months: number; metadata: Record<string, string> }): Promise<void>;
  /** Pays an open invoice now (with this method, which becomes the subscription's); a card step needed answers requires_action. */
  payInvoice(invoiceId: string, input: { subscriptionId: string; paymentMethodId: string | null; idempotencyKey: string }): Promise<PaymentOutcome>;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Present when the provider runs subscriptions itself (Stripe Billing); else ours charge each period. */
  readonly subscriptions?: ProviderSubscriptions;
  /** Stripe.js's key; null for the test provider. */
  readonly publishableKey: string | null;
  /** Test cards only: the UI shows a "test mode" badge. */
  readonly testMode: boolean;

  /** The provider's customer for a user (created on first use). */
  createCustomer(user: { id: string; email: string; name: string }): Promise<string>;
  /** Creates and confirms a payment. */
  charge(request: ChargeRequest): Promise<PaymentOutcome>;
  /** After the buyer's extra step: how the payment ended. */
  confirm(paymentId: string, input: { confirmationId: string | undefined; outcome: 'complete' | 'fail' }): Promise<PaymentOutcome>;
  /** The payment's current state (for webhooks and the sweeper: the provider is the truth). */
  retrieve(paymentId: string): Promise<PaymentOutcome>;
  /**
   * The payment a charge with this idempotency key made, if the provider can tell: the charge of a
   * server that stopped before it heard the answer (issue 14, "Faults"). Null when there is none,
   * or when the provider cannot be asked this way (Stripe: its webhook tells the outcome instead).
   */
  findByIdempotencyKey(idempotencyKey: string): Promise<PaymentOutcome | null>;
  /** Cancels a payment that has not succeeded; answers its state after the attempt. */
  cancel(paymentId: string): Promise<PaymentOutcome>;
  /** Gives the whole payment back (a payment that succeeded for an order no longer payable). */
  refund(paymentId: string): Promise<{ refundId: string }>;

  /** Prepares the card form for saving a method: Stripe's SetupIntent secret, or null. */
  createSetup(customerId: string): Promise<{ clientSecret: string | null }>;
  /** Saves a method on the customer; throws PaymentMethodRefusedError when the provider refuses. */
  attachMethod(customerId: string, input: { kind: 'card'; card: CardDetails } | { kind: 'setup'; setupIntentId: string }): Promise<SavedMethodDetails>;
  detachMethod(providerMethodId: string): Promise<void>;
  /**
   * Deletes the customer and what the provider keeps on it (saved cards), after the user deleted
   * their account. A customer already gone counts as done; an outage throws (the job retries).
   */
  deleteCustomer(customerId: string): Promise<void>;

  /** Checks a webhook's signature and reads it; throws WebhookSignatureError. Stripe only. */
  parseWebhook(rawBody: string, signature: string | undefined): ProviderEvent;
  /** Called with each event the provider produces itself (the test provider's webhooks). */
  onEvent(listener: (event: ProviderEvent) => Promise<void>): void;
}

/** The provider cannot be reached or answered with an error of its own: nothing was charged. */
export class PaymentProviderUnavailableError extends DomainError {
  override name = 'PaymentProviderUnavailableError';

  constructor(options?: { cause?: unknown }) {
    super('payment_provider_unavailable', 502, checkoutMessages.providerUnavailable);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** Spec 8: the provider refused to save the card (400, the message as the spec spells it). */
export class PaymentMethodRefusedError extends DomainError {
  override name = 'PaymentMethodRefusedError';

  constructor(readonly reason: string) {
    super('bad_request', 400, paymentMessages.failedToAttachPaymentMethod);
  }
}

/** Spec 8: the card form could not be prepared. */
export class CardFormUnavailableError extends DomainError {
  override name = 'CardFormUnavailableError';

  constructor(options?: { cause?: unknown }) {
    super('card_form_unavailable', 502, paymentMessages.failedToInitializeCardForm);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** A webhook whose signature does not verify: 400, and nothing is stored. */
export class WebhookSignatureError extends DomainError {
  override name = 'WebhookSignatureError';

  constructor() {
    super('bad_request', 400, 'The webhook signature could not be verified.');
  }
}
