import { cardDetails, cardMessages, type CardDetails } from '@app/contract/checkout';
import { validationMessages } from '@app/contract/messages';

// The test provider's card form (spec section 3 "Card": number, expiry date, CVC) as the buyer
// types it: digits grouped by fours (American Express 4-6-5), the expiry as MM/YY. The contract's
// cardDetails schema is the one that decides; these helpers only shape the input.

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/** The brand a number's first digits announce (IIN ranges), for the icon and the grouping. */
export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

const maxDigits = 19;

/** '4242424242424242' -> '4242 4242 4242 4242'; American Express '3782 822463 10005'. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, maxDigits);
  const groups = cardBrandOf(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

/**
 * The expiry as MM / YY while typing: '1' stays, '12' becomes '12 / ', '122' '12 / 2'; a first
 * digit 2-9 can only be a month with a leading 0. `deleting` (backspace) never adds the separator
 * back, so the buyer can erase through it.
 */
export function formatExpiry(input: string, deleting = false): string {
  let digits = input.replace(/\D/g, '').slice(0, 4);
  if (!deleting && digits.length === 1 && /[2-9]/.test(digits)) digits = `0${digits}`;
  if (digits.length <= 1) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export function formatCvc(input: string): string {
  return input.replace(/\D/g, '').slice(0, 4);
}

/** What the card form holds. */
export interface CardFormValues {
  number: string;
  /** MM/YY as typed ('12 / 28'). */
  expiry: string;
  cvc: string;
}

export const emptyCard: CardFormValues = { number: '', expiry: '', cvc: '' };

/** 'MM / YY' -> { month, year } with the year in four digits, or null when it is not complete. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

export type CardErrors = Partial<Record<keyof CardFormValues, string>>;

/**
 * Checks the card as the contract does (Luhn, expiry, CVC), message per field, plus the spec's
 * 'Field is required' for an empty field. Returns the contract's card (digits only) when valid.
 */
export function validateCard(values: CardFormValues, now: Date = new Date()): { card: CardDetails; errors: null } | { card: null; errors: CardErrors } {
  const errors: CardErrors = {};
  const expiry = parseExpiry(values.expiry);
  if (values.number.trim() === '') errors.number = validationMessages.required;
  if (values.expiry.trim() === '') errors.expiry = validationMessages.required;
  else if (!expiry || expiry.month < 1 || expiry.month > 12) errors.expiry = cardMessages.expMonth;
  if (values.cvc.trim() === '') errors.cvc = validationMessages.required;

  const parsed = cardDetails.safeParse({
    number: values.number,
    exp_month: expiry?.month ?? 0,
    exp_year: expiry?.year ?? 0,
    cvc: values.cvc,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'number') errors.number ??= issue.message;
      if (field === 'cvc') errors.cvc ??= issue.message;
      if (field === 'exp_month' || field === 'exp_year') errors.expiry ??= cardMessages.expMonth;
    }
  }
  if (errors.expiry === undefined && expiry && isExpired(expiry, now)) errors.expiry = cardMessages.expiry;
  if (Object.keys(errors).length > 0 || !parsed.success) return { card: null, errors };
  return { card: parsed.data, errors: null };
}

function isExpired({ month, year }: { month: number; year: number }, now: Date): boolean {
  const currentYear = now.getFullYear();
  return year < currentYear || (year === currentYear && month < now.getMonth() + 1);
}
