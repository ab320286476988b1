import type { CardDetails } from '@app/contract/checkout';
import { checkoutMessages } from '@app/contract/checkout';
import Stripe from 'stripe';
import {
  CardFormUnavailableError,
  PaymentMethodRefusedError,
  PaymentProviderUnavailableError,
  WebhookSignatureError,
  type ChargeRequest,
  type PaymentOutcome,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSubscriptions,
  type SavedMethodDetails,
  type SubscriptionEventRef,
} from './payment-provider.ts';
import { StripeSubscriptionBilling } from './stripe-billing.ts';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API address than api.stripe.com (tests run a local fake). */
  apiUrl?: string | undefined;
}

/** Webhook timestamps older than this are refused (replays), as Stripe's libraries default to. */
const webhookToleranceSeconds = 300;

/**
 * Stripe (DESIGN section 5): PaymentIntents confirmed at once with an idempotency key per order,
 * 3-D Secure finished by Stripe.js (`next_action` with the client secret), SetupIntents to save a
 * card, webhooks verified with the signing secret. Card numbers never reach this server: the
 * browser turns them into `pm_...` ids with Stripe.js.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  readonly testMode: boolean;
  /** Organisations' subscriptions run on Stripe Billing. */
  readonly subscriptions: ProviderSubscriptions;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripeProviderOptions) {
    this.publishableKey = options.publishableKey;
    this.testMode = options.secretKey.includes('_test_');
    this.webhookSecret = options.webhookSecret;
    const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'http:' ? 80 : 443), protocol: api.protocol === 'http:' ? 'http' : 'https' } : {}),
    });
    this.subscriptions = new StripeSubscriptionBilling(this.stripe, (paymentId) => this.retrieve(paymentId));
  }

  async createCustomer(user: { id: string; email: string; name: string }): Promise<string> {
    const customer = await this.call(() =>
      this.stripe.customers.create({ email: user.email, name: user.name, metadata: { user_id: user.id } }, { idempotencyKey: `customer-${user.id}` }),
    );
    return customer.id;
  }

  async charge(request: ChargeRequest): Promise<PaymentOutcome> {
    if (request.source.kind === 'card') {
      // Raw card numbers must never pass through this server with Stripe (PCI DSS): Stripe.js only.
      return { status: 'failed', paymentId: null, failureCode: 'card_entry_not_supported', failureMessage: checkoutMessages.paymentMethodUnusable };
    }
    const paymentMethod = request.source.kind === 'saved' ? request.source.providerMethodId : request.source.paymentMethodId;
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency,
          customer: request.customerId,
          payment_method: paymentMethod,
          confirm: true,
          description: request.description,
          metadata: request.metadata,
          // No redirecting methods: 3-D Secure runs in Stripe.js's modal, on our page.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          ...(request.saveMethod ? { setup_future_usage: 'off_session' as const } : {}),
          expand: ['payment_method'],
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return outcomeOf(intent);
    } catch (error) {
      return this.failedOutcome(error);
    }
  }

  async confirm(paymentId: string): Promise<PaymentOutcome> {
    // The buyer finished 3-D Secure in Stripe.js; Stripe knows how it went.
    return this.retrieve(paymentId);
  }

  async retrieve(paymentId: string): Promise<PaymentOutcome> {
    const intent = await this.call(() => this.stripe.paymentIntents.retrieve(paymentId, { expand: ['payment_method'] }));
    return outcomeOf(intent);
  }

  async findByIdempotencyKey(): Promise<PaymentOutcome | null> {
    // Stripe's API looks payments up by id, not by idempotency key. A charge whose answer was lost
    // (the server stopped) is told by its payment_intent.* webhook, which Stripe repeats until
    // answered; a success for an order settled meanwhile is refunded there.
    return null;
  }

  async cancel(paymentId: string): Promise<PaymentOutcome> {
    try {
      const intent = await this.stripe.paymentIntents.cancel(paymentId, { cancellation_reason: 'abandoned' });
      return outcomeOf(intent);
    } catch (error) {
      // Already succeeded or canceled: its current state answers.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return this.retrieve(paymentId);
      throw new PaymentProviderUnavailableError({ cause: error });
    }
  }

  async refund(paymentId: string): Promise<{ refundId: string }> {
    const refund = await this.call(() => this.stripe.refunds.create({ payment_intent: paymentId }, { idempotencyKey: `refund-${paymentId}` }));
    return { refundId: refund.id };
  }

  async createSetup(customerId: string): Promise<{ clientSecret: string | null }> {
    try {
      const intent = await this.stripe.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      });
      if (!intent.client_secret) throw new Error('SetupIntent without a client secret');
      return { clientSecret: intent.client_secret };
    } catch (error) {
      throw new CardFormUnavailableError({ cause: error });
    }
  }

  async attachMethod(customerId: string, input: { kind: 'card'; card: CardDetails } | { kind: 'setup'; setupIntentId: string }): Promise<SavedMethodDetails> {
    if (input.kind === 'card') throw new PaymentMethodRefusedError('card numbers go through Stripe.js, not this server');
    let intent: Stripe.SetupIntent;
    try {
      intent = await this.stripe.setupIntents.retrieve(input.setupIntentId, { expand: ['payment_method'] });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new PaymentMethodRefusedError('unknown SetupIntent');
      throw new PaymentProviderUnavailableError({ cause: error });
    }
    const intentCustomer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
    // Someone else's SetupIntent, or one the card form has not finished.
    if (intentCustomer !== customerId) throw new PaymentMethodRefusedError('SetupIntent of another customer');
    if (intent.status !== 'succeeded') throw new PaymentMethodRefusedError(`SetupIntent is ${intent.status}`);
    const method = intent.payment_method;
    if (!method || typeof method === 'string') throw new PaymentMethodRefusedError('SetupIntent without a payment method');
    return methodDetails(method);
  }

  async detachMethod(providerMethodId: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(providerMethodId);
    } catch (error) {
      // Already detached (or deleted at Stripe): what we wanted.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw new PaymentProviderUnavailableError({ cause: error });
    }
  }

  async deleteCustomer(customerId: string): Promise<void> {
    try {
      // Stripe detaches the customer's payment methods and cancels its subscriptions with it.
      await this.stripe.customers.del(customerId);
    } catch (error) {
      // Deleted already (an earlier attempt whose answer was lost): what we wanted.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return;
      throw new PaymentProviderUnavailableError({ cause: error });
    }
  }

  parseWebhook(rawBody: string, signature: string | undefined): ProviderEvent {
    if (!signature) throw new WebhookSignatureError();
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret, webhookToleranceSeconds);
    } catch {
      throw new WebhookSignatureError();
    }
    const object = event.data.object as { object?: string; id?: string; metadata?: Record<string, string> | null };
    const isPaymentIntent = object.object === 'payment_intent';
    return {
      id: event.id,
      type: event.type,
      paymentId: isPaymentIntent ? (object.id ?? null) : null,
      orderId: isPaymentIntent ? (object.metadata?.order_id ?? null) : null,
      subscription: subscriptionEventOf(event),
      payload: event,
    };
  }

  onEvent(): void {
    // Stripe's events arrive as webhooks (parseWebhook).
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw new PaymentProviderUnavailableError({ cause: error });
    }
  }

  /** A refused confirmation arrives as an error carrying the PaymentIntent. */
  private failedOutcome(error: unknown): PaymentOutcome {
    if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
      const raw = error.raw as { payment_intent?: { id?: string } } | undefined;
      const paymentId = raw?.payment_intent?.id ?? null;
      if (error instanceof Stripe.errors.StripeCardError || paymentId) {
        return {
          status: 'failed',
          paymentId,
          failureCode: error.decline_code ?? error.code ?? 'card_declined',
          failureMessage: error.message || checkoutMessages.cardDeclined,
        };
      }
      // A saved method that Stripe no longer knows, for instance.
      if (error.code === 'resource_missing') return { status: 'failed', paymentId: null, failureCode: error.code, failureMessage: checkoutMessages.paymentMethodUnusable };
    }
    throw new PaymentProviderUnavailableError({ cause: error });
  }
}

