import { basketRuleMessages } from '@app/contract/basket';
import { checkoutMessages, digitalContentConsent, type CheckoutRequest, type CheckoutResponse, type OrderConfirmRequest } from '@app/contract/checkout';
import { paymentMessages } from '@app/contract/messages';
import { sql } from 'drizzle-orm';
import { orderLines } from '../../../db/schema/order-lines.ts';
import { orders } from '../../../db/schema/orders.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import { BadRequestError, DomainError, ValidationError } from '../../../lib/domain-errors.ts';
import { checkCard, customerIdFor, findUsablePaymentMethod, PaymentProviderUnavailableError, type PaymentSource } from '../../payments/public.ts';
import { alreadyOwnedRefusal, ownedReportTypes, priceBasket, reserveCouponRedemption } from '../../shop/public.ts';
import { checkBuyerVatNumber, expectedTotalFits, type BuyerVatNumber, type VatNumberChecker } from '../../tax/public.ts';
import { describeOrder, fulfil, lockBuyerCheckout, settleFailure } from '../fulfilment/fulfilment.ts';
import { orderQueries } from '../order-queries.ts';
import { findOwnOrder, orderView, statusOf, type OrderRow } from '../order-view.ts';
import { abandonOpenOrder, applyPaymentOutcome, orderPaymentIdempotencyKey, reload, type OrdersDeps } from '../fulfilment/payment-outcomes.ts';

export interface CheckoutDeps extends OrdersDeps {
  /** The seller's EU country (config DEFAULT_VAT_COUNTRY). */
  homeCountry: string;
  /** Verifies a business buyer's VAT number (config VAT_NUMBER_CHECKER). */
  vatNumberChecker: VatNumberChecker;
  /** The seller's VAT number (config SELLER_VAT_NUMBER), frozen on each order for its invoice. */
  sellerVatNumber: string;
}

/** A checkout that has not reached the provider within this long is taken to have crashed. */
const stalledChargeMs = 60_000;

export class CheckoutConflictError extends DomainError {
  override name = 'CheckoutConflictError';

  constructor(code: 'basket_changed' | 'checkout_in_progress' | 'order_not_payable', message: string) {
    super(code, 409, message);
  }
}

/**
 * Places an order and pays it (issue 5, "Checkout and payment"):
 * 1. the same idempotency key again answers the order it made (never a second charge);
 * 2. in ONE transaction: the basket is re-priced, the order created ('pending_payment') with its
 *    lines, totals and VAT rate frozen, and the coupon's use reserved (conditional update);
 * 3. the provider charges, with the order's id as its idempotency key;
 * 4. the outcome is applied: `fulfil` when paid, the failure path when refused (basket kept,
 *    coupon released, failed transaction), or the buyer's extra step.
 * At most one order per user waits for payment (a partial unique index), so parallel checkouts of
 * one basket make one order.
 */
export async function placeOrder(deps: CheckoutDeps, userId: string, input: CheckoutRequest): Promise<CheckoutResponse> {
  const replay = await findByIdempotencyKey(deps, userId, input.idempotency_key);
  if (replay) return checkoutResult(deps, replay);

  const source = await paymentSourceFor(deps, userId, input);
  const buyerVat = await checkBuyerVatNumber(deps.vatNumberChecker, { vatNumber: input.billing.vat_number, billingCountry: input.billing.country, sellerCountry: deps.homeCountry });
  const sameRequest = await settleEarlierOpenOrder(deps, userId, input.idempotency_key);
  if (sameRequest) return checkoutResult(deps, sameRequest);
  const customerId = await customerIdFor(deps.db, deps.provider, userId);

  let order: OrderRow;
  try {
    order = await createOrder(deps, userId, input, buyerVat);
  } catch (error) {
    if (isUniqueViolation(error, 'orders_user_idempotency_unique')) {
      const existing = await findByIdempotencyKey(deps, userId, input.idempotency_key);
      if (existing) return checkoutResult(deps, existing);
    }
    if (isUniqueViolation(error, 'orders_one_open_per_user')) throw new CheckoutConflictError('checkout_in_progress', checkoutMessages.checkoutInProgress);
    throw error;
  }

  if (order.total === 0) {
    // Fully discounted: nothing to charge, and providers refuse a payment of 0.
    await fulfil(deps, { orderId: order.id, paymentId: `free-${order.number}`, savedMethod: null, at: deps.clock.now() });
    return checkoutResult(deps, await reload(deps.db, order.id));
  }

  const lines = await orderQueries(deps.db).lineTitles.execute({ orderId: order.id });
  let outcome;
  try {
    outcome = await deps.provider.charge({
      amount: order.total,
      currency: 'eur',
      description: describeOrder(order, lines),
      idempotencyKey: orderPaymentIdempotencyKey(order.id),
      customerId,
      source,
      saveMethod: (input.payment.method === 'card' || input.payment.method === 'stripe') && input.payment.save_card === true,
      metadata: { order_id: order.id, order_number: order.number, user_id: userId },
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderUnavailableError)) throw error;
    deps.log.error({ err: error.cause ?? error, orderId: order.id }, 'the payment provider could not be reached');
    await settleFailure(deps.db, { orderId: order.id, status: 'failed', failureCode: 'provider_unavailable', failureMessage: checkoutMessages.providerUnavailable, paymentId: null, at: deps.clock.now() });
    throw error;
  }
  return checkoutResult(deps, await applyPaymentOutcome(deps, order, outcome));
}

