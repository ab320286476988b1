import type { CardDetails } from '@app/contract/checkout';
import { checkoutMessages } from '@app/contract/checkout';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  PaymentMethodRefusedError,
  type ChargeRequest,
  type PaymentOutcome,
  type PaymentProvider,
  type ProviderEvent,
  type SavedMethodDetails,
} from './payment-provider.ts';
import { cardBrand, savedTestCardBehaviour, testCardBehaviour, type TestCardBehaviour } from './test-cards.ts';

type TestPaymentStatus = 'succeeded' | 'requires_action' | 'failed' | 'canceled' | 'refunded';

interface TestPayment {
  id: string;
  amount: number;
  status: TestPaymentStatus;
  confirmationId: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  /** The method this payment saves once it succeeds ("save card"). */
  methodToSave: SavedMethodDetails | null;
  metadata: Record<string, string>;
}

export interface TestProviderOptions {
  /**
   * 'immediate' (default): each event goes to the listeners right after the change, as Stripe
   * would send a webhook. 'manual': events wait for `deliverEvents`, which can repeat them and
   * reverse their order, to exercise idempotent handling.
   */
  delivery?: 'immediate' | 'manual';
  logger?: FastifyBaseLogger;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The offline provider (DESIGN section 5), the default without Stripe keys. It plays Stripe's test
 * cards (test-cards.ts) and keeps its payments in memory, like a sandbox that forgets on restart.
 * Card checks (Luhn, expiry, CVC) happen before it is called (card-checks.ts); it never stores a
 * card number: a saved test card is `pm_test_<last4>_<random>` and decides by its last four.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly publishableKey = null;
  readonly testMode = true;

  private readonly payments = new Map<string, TestPayment>();
  private readonly paymentsByIdempotencyKey = new Map<string, string>();
  private readonly listeners: Array<(event: ProviderEvent) => Promise<void>> = [];
  private readonly queuedEvents: ProviderEvent[] = [];
  private delivery: 'immediate' | 'manual';
  private readonly logger: FastifyBaseLogger | undefined;

  constructor(options: TestProviderOptions = {}) {
    this.delivery = options.delivery ?? 'immediate';
    this.logger = options.logger;
  }

  async createCustomer(user: { id: string }): Promise<string> {
    return `cus_test_${user.id.replaceAll('-', '')}`;
  }

  async charge(request: ChargeRequest): Promise<PaymentOutcome> {
    const existing = this.paymentsByIdempotencyKey.get(request.idempotencyKey);
    if (existing) return this.outcomeOf(this.paymentById(existing));

    const { behaviour, method } = this.resolveSource(request);
    const payment: TestPayment = {
      id: newId('pi_test'),
      amount: request.amount,
      status: 'requires_action',
      confirmationId: null,
      failureCode: null,
      failureMessage: null,
      methodToSave: request.saveMethod ? method : null,
      metadata: request.metadata,
    };
    this.payments.set(payment.id, payment);
    this.paymentsByIdempotencyKey.set(request.idempotencyKey, payment.id);
    if (behaviour.outcome === 'succeeds') this.settle(payment, 'succeeded');
    else if (behaviour.outcome === 'declined') this.settle(payment, 'failed', behaviour.failureCode, behaviour.failureMessage);
    else {
      payment.confirmationId = newId('conf_test');
      this.emit('payment_intent.requires_action', payment);
    }
    return this.outcomeOf(payment);
  }

  async confirm(paymentId: string, input: { confirmationId: string | undefined; outcome: 'complete' | 'fail' }): Promise<PaymentOutcome> {
    const payment = this.paymentById(paymentId);
    if (payment.status === 'requires_action' && input.confirmationId === payment.confirmationId) {
      if (input.outcome === 'complete') this.settle(payment, 'succeeded');
      else this.settle(payment, 'failed', 'payment_intent_authentication_failure', checkoutMessages.authenticationFailed);
    }
    return this.outcomeOf(payment);
  }

  async retrieve(paymentId: string): Promise<PaymentOutcome> {
    return this.outcomeOf(this.paymentById(paymentId));
  }

  async cancel(paymentId: string): Promise<PaymentOutcome> {
    const payment = this.paymentById(paymentId);
    if (payment.status === 'requires_action') this.settle(payment, 'canceled', 'canceled', checkoutMessages.orderNotPayable);
    return this.outcomeOf(payment);
  }

  async refund(paymentId: string): Promise<{ refundId: string }> {
    const payment = this.paymentById(paymentId);
    payment.status = 'refunded';
    return { refundId: newId('re_test') };
  }

  async createSetup(): Promise<{ clientSecret: string | null }> {
    return { clientSecret: null };
  }

  async attachMethod(_customerId: string, input: { kind: 'card'; card: CardDetails } | { kind: 'setup'; setupIntentId: string }): Promise<SavedMethodDetails> {
    if (input.kind !== 'card') throw new PaymentMethodRefusedError('the test provider saves cards typed into its own form');
    const behaviour = testCardBehaviour(input.card.number);
    // Stripe checks a card when it is saved: a declined test card cannot be attached.
    if (behaviour.outcome === 'declined') throw new PaymentMethodRefusedError(behaviour.failureCode);
    return savedDetailsOf(input.card);
  }

