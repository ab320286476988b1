import { z } from 'zod';
import { countryCode } from './checkout.ts';
import { emailField, requiredString } from './fields.ts';

// Issue 16, "billing details are never remembered": the account's personal billing details, with
// the field names of spec section 3 "Billing details" (name, billing email, address line 1,
// address line 2, city, postal code, country, county). Read and edited in Settings › Billing,
// saved from a paid checkout when the buyer leaves "Remember" ticked, and the first source of the
// country whose VAT prices the basket. The organisation's billing part comes with the
// organisations issue.

const maxLength = (max: number) => ({ error: `May not be longer than ${max} characters` });
const text = (max: number) => requiredString.pipe(z.string().max(max, maxLength(max)));
/** Optional: an empty or blank value is stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, maxLength(max))
    .nullish()
    .transform((value) => (value ? value : null));

/** `PUT /api/user/billing-details`: the whole set, replacing what was saved. */
export const billingDetailsRequest = z.object({
  name: text(200),
  billing_email: emailField.pipe(z.string().max(254, maxLength(254))),
  address_line_1: text(200),
  address_line_2: optionalText(200),
  city: text(100),
  postal_code: text(20),
  /** ISO 3166-1 alpha-2, upper case. */
  country: countryCode,
  /** County, state or province: not every country has one. */
  county: optionalText(100),
});
export type BillingDetailsRequest = z.infer<typeof billingDetailsRequest>;
export type BillingDetailsInput = z.input<typeof billingDetailsRequest>;

/** The saved billing details as the API returns them. */
export const billingDetails = z.object({
  name: z.string(),
  billing_email: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  city: z.string(),
  postal_code: z.string(),
  country: z.string(),
  county: z.string().nullable(),
  updated_at: z.iso.datetime(),
});
export type BillingDetails = z.infer<typeof billingDetails>;

/** `GET` and `PUT /api/user/billing-details`: `{ data: details }`, data null when none are saved. */
export const billingDetailsEnvelope = z.object({ data: billingDetails.nullable() });
export type BillingDetailsEnvelope = z.infer<typeof billingDetailsEnvelope>;

export const billingDetailsMessages = {
  saved: 'Your billing details have been saved.',
  removed: 'Your billing details have been removed.',
} as const;

/**
 * The checkout's one address field (spec 3 "Checkout billing") from the two saved lines: "line 1,
 * line 2". A paid checkout whose address is still this keeps both lines; a changed one becomes
 * line 1 alone.
 */
export function checkoutAddressOf(details: Pick<BillingDetails, 'address_line_1' | 'address_line_2'>): string {
  return [details.address_line_1, details.address_line_2].filter((line) => line !== null && line.trim() !== '').join(', ');
}