/** After the buyer's extra step (3-D Secure, or the test provider's confirmation). */
export async function confirmOrder(deps: OrdersDeps, userId: string, orderId: string, input: { confirmation_id?: string | undefined; outcome: OrderConfirmRequest['outcome'] }): Promise<CheckoutResponse> {
  const order = await findOwnOrder(deps.db, userId, orderId);
  if (statusOf(order) !== 'requires_action' || !order.providerPaymentId) return checkoutResult(deps, order);
  const outcome = await deps.provider.confirm(order.providerPaymentId, { confirmationId: input.confirmation_id, outcome: input.outcome ?? 'complete' });
  return checkoutResult(deps, await applyPaymentOutcome(deps, order, outcome));
}

/** The answer for an order as it stands (also for a retried request). */
export async function checkoutResult(deps: OrdersDeps, order: OrderRow): Promise<CheckoutResponse> {
  let current = order;
  let nextAction: CheckoutResponse['next_action'] = null;
  if (statusOf(current) === 'requires_action' && current.providerPaymentId) {
    const outcome = await deps.provider.retrieve(current.providerPaymentId);
    if (outcome.status === 'requires_action') nextAction = outcome.nextAction;
    else current = await applyPaymentOutcome(deps, current, outcome);
  }
  const status = statusOf(current);
  return {
    order: await orderView(deps.db, current),
    status: status === 'paid' ? 'paid' : status === 'requires_action' ? 'requires_action' : status === 'pending_payment' ? 'processing' : 'failed',
    next_action: status === 'requires_action' ? nextAction : null,
    failure_message: status === 'failed' || status === 'expired' ? (current.failureMessage ?? paymentMessages.paymentFailedRetry) : null,
  };
}

async function findByIdempotencyKey(deps: OrdersDeps, userId: string, key: string): Promise<OrderRow | undefined> {
  const [row] = await orderQueries(deps.db).byIdempotencyKey.execute({ userId, key });
  return row;
}

async function paymentSourceFor(deps: CheckoutDeps, userId: string, input: CheckoutRequest): Promise<PaymentSource> {
  const { payment } = input;
  switch (payment.method) {
    case 'card':
      if (deps.provider.name !== 'test') throw new ValidationError({ 'payment.method': ['Enter your card in the secure card form.'] });
      checkCard(payment.card, deps.clock.now(), 'payment.card');
      return { kind: 'card', card: payment.card };
    case 'stripe':
      if (deps.provider.name !== 'stripe') throw new ValidationError({ 'payment.method': ['Enter your card details in the form.'] });
      return { kind: 'stripe', paymentMethodId: payment.payment_method_id };
    case 'saved': {
      const method = await findUsablePaymentMethod(deps.db, deps.provider.name, userId, payment.payment_method_id);
      if (!method) throw new ValidationError({ 'payment.payment_method_id': ['Choose one of your saved payment methods.'] });
      return { kind: 'saved', providerMethodId: method.providerMethodId };
    }
  }
}

/**
 * A new checkout while an earlier order still waits: an abandoned extra step (or a charge that
 * never reached the provider) is settled first; a charge running right now is left alone and
 * the new checkout is refused. Returns the open order when it is this very request's.
 */