/**
 * The Stripe Billing subscription (and invoice) a subscription or invoice event is about: the
 * event's copy is only a pointer, its handler asks Stripe for the current state. Also read from a
 * stored event's payload when the sweeper retries it.
 */
export function subscriptionEventOf(event: unknown): SubscriptionEventRef | null {
  const object = (event as { data?: { object?: { object?: string; id?: string; parent?: { subscription_details?: { subscription?: unknown } | null } | null } } } | null)?.data?.object;
  if (object?.object === 'subscription' && object.id) return { subscriptionId: object.id, invoiceId: null };
  if (object?.object === 'invoice' && object.id) {
    const subscription = object.parent?.subscription_details?.subscription;
    const id = typeof subscription === 'string' ? subscription : (subscription as { id?: unknown } | null | undefined)?.id;
    if (typeof id === 'string') return { subscriptionId: id, invoiceId: object.id };
  }
  return null;
}

function outcomeOf(intent: Stripe.PaymentIntent): PaymentOutcome {
  switch (intent.status) {
    case 'succeeded': {
      const method = intent.payment_method;
      const saved = intent.setup_future_usage && method && typeof method !== 'string' ? methodDetails(method) : null;
      return { status: 'succeeded', paymentId: intent.id, savedMethod: saved };
    }
    case 'requires_action':
      return { status: 'requires_action', paymentId: intent.id, nextAction: { type: 'stripe', client_secret: intent.client_secret ?? '' } };
    case 'processing':
    case 'requires_confirmation':
    case 'requires_capture':
      return { status: 'processing', paymentId: intent.id };
    case 'canceled':
      return { status: 'failed', paymentId: intent.id, failureCode: 'canceled', failureMessage: checkoutMessages.orderNotPayable };
    default: {
      const lastError = intent.last_payment_error;
      return {
        status: 'failed',
        paymentId: intent.id,
        failureCode: lastError?.decline_code ?? lastError?.code ?? 'card_declined',
        failureMessage: lastError?.message ?? checkoutMessages.cardDeclined,
      };
    }
  }
}

function methodDetails(method: Stripe.PaymentMethod): SavedMethodDetails {
  if (method.type === 'link') {
    return { providerMethodId: method.id, type: 'link', brand: null, last4: null, expMonth: null, expYear: null };
  }
  const card = method.card;
  return {
    providerMethodId: method.id,
    type: 'card',
    brand: card?.brand ?? null,
    last4: card?.last4 ?? null,
    expMonth: card?.exp_month ?? null,
    expYear: card?.exp_year ?? null,
  };
}
