import { z } from 'zod';
import { emailField, requiredString } from './fields.ts';
import { order } from './orders.ts';

// Checkout (issue 5): the billing form of spec section 3 "Checkout billing", the card of
// "Card", and the answer of a payment attempt. The spec leaves these calls "not shown".

const text = (max: number) => requiredString.pipe(z.string().max(max, { error: `May not be longer than ${max} characters` }));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `May not be longer than ${max} characters` })
    .optional()
    .transform((value) => (value ? value : undefined));

export const countryCodeMessage = 'Choose a country';
export const vatNumberMessage = 'Enter a VAT number such as DE123456789';

/** An ISO 3166-1 alpha-2 country code, upper case ("DE"). */
export const countryCode = requiredString.pipe(
  z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, { error: countryCodeMessage })),
);

/** Spec section 3 "Checkout billing", plus the company fields a business buyer may give. */
export const checkoutBilling = z.object({
  first_name: text(100),
  last_name: text(100),
  email: emailField.pipe(z.string().max(254, { error: 'May not be longer than 254 characters' })),
  address: text(200),
  city: text(100),
  /** State, province or county: not every country has one. */
  state: optionalText(100),
  postal_code: text(20),
  country: countryCode,
  company: optionalText(200),
  /** An EU VAT number with its country prefix; spaces and dots are dropped. */
  vat_number: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.replace(/[\s.-]/g, '').toUpperCase() : undefined))
    .pipe(z.string().regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, { error: vatNumberMessage }).optional()),
});
export type CheckoutBilling = z.infer<typeof checkoutBilling>;
export type CheckoutBillingInput = z.input<typeof checkoutBilling>;

export const cardMessages = {
  number: 'Your card number is not valid.',
  expiry: 'Your card has expired.',
  expMonth: 'Enter the expiry month (1 to 12)',
  expYear: 'Enter the expiry year with four digits',
  cvc: 'The security code (CVC) has 3 or 4 digits.',
} as const;

/** The Luhn check every card number passes (ISO/IEC 7812). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card is valid through the last day of its expiry month. */
export function isCardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

/** Spec section 3 "Card": number, expiry, CVC. Spaces and dashes in the number are dropped. */
export const cardDetails = z.object({
  number: z
    .string({ error: cardMessages.number })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{12,19}$/, { error: cardMessages.number })
        .refine(passesLuhn, { error: cardMessages.number }),
    ),
  exp_month: z.coerce.number({ error: cardMessages.expMonth }).int({ error: cardMessages.expMonth }).min(1, { error: cardMessages.expMonth }).max(12, { error: cardMessages.expMonth }),
  exp_year: z.coerce.number({ error: cardMessages.expYear }).int({ error: cardMessages.expYear }).min(2000, { error: cardMessages.expYear }).max(2100, { error: cardMessages.expYear }),
  cvc: z.string({ error: cardMessages.cvc }).trim().regex(/^\d{3,4}$/, { error: cardMessages.cvc }),
});
export type CardDetails = z.infer<typeof cardDetails>;
export type CardDetailsInput = z.input<typeof cardDetails>;

/** How the buyer pays: a card typed in (test provider), a saved method, or Stripe.js's method. */
export const checkoutPayment = z.discriminatedUnion('method', [
  z.object({ method: z.literal('card'), card: cardDetails, save_card: z.boolean().optional() }),
  z.object({ method: z.literal('saved'), payment_method_id: requiredString }),
  /** `payment_method_id` is the `pm_...` id Stripe.js created in the browser. */
  z.object({ method: z.literal('stripe'), payment_method_id: requiredString, save_card: z.boolean().optional() }),
]);
export type CheckoutPayment = z.infer<typeof checkoutPayment>;

/**
 * Issue 11, "Buying digital content in the EU": reports are digital content delivered at once, so
 * the right of withdrawal ends with the delivery only if the buyer asked for immediate delivery
 * and acknowledged that loss beforehand (Directive 2011/83/EU, Art. 16(m)). The checkout asks for
 * it with a required checkbox; the order keeps the wording agreed to, and its invoice and
 * confirmation e-mail repeat it.
 */