async function settleEarlierOpenOrder(deps: OrdersDeps, userId: string, idempotencyKey: string): Promise<OrderRow | null> {
  const [open] = await orderQueries(deps.db).openOf.execute({ userId });
  if (!open) return null;
  // The same request, a moment behind its twin (a double click): the twin's order is the answer.
  if (open.idempotencyKey === idempotencyKey) return open;
  const stalled = deps.clock.now().getTime() - open.updatedAt.getTime() > stalledChargeMs;
  if (statusOf(open) === 'requires_action' || stalled) {
    const settled = await abandonOpenOrder(deps, open);
    if (statusOf(settled) === 'paid') throw new BadRequestError(checkoutMessages.basketEmpty);
    return null;
  }
  throw new CheckoutConflictError('checkout_in_progress', checkoutMessages.checkoutInProgress);
}

async function createOrder(deps: CheckoutDeps, userId: string, input: CheckoutRequest, buyerVat: BuyerVatNumber): Promise<OrderRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockBuyerCheckout(tx, userId);
    // Reverse charge only for a VAT number the configured checker verified (issue 5).
    const basket = await priceBasket(tx, userId, { countryCode: input.billing.country, vatNumberVerified: buyerVat.verified, at: now, homeCountry: deps.homeCountry });
    if (basket.lines.length === 0) throw new BadRequestError(checkoutMessages.basketEmpty);
    if (input.expected_total !== undefined && !expectedTotalFits(input.expected_total, basket, now)) throw new CheckoutConflictError('basket_changed', checkoutMessages.basketChanged);
    // Issue 5: a report granted since it was put in the basket (another order, another tab) is
    // refused here, before anything is charged.
    const owned = await ownedReportTypes(tx, userId, [...new Set(basket.lines.flatMap((line) => line.reportTypes))]);
    const ownedLine = basket.lines.find((line) => alreadyOwnedRefusal(line, owned) !== null);
    if (ownedLine) throw new BadRequestError(basketRuleMessages.ownedAtCheckout(ownedLine.title));

    const [order] = await tx
      .insert(orders)
      .values({
        number: sql`${String(now.getUTCFullYear())} || '-' || lpad(nextval('order_number_seq')::text, 6, '0')`,
        userId,
        status: 'pending_payment',
        idempotencyKey: input.idempotency_key,
        subtotal: basket.subtotal,
        discountAmount: basket.discountAmount,
        discountSubtotal: basket.discountSubtotal,
        vatBasisPoints: basket.vatBasisPoints,
        vatCountry: basket.vatCountry,
        vatAmount: basket.vatAmount,
        total: basket.total,
        reverseCharge: basket.reverseCharge,
        sellerVatNumber: deps.sellerVatNumber,
        vatNumberConsultation: basket.reverseCharge ? buyerVat.consultationNumber : null,
        couponId: basket.coupon?.id ?? null,
        couponCode: basket.coupon?.code ?? null,
        billing: {
          first_name: input.billing.first_name,
          last_name: input.billing.last_name,
          email: input.billing.email,
          address: input.billing.address,
          city: input.billing.city,
          state: input.billing.state ?? null,
          postal_code: input.billing.postal_code,
          country: input.billing.country,
          company: input.billing.company ?? null,
          vat_number: input.billing.vat_number ?? null,
        },
        paymentProvider: deps.provider.name,
        paymentMethodId: input.payment.method === 'saved' ? input.payment.payment_method_id : null,
        saveCard: input.payment.method !== 'saved' && input.payment.save_card === true,
        rememberBillingDetails: input.remember_billing_details === true,
        // Issue 11: the contract admits the checkout only with the box ticked; the order keeps
        // when, and the wording the box had then.
        digitalContentConsentAt: now,
        digitalContentConsentText: digitalContentConsent.wording,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!order) throw new Error('the order insert returned no row');
    await tx.insert(orderLines).values(
      basket.lines.map((line, position) => ({
        orderId: order.id,
        position,
        productId: line.productId,
        sku: line.sku,
        title: line.title,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        lineSubtotal: line.lineSubtotal,
        lineDiscount: line.lineDiscount,
        reportType: line.reportType,
        reportTypes: line.reportTypes,
        listPrice: line.listPrice,
        ownedReportTypes: line.ownedReportTypes,
      })),
    );
    if (basket.coupon) {
      const reserved = await reserveCouponRedemption(tx, { couponId: basket.coupon.id, userId, orderId: order.id, at: now });
      if (!reserved) throw new CheckoutConflictError('basket_changed', `${basketRuleMessages.couponUsedUp} ${checkoutMessages.basketChanged}`);
    }
    return order;
  });
}
