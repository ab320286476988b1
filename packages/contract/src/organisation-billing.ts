import { z } from 'zod';
import { billingDetailsRequest } from './billing-details.ts';
import { cardDetails, checkoutPayment, nextAction, orderConfirmRequest } from './checkout.ts';
import { requiredString } from './fields.ts';
import { billingPlans } from './organisations.ts';

// Issue 12, activation and subscriptions: the Activate action pays the first period (card entry as
// at checkout, or a saved card) and starts the subscription; the contract plan activates without
// payment. Each period has an invoice of its own.

export const subscriptionStatuses = ['incomplete', 'active', 'past_due', 'cancelled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const periodInvoiceStatuses = ['open', 'paid', 'failed'] as const;

/** `POST /api/organisations/{id}/activate`. The same idempotency key again answers the same attempt. */
export const activationRequest = z.object({
  idempotency_key: z.uuid(),
  /** Absent for the contract plan, which is not paid here. */
  payment: checkoutPayment.optional(),
});
export type ActivationInput = z.input<typeof activationRequest>;

/** `POST /api/organisations/{id}/activate/confirm`, after the extra step (as an order's confirm). */
export const activationConfirmRequest = orderConfirmRequest;

export const periodInvoice = z.object({
  id: z.string(),
  number: z.string(),
  period_start: z.iso.datetime(),
  period_end: z.iso.datetime(),
  plan: z.enum(billingPlans),
  net: z.number().int(),
  vat_percentage: z.number(),
  vat_amount: z.number().int(),
  total: z.number().int(),
  status: z.enum(periodInvoiceStatuses),
  paid_at: z.iso.datetime().nullable(),
});
export type PeriodInvoice = z.infer<typeof periodInvoice>;

/** `GET /api/organisations/{id}/subscription/invoices`: newest first. */
export const periodInvoiceList = z.object({ data: z.array(periodInvoice) });

export const subscriptionView = z.object({
  status: z.enum(subscriptionStatuses),
  plan: z.enum(billingPlans),
  current_period_start: z.iso.datetime().nullable(),
  current_period_end: z.iso.datetime().nullable(),
  cancel_at_period_end: z.boolean(),
  /** The next charge: its date and amount (null for the contract plan or once cancelled). */
  next_charge_at: z.iso.datetime().nullable(),
  next_charge_total: z.number().int().nullable(),
  /** What was chosen for the next period on, if anything. */
  pending_plan: z.enum(billingPlans).nullable(),
  pending_quantities: z.record(z.string(), z.number().int()).nullable(),
  /** Refused renewal charges in a row, and when the next try is due. */
  failed_attempts: z.number().int(),
  next_attempt_at: z.iso.datetime().nullable(),
  /** The saved card renewals are charged to, as the payment methods list shows it. */
  payment_method: z.object({ brand: z.string().nullable(), last4: z.string().nullable() }).nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

/**
 * Where an activation stands: 'active' (paid, or a contract), 'requires_action' (the extra step of
 * the card), 'processing' (the provider has not finished), 'failed' (the card was refused: try again).
 */
export const activationStatuses = ['active', 'requires_action', 'processing', 'failed'] as const;

/** The answer of an activation attempt: where the payment stands, and the subscription. */
export const activationResponse = z.object({
  status: z.enum(activationStatuses),
  next_action: nextAction,
  failure_message: z.string().nullable(),
  subscription: subscriptionView,
  invoice: periodInvoice.nullable(),
});
export type ActivationResponse = z.infer<typeof activationResponse>;
export const activationEnvelope = z.object({ data: activationResponse });

export const activationMessages = {
  notPending: 'This organisation is already active.',
  paymentRequired: 'Enter a card to pay the first period.',
  activated: 'Your organisation is active. Invitations are on their way.',
  chargeInProgress: 'A payment for this organisation is already on its way. Please wait a moment.',
  contractActivated: 'Your organisation is active. Our sales team will contact you about the contract.',
} as const;

/** `PATCH /api/organisations/{id}/subscription`: a plan or service quantities from the next period on. */
export const subscriptionChangeRequest = z
  .object({
    plan: z.enum(billingPlans).optional(),
    services: z.array(z.object({ product_id: z.uuid(), quantity: z.coerce.number().int().min(1).max(100_000) })).max(100).optional(),
  })
  .refine((change) => change.plan !== undefined || change.services !== undefined, { error: 'Choose a plan or quantities' });
export type SubscriptionChangeInput = z.input<typeof subscriptionChangeRequest>;

/** `POST /api/organisations/{id}/subscription/pay`: pays the period a renewal could not (past due). */
export const payNowRequest = z.object({ idempotency_key: z.uuid(), payment: checkoutPayment });

export const subscriptionMessages = {
  cancelled: 'The subscription ends with the current period.',
  resumed: 'The subscription goes on.',
  changed: 'The change applies from the next period.',
  notActive: 'Only an active subscription can be changed.',
  nothingToPay: 'Nothing is waiting to be paid.',
  /** Stripe Billing: the open invoice is on the payer's customer, which only the payer's cards can pay (409). */
  payerOnlyPays: 'Only the person who pays for this subscription can pay it. They can pay now, or change its card first.',
  contractByAgreement: 'A contract is changed with our sales team.',
  planNotForType: 'This plan is not available for this type of organisation.',
  serviceNotChosen: 'This service is not part of the subscription.',
  readOnly: 'This organisation is read-only until its subscription is paid.',
} as const;

// ---- The Billing page's own edits (issue 12, BillingSettings): billing details and the card ----

/**
 * `PATCH /api/organisations/{id}/billing-details` (owners and admins): the whole set, by the rules
 * and messages of the wizard's step 3; answers the organisation. The next period's invoice prints
 * them; an invoice already issued keeps the details it was made with.
 */
export const organisationBillingDetailsRequest = billingDetailsRequest;

export const organisationBillingDetailsMessages = {
  saved: 'The billing details have been saved. The next invoice uses them.',
} as const;

/**
 * `PUT /api/organisations/{id}/subscription/payment-method` (owners and admins): the card renewals
 * are charged to from now on, saved without charging anything. Test provider: the card itself;
 * Stripe: the SetupIntent Stripe.js confirmed (with 3-D Secure when the bank asks); or one of the
 * caller's saved cards. The same idempotency key again answers as the first request did.
 */
export const renewalCardRequest = z.object({
  idempotency_key: z.uuid(),
  payment: z.discriminatedUnion('method', [
    z.object({ method: z.literal('card'), card: cardDetails }),
    z.object({ method: z.literal('saved'), payment_method_id: requiredString }),
    z.object({ method: z.literal('stripe'), setup_intent_id: requiredString }),
  ]),
});
export type RenewalCardInput = z.input<typeof renewalCardRequest>;
export type RenewalCardPayment = z.infer<typeof renewalCardRequest>['payment'];

export const renewalCardMessages = {
  replaced: 'Renewals are charged to the new card from now on.',
  changeInProgress: 'A change of card is already on its way. Please wait a moment.',
  /** A subscription the payment provider renews, while another provider is in use: not changed here. */
  providerRenews: 'This subscription’s card cannot be changed here yet. Please contact us to change it.',
  /** Stripe Billing keeps the subscription on the payer's customer: only their cards can pay it. */
  payerOnly: 'Only the person who pays for this subscription can change its card.',
} as const;
