import { z } from 'zod';
import { cardDetails } from './checkout.ts';
import { requiredString } from './fields.ts';

// Saved payment methods (spec section 3 "Payment method": card or link type, default flag,
// expiry). Only the brand, the last four digits and the expiry are ever stored.

export const paymentMethod = z.object({
  id: z.string(),
  type: z.enum(['card', 'link']),
  /** 'visa', 'mastercard', 'amex', ...; null for a Link method. */
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  is_default: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

/** `GET /api/payment-methods`: default first, then newest first. */
export const paymentMethodList = z.object({ data: z.array(paymentMethod) });
export type PaymentMethodList = z.infer<typeof paymentMethodList>;

export const paymentMethodEnvelope = z.object({ data: paymentMethod });

export const paymentMethodParams = z.object({ paymentMethodId: z.uuid({ error: 'Not found.' }) });

/**
 * `POST /api/payment-methods/setup`: prepares the card form. Test provider: no secret, the form
 * posts the card itself. Stripe: a SetupIntent's client secret for `stripe.confirmCardSetup`.
 * Failure: `card_form_unavailable` ('Failed to initialize card form').
 */
export const paymentSetupResponse = z.object({
  provider: z.enum(['test', 'stripe']),
  client_secret: z.string().nullable(),
});
export type PaymentSetupResponse = z.infer<typeof paymentSetupResponse>;

/**
 * `POST /api/payment-methods`: saves a card. Test provider: the card itself. Stripe: the
 * SetupIntent that Stripe.js confirmed. A refusal answers 400 'Failed to attach payment method'.
 */
export const addPaymentMethodRequest = z.discriminatedUnion('method', [
  z.object({ method: z.literal('card'), card: cardDetails, set_default: z.boolean().optional() }),
  z.object({ method: z.literal('stripe'), setup_intent_id: requiredString, set_default: z.boolean().optional() }),
]);
export type AddPaymentMethodRequest = z.infer<typeof addPaymentMethodRequest>;
export type AddPaymentMethodRequestInput = z.input<typeof addPaymentMethodRequest>;