  async detachMethod(): Promise<void> {}

  parseWebhook(): ProviderEvent {
    throw new Error('the test provider receives no webhooks; its events go to onEvent listeners');
  }

  onEvent(listener: (event: ProviderEvent) => Promise<void>): void {
    this.listeners.push(listener);
  }

  /** Switches between delivering events at once and holding them for `deliverEvents`. */
  setDelivery(delivery: 'immediate' | 'manual'): void {
    this.delivery = delivery;
  }

  /**
   * Delivers the events held back in 'manual' mode, each `times` times (a repeated webhook), in
   * reverse order if asked (webhooks that overtake each other), awaiting every listener.
   */
  async deliverEvents(options: { times?: number; reverse?: boolean } = {}): Promise<ProviderEvent[]> {
    const events = this.queuedEvents.splice(0);
    const ordered = options.reverse ? [...events].reverse() : events;
    for (const event of ordered) {
      for (let copy = 0; copy < (options.times ?? 1); copy += 1) await this.dispatch(event);
    }
    return ordered;
  }

  private resolveSource(request: ChargeRequest): { behaviour: TestCardBehaviour; method: SavedMethodDetails | null } {
    const { source } = request;
    if (source.kind === 'card') return { behaviour: testCardBehaviour(source.card.number), method: savedDetailsOf(source.card) };
    if (source.kind === 'saved') {
      const last4 = /^pm_test_(\d{4})_/.exec(source.providerMethodId)?.[1];
      return { behaviour: last4 ? savedTestCardBehaviour(last4) : { outcome: 'declined', failureCode: 'resource_missing', failureMessage: checkoutMessages.paymentMethodUnusable }, method: null };
    }
    return { behaviour: { outcome: 'declined', failureCode: 'resource_missing', failureMessage: checkoutMessages.paymentMethodUnusable }, method: null };
  }

  private settle(payment: TestPayment, status: 'succeeded' | 'failed' | 'canceled', failureCode?: string, failureMessage?: string): void {
    payment.status = status;
    payment.failureCode = failureCode ?? null;
    payment.failureMessage = failureMessage ?? null;
    const type = status === 'succeeded' ? 'payment_intent.succeeded' : status === 'failed' ? 'payment_intent.payment_failed' : 'payment_intent.canceled';
    this.emit(type, payment);
  }

  private outcomeOf(payment: TestPayment): PaymentOutcome {
    switch (payment.status) {
      case 'succeeded':
      case 'refunded':
        return { status: 'succeeded', paymentId: payment.id, savedMethod: payment.methodToSave };
      case 'requires_action':
        return { status: 'requires_action', paymentId: payment.id, nextAction: { type: 'confirm', confirmation_id: payment.confirmationId ?? '' } };
      default:
        return {
          status: 'failed',
          paymentId: payment.id,
          failureCode: payment.failureCode ?? 'card_declined',
          failureMessage: payment.failureMessage ?? checkoutMessages.cardDeclined,
        };
    }
  }

  private paymentById(paymentId: string): TestPayment {
    const payment = this.payments.get(paymentId);
    if (payment) return payment;
    // Forgotten at a restart: like an abandoned sandbox payment, it can no longer succeed.
    const forgotten: TestPayment = {
      id: paymentId,
      amount: 0,
      status: 'canceled',
      confirmationId: null,
      failureCode: 'canceled',
      failureMessage: checkoutMessages.orderNotPayable,
      methodToSave: null,
      metadata: {},
    };
    this.payments.set(paymentId, forgotten);
    return forgotten;
  }

  private emit(type: string, payment: TestPayment): void {
    const event: ProviderEvent = {
      id: newId('evt_test'),
      type,
      paymentId: payment.id,
      orderId: payment.metadata.order_id ?? null,
      payload: { id: payment.id, status: payment.status, amount: payment.amount, metadata: payment.metadata },
    };
    if (this.delivery === 'manual') {
      this.queuedEvents.push(event);
      return;
    }
    // After the current request's work, as a webhook would arrive.
    setImmediate(() => void this.dispatch(event));
  }

  private async dispatch(event: ProviderEvent): Promise<void> {
    for (const listener of this.listeners) {
      await listener(event).catch((error: unknown) => this.logger?.error({ err: error, eventId: event.id }, 'a test payment event could not be handled'));
    }
  }
}

function savedDetailsOf(card: CardDetails): SavedMethodDetails {
  return {
    providerMethodId: `pm_test_${card.number.slice(-4)}_${randomBytes(8).toString('hex')}`,
    type: 'card',
    brand: cardBrand(card.number),
    last4: card.number.slice(-4),
    expMonth: card.exp_month,
    expYear: card.exp_year,
  };
}
