import type { CardDetails } from '@app/contract/checkout';
import { checkoutMessages } from '@app/contract/checkout';
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/connection.ts';
import { testProviderMethods } from '../../../db/schema/test-provider-methods.ts';
import { testProviderPayments } from '../../../db/schema/test-provider-payments.ts';
import { NotFoundError } from '../../../lib/domain-errors.ts';
import {
  PaymentMethodRefusedError,
  type ChargeRequest,
  type PaymentOutcome,
  type PaymentProvider,
  type ProviderEvent,
  type SavedMethodDetails,
} from './payment-provider.ts';
import { cardBrand, savedTestCardBehaviour, testCardBehaviour, type TestCardBehaviour } from './test-cards.ts';

type TestPayment = typeof testProviderPayments.$inferSelect;

export interface TestProviderOptions {
  /** Where the provider keeps its payments and saved cards (the application's database). */
  db: Database;
  /**
   * 'immediate' (default): each event goes to the listeners right after the change, as Stripe
   * would send a webhook. 'manual': events wait for `deliverEvents`, which can repeat them and
   * reverse their order, to exercise idempotent handling.
   */
  delivery?: 'immediate' | 'manual';
  logger?: FastifyBaseLogger;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

const unusableMethod: TestCardBehaviour = { outcome: 'declined', failureCode: 'resource_missing', failureMessage: checkoutMessages.paymentMethodUnusable };

/**
 * The offline provider (DESIGN section 5), the default without Stripe keys. It plays Stripe's test
 * cards (test-cards.ts). Like Stripe's own test mode it keeps its payments and its customers' saved
 * cards (tables test_provider_payments and test_provider_methods), so a payment waiting for its
 * confirmation step survives a restart and any server instance can finish it. Card checks (Luhn,
 * expiry, CVC) happen before it is called (card-checks.ts); it never stores a card number: a saved
 * test card is `pm_test_<last4>_<random>` and decides by its last four.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly publishableKey = null;
  readonly testMode = true;

  private readonly db: Database;
  private readonly listeners: Array<(event: ProviderEvent) => Promise<void>> = [];
  private readonly queuedEvents: ProviderEvent[] = [];
  private delivery: 'immediate' | 'manual';
  private readonly logger: FastifyBaseLogger | undefined;

  constructor(options: TestProviderOptions) {
    this.db = options.db;
    this.delivery = options.delivery ?? 'immediate';
    this.logger = options.logger;
  }

  async createCustomer(user: { id: string }): Promise<string> {
    return `cus_test_${user.id.replaceAll('-', '')}`;
  }

  async charge(request: ChargeRequest): Promise<PaymentOutcome> {
    const { behaviour, method } = await this.resolveSource(request);
    const status = behaviour.outcome === 'succeeds' ? 'succeeded' : behaviour.outcome === 'declined' ? 'failed' : 'requires_action';
    const [created] = await this.db
      .insert(testProviderPayments)
      .values({
        id: newId('pi_test'),
        idempotencyKey: request.idempotencyKey,
        customerId: request.customerId,
        amount: request.amount,
        status,
        confirmationId: status === 'requires_action' ? newId('conf_test') : null,
        failureCode: behaviour.outcome === 'declined' ? behaviour.failureCode : null,
        failureMessage: behaviour.outcome === 'declined' ? behaviour.failureMessage : null,
        methodToSave: request.saveMethod ? method : null,
        metadata: request.metadata,
      })
      .onConflictDoNothing({ target: testProviderPayments.idempotencyKey })
      .returning();
    if (!created) {
      // The same idempotency key again (a retried request, on any instance): the same payment.
      const [existing] = await this.db.select().from(testProviderPayments).where(eq(testProviderPayments.idempotencyKey, request.idempotencyKey));
      if (!existing) throw new Error(`test payment with key ${request.idempotencyKey} vanished`);
      return outcomeOf(existing);
    }
    if (created.status === 'succeeded') await this.keepSavedMethod(created);
    this.emit(eventTypeOf(created), created);
    return outcomeOf(created);
  }

  async confirm(paymentId: string, input: { confirmationId: string | undefined; outcome: 'complete' | 'fail' }): Promise<PaymentOutcome> {
    const ending =
      input.outcome === 'complete'
        ? { status: 'succeeded', failureCode: null, failureMessage: null }
        : { status: 'failed', failureCode: 'payment_intent_authentication_failure', failureMessage: checkoutMessages.authenticationFailed };
    // Conditional: of two confirmations at once (two tabs, two instances) only one ends it.
    const [settled] = await this.db
      .update(testProviderPayments)
      .set({ ...ending, updatedAt: new Date() })
      .where(and(eq(testProviderPayments.id, paymentId), eq(testProviderPayments.status, 'requires_action'), eq(testProviderPayments.confirmationId, input.confirmationId ?? '')))
      .returning();
    if (!settled) return this.retrieve(paymentId);
    if (settled.status === 'succeeded') await this.keepSavedMethod(settled);
    this.emit(eventTypeOf(settled), settled);
    return outcomeOf(settled);
  }

  async retrieve(paymentId: string): Promise<PaymentOutcome> {
    const [payment] = await this.db.select().from(testProviderPayments).where(eq(testProviderPayments.id, paymentId));
    // Unknown here (a payment from before payments were stored): it can no longer succeed.
    if (!payment) return { status: 'failed', paymentId, failureCode: 'canceled', failureMessage: checkoutMessages.orderNotPayable };
    return outcomeOf(payment);
  }

  async findByIdempotencyKey(idempotencyKey: string): Promise<PaymentOutcome | null> {
    const [payment] = await this.db.select().from(testProviderPayments).where(eq(testProviderPayments.idempotencyKey, idempotencyKey));
    return payment ? outcomeOf(payment) : null;
  }

  async cancel(paymentId: string): Promise<PaymentOutcome> {
    const [canceled] = await this.db
      .update(testProviderPayments)
      .set({ status: 'canceled', failureCode: 'canceled', failureMessage: checkoutMessages.orderNotPayable, updatedAt: new Date() })
      .where(and(eq(testProviderPayments.id, paymentId), eq(testProviderPayments.status, 'requires_action')))
      .returning();
    if (!canceled) return this.retrieve(paymentId);
    this.emit(eventTypeOf(canceled), canceled);
    return outcomeOf(canceled);
  }

  async refund(paymentId: string): Promise<{ refundId: string }> {
    await this.db
      .update(testProviderPayments)
      .set({ status: 'refunded', updatedAt: new Date() })
      .where(and(eq(testProviderPayments.id, paymentId), eq(testProviderPayments.status, 'succeeded')));
    return { refundId: newId('re_test') };
  }

  async createSetup(): Promise<{ clientSecret: string | null }> {
    return { clientSecret: null };
  }

  async attachMethod(customerId: string, input: { kind: 'card'; card: CardDetails } | { kind: 'setup'; setupIntentId: string }): Promise<SavedMethodDetails> {
    if (input.kind !== 'card') throw new PaymentMethodRefusedError('the test provider saves cards typed into its own form');
    const behaviour = testCardBehaviour(input.card.number);
    // Stripe checks a card when it is saved: a declined test card cannot be attached.
    if (behaviour.outcome === 'declined') throw new PaymentMethodRefusedError(behaviour.failureCode);
    const details = savedDetailsOf(input.card);
    await this.storeMethod(customerId, details);
    return details;
  }

  async detachMethod(providerMethodId: string): Promise<void> {
    await this.db.delete(testProviderMethods).where(eq(testProviderMethods.id, providerMethodId));
  }

  async deleteCustomer(customerId: string): Promise<void> {
    // The customer itself is only a name here; what it holds are its saved cards.
    await this.db.delete(testProviderMethods).where(eq(testProviderMethods.customerId, customerId));
  }

  /** Nobody sends the test provider webhooks (its events go to onEvent listeners): the route is not there. */
  parseWebhook(): ProviderEvent {
    throw new NotFoundError();
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

  private async resolveSource(request: ChargeRequest): Promise<{ behaviour: TestCardBehaviour; method: SavedMethodDetails | null }> {
    const { source } = request;
    if (source.kind === 'card') return { behaviour: testCardBehaviour(source.card.number), method: savedDetailsOf(source.card) };
    if (source.kind === 'stripe') return { behaviour: unusableMethod, method: null };
    // As at Stripe: a saved card must still be attached to this very customer.
    const [saved] = await this.db
      .select({ last4: testProviderMethods.last4 })
      .from(testProviderMethods)
      .where(and(eq(testProviderMethods.id, source.providerMethodId), eq(testProviderMethods.customerId, request.customerId)));
    return { behaviour: saved ? savedTestCardBehaviour(saved.last4) : unusableMethod, method: null };
  }

  /** "Save card": the card of a payment that succeeded is attached to its customer. */
  private async keepSavedMethod(payment: TestPayment): Promise<void> {
    if (payment.methodToSave) await this.storeMethod(payment.customerId, payment.methodToSave);
  }

  private async storeMethod(customerId: string, details: SavedMethodDetails): Promise<void> {
    await this.db
      .insert(testProviderMethods)
      .values({ id: details.providerMethodId, customerId, brand: details.brand, last4: details.last4 ?? '', expMonth: details.expMonth, expYear: details.expYear })
      .onConflictDoNothing();
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

function eventTypeOf(payment: TestPayment): string {
  switch (payment.status) {
    case 'succeeded':
      return 'payment_intent.succeeded';
    case 'requires_action':
      return 'payment_intent.requires_action';
    case 'canceled':
      return 'payment_intent.canceled';
    default:
      return 'payment_intent.payment_failed';
  }
}

function outcomeOf(payment: TestPayment): PaymentOutcome {
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