export const digitalContentConsent = {
  /** The checkbox's label, stored verbatim with every order placed with it. */
  wording: 'I ask for my reports to be delivered immediately and I acknowledge that I thereby lose my 14-day right of withdrawal.',
  /** Under the checkbox (web) and in the 422 (server) when it is not ticked. */
  required: 'Please tick this box to place your order: your reports are delivered immediately, which ends the 14-day right of withdrawal.',
} as const;

/**
 * `POST /api/checkout`. The idempotency key is made once per checkout page visit: a retry or a
 * double click with the same key returns the same order and never charges twice.
 * `expected_total` is the total the buyer saw; if the re-priced basket differs, nothing is
 * charged and the answer is 409 `basket_changed`.
 */
export const checkoutRequest = z.object({
  billing: checkoutBilling,
  payment: checkoutPayment,
  idempotency_key: z.string().trim().min(8).max(100).regex(/^[A-Za-z0-9_-]+$/),
  expected_total: z.number().int().nonnegative().optional(),
  /** The ticked box of `digitalContentConsent.wording`; anything else is a 422 on this field. */
  digital_content_consent: z.literal(true, { error: digitalContentConsent.required }),
  /**
   * Issue 16: save these billing details with the account once the order is paid (the checkout's
   * "Remember" box, ticked by default); absent counts as false. The personal part is kept (spec 3
   * "Billing details"), not the company or VAT number.
   */
  remember_billing_details: z.boolean().optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequest>;
export type CheckoutRequestInput = z.input<typeof checkoutRequest>;

/**
 * 'processing': the provider accepted the payment but has not finished it (rare with cards); the
 * order page polls `order` until it is paid or failed.
 */
export const paymentStatus = z.enum(['paid', 'failed', 'requires_action', 'processing']);
export type PaymentStatus = z.infer<typeof paymentStatus>;

/** What the browser must do before the payment can finish. */
export const nextAction = z
  .discriminatedUnion('type', [
    /** Test provider: the buyer confirms (or refuses) the extra step, then `orderConfirm`. */
    z.object({ type: z.literal('confirm'), confirmation_id: z.string() }),
    /** Stripe: `stripe.handleNextAction({ clientSecret })`, then `orderConfirm`. */
    z.object({ type: z.literal('stripe'), client_secret: z.string() }),
  ])
  .nullable();
export type NextAction = z.infer<typeof nextAction>;

/** The answer of a payment attempt (checkout or confirmation): 200 whatever the card said. */
export const checkoutResponse = z.object({
  order,
  status: paymentStatus,
  next_action: nextAction,
  /** Why the card was refused, for the failed page (null unless `status` is 'failed'). */
  failure_message: z.string().nullable(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

/**
 * `POST /api/orders/{id}/confirm` after the extra step. Test provider: the confirmation id and
 * the buyer's choice ('fail' is the test page's "refuse" button). Stripe: an empty body; the
 * server asks Stripe how the PaymentIntent ended.
 */
export const orderConfirmRequest = z.object({
  confirmation_id: z.string().min(1).optional(),
  outcome: z.enum(['complete', 'fail']).default('complete'),
});
export type OrderConfirmRequest = z.input<typeof orderConfirmRequest>;

/** `GET /api/payments/config`: which provider takes the card, and Stripe.js's key. */
export const paymentConfig = z.object({
  provider: z.enum(['test', 'stripe']),
  publishable_key: z.string().nullable(),
  /** True with the test provider or Stripe test keys: the UI shows a "test mode" badge. */
  test_mode: z.boolean(),
});
export type PaymentConfig = z.infer<typeof paymentConfig>;

export const checkoutMessages = {
  basketEmpty: 'Your basket is empty.',
  basketChanged: 'The prices in your basket have changed. Please review the new total before paying.',
  orderNotPayable: 'This order is no longer waiting for payment.',
  checkoutInProgress: 'A payment for your basket is already in progress. Please wait a moment.',
  invoiceNotAvailable: 'This order has no invoice: it is not paid.',
  providerUnavailable: 'The payment service cannot be reached right now. Nothing was charged; please try again in a moment.',
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  authenticationFailed: 'The extra confirmation of this payment was not completed.',
  paymentMethodUnusable: 'This saved card can no longer be used. Choose another card.',
} as const;

/** `POST /api/webhooks/stripe`: received, and whether Stripe had sent this event before. */
export const stripeWebhookAnswer = z.object({ received: z.literal(true), duplicate: z.boolean() });
