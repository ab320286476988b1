import { checkoutAddressOf, type BillingDetails } from '@app/contract/billing-details';
import { checkoutBilling, checkoutRequest, type CheckoutBilling, type CheckoutBillingInput } from '@app/contract/checkout';
import type { Account } from '@app/contract/account';
import type { FieldError, FieldErrors, Resolver, ResolverResult } from 'react-hook-form';
import { emptyCard, validateCard, type CardFormValues } from '@/components/card-entry/card-format';

// The checkout form: spec section 3 "Checkout billing" (with the contract's schema and spec 5's
// messages), then how to pay: a saved method or a new card ("Card": number, expiry, CVC), and the
// digital-content consent beside the Pay button (issue 11).

export const billingFields = ['first_name', 'last_name', 'email', 'address', 'city', 'state', 'postal_code', 'country', 'company', 'vat_number'] as const;
export type BillingField = (typeof billingFields)[number];

/** 'new' for a card typed now, else the id of a saved payment method. */
export const newCardChoice = 'new';

export type CheckoutFormValues = Record<BillingField, string> & {
  payment_choice: string;
  card: CardFormValues;
  save_card: boolean;
  /** The box of the contract's `digitalContentConsent.wording`; the order is placed only when ticked. */
  digital_content_consent: boolean;
  /** Issue 16: keep these billing details with the account once paid (ticked unless the buyer unticks it). */
  remember_billing_details: boolean;
};

/** The billing part of the form, as a declined card's 'Try again' keeps it (billing-draft.ts). */
export type BillingDraft = Record<BillingField, string> & { remember_billing_details: boolean };

/** What the resolver needs to know besides the values. */
export interface CheckoutFormContext {
  /** With Stripe the card is checked inside Stripe's own field, not by this form. */
  provider: 'test' | 'stripe' | null;
}

export interface CheckoutFormOutput {
  billing: CheckoutBilling;
  values: CheckoutFormValues;
  digitalContentConsent: true;
}

/** Name split at the last space: 'Ada King Lovelace' -> 'Ada King' + 'Lovelace'. */
function splitName(name: string): { first: string; last: string } {
  const trimmed = name.trim();
  const at = trimmed.lastIndexOf(' ');
  return at <= 0 ? { first: trimmed, last: '' } : { first: trimmed.slice(0, at), last: trimmed.slice(at + 1) };
}

/** What the form opens with besides the account (issue 16). */
export interface CheckoutPrefill {
  /** The country the basket was priced for (`basket.vat_country.code`), so both pages show one total. */
  country: string;
  /** The account's saved billing details, if any. */
  saved?: BillingDetails | null;
  /** What the buyer typed before a declined card's 'Try again' (wins over everything else). */
  draft?: BillingDraft | null;
  /** The consent box as the buyer left it (never ticked for them otherwise). */
  consentTicked?: boolean;
}

/**
 * The form as it opens: what the buyer typed before a declined card, else the saved billing
 * details (issue 16), else the account's name and e-mail; the country the basket was priced for;
 * "Remember" ticked; the consent box as the buyer left it.
 */
export function initialCheckoutValues(user: Account | null, { country, saved = null, draft = null, consentTicked = false }: CheckoutPrefill): CheckoutFormValues {
  const { first, last } = splitName(saved?.name ?? user?.name ?? '');
  const billing: BillingDraft = draft ?? {
    first_name: first,
    last_name: last,
    email: saved?.billing_email ?? user?.email ?? '',
    address: saved ? checkoutAddressOf(saved) : '',
    city: saved?.city ?? '',
    state: saved?.county ?? '',
    postal_code: saved?.postal_code ?? '',
    country,
    company: '',
    vat_number: '',
    remember_billing_details: true,
  };
  return {
    ...billing,
    payment_choice: newCardChoice,
    card: emptyCard,
    save_card: false,
    digital_content_consent: consentTicked,
  };
}

/** The billing part of the form's values, for billing-draft.ts. */
export function billingDraftOf(values: CheckoutFormValues): BillingDraft {
  const draft = { remember_billing_details: values.remember_billing_details } as BillingDraft;
  for (const field of billingFields) draft[field] = values[field];
  return draft;
}

function billingInput(values: CheckoutFormValues): CheckoutBillingInput {
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    address: values.address,
    city: values.city,
    state: values.state,
    postal_code: values.postal_code,
    country: values.country,
    company: values.company,
    vat_number: values.vat_number,
  };
}

function isBillingField(value: PropertyKey | undefined): value is BillingField {
  return billingFields.some((field) => field === value);
}

const fieldError = (message: string): FieldError => ({ type: 'validate', message });

/**
 * Billing and the consent by the contract's schemas, the card by the contract's card rules (test
 * provider only).
 */
export const checkoutResolver: Resolver<CheckoutFormValues, CheckoutFormContext, CheckoutFormOutput> = (values, context): ResolverResult<CheckoutFormValues, CheckoutFormOutput> => {
  const errors: FieldErrors<CheckoutFormValues> = {};
  const billing = checkoutBilling.safeParse(billingInput(values));
  if (!billing.success) {
    for (const issue of billing.error.issues) {
      const field = issue.path[0];
      if (isBillingField(field) && errors[field] === undefined) errors[field] = fieldError(issue.message);
    }
  }
  if (values.payment_choice === newCardChoice && context?.provider === 'test') {
    const card = validateCard(values.card);
    if (card.errors) {
      errors.card = {
        ...(card.errors.number ? { number: fieldError(card.errors.number) } : {}),
        ...(card.errors.expiry ? { expiry: fieldError(card.errors.expiry) } : {}),
        ...(card.errors.cvc ? { cvc: fieldError(card.errors.cvc) } : {}),
      };
    }
  }
  const consent = checkoutRequest.shape.digital_content_consent.safeParse(values.digital_content_consent);
  if (!consent.success) errors.digital_content_consent = fieldError(consent.error.issues[0]?.message ?? '');
  if (Object.keys(errors).length > 0 || !billing.success || !consent.success) return { values: {}, errors };
  return { values: { billing: billing.data, values, digitalContentConsent: consent.data }, errors: {} };
};

export type CheckoutFieldPath = BillingField | 'card.number' | 'card.expiry' | 'card.cvc' | 'digital_content_consent';

/**
 * Where a 422's field goes in this form: 'billing.email' -> 'email', 'payment.card.number' ->
 * 'card.number', 'payment.card.exp_month' -> 'card.expiry'. Null for a field the form has not.
 */
export function formFieldOf(serverField: string): CheckoutFieldPath | null {
  if (serverField === 'digital_content_consent') return serverField;
  const name = serverField.replace(/^billing\./, '');
  if (isBillingField(name)) return name;
  const card = /^(?:payment\.)?card\.(number|exp_month|exp_year|cvc)$/.exec(serverField)?.[1];
  if (card === 'number') return 'card.number';
  if (card === 'cvc') return 'card.cvc';
  if (card) return 'card.expiry';
  return null;
}

/** The order in which the form shows its fields, for focusing the first error. */
export const fieldOrder: readonly CheckoutFieldPath[] = [...billingFields, 'card.number', 'card.expiry', 'card.cvc', 'digital_content_consent'];
