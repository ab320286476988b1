import { vatNumberMessages, vatNumberPrefixFor } from '@app/contract/vat-numbers';
import { ValidationError } from '../../../lib/domain-errors.ts';
import { applyBasisPoints } from '../money.ts';
import { isEuCountry, normaliseCountryCode } from '../../../lib/countries.ts';
import { standardVatRate } from '../vat-rates.ts';
import { hasVatNumberFormat } from './vat-number-formats.ts';
import { splitVatNumber, type VatNumberChecker } from './vat-number-checker.ts';

/** The field of the checkout form a VAT number problem is shown under. */
export const vatNumberField = 'billing.vat_number';

export interface BuyerVatNumber {
  /** The checker confirmed the number: pricing applies the reverse charge across an EU border. */
  verified: boolean;
  /** The register's proof of the check (VIES consultation number), kept on the order. */
  consultationNumber: string | null;
}

const notVerified: BuyerVatNumber = { verified: false, consultationNumber: null };

/**
 * Checks a checkout's VAT number before the order is priced (issue 5, reverse charge):
 * - none given, or a billing country outside the EU: nothing to check (no EU VAT question);
 * - a number of another country than the billing address, or of the wrong shape: 422;
 * - a buyer in the seller's own country always pays VAT, so the register is not asked;
 * - otherwise the configured checker decides: 'valid' verifies the number, 'invalid' is a 422
 *   (a number the register rejects must not get the reverse charge, and the buyer may have made a
 *   typo), 'unverified' (offline checker, register down) prices as a consumer without an error.
 * Runs outside any transaction: the register may take seconds to answer.
 */
export async function checkBuyerVatNumber(
  checker: VatNumberChecker,
  input: { vatNumber: string | undefined; billingCountry: string; sellerCountry: string },
): Promise<BuyerVatNumber> {
  if (!input.vatNumber || !isEuCountry(input.billingCountry)) return notVerified;
  const country = normaliseCountryCode(input.billingCountry);
  const expectedPrefix = vatNumberPrefixFor(country);
  if (splitVatNumber(input.vatNumber).prefix !== expectedPrefix) throw new ValidationError({ [vatNumberField]: [vatNumberMessages.wrongCountry(expectedPrefix)] });
  if (!hasVatNumberFormat(input.vatNumber)) throw new ValidationError({ [vatNumberField]: [vatNumberMessages.wrongFormat(expectedPrefix)] });
  if (country === normaliseCountryCode(input.sellerCountry)) return notVerified;

  const check = await checker.verify(input.vatNumber, country);
  if (check.status === 'invalid') throw new ValidationError({ [vatNumberField]: [vatNumberMessages.notRegistered] });
  if (check.status === 'unverified') return notVerified;
  return { verified: true, consultationNumber: check.consultationNumber ?? null };
}

/**
 * The basket's price preview (GET /api/cart?vat_number=): whether the checkout would give this
 * number the reverse charge, by checkBuyerVatNumber's rules. A number that cannot be right is no
 * error here, only "not verified": the basket read must not fail while the buyer is still typing,
 * and the checkout refuses the number under its field.
 */
export async function isVatNumberVerified(checker: VatNumberChecker, input: { vatNumber: string; billingCountry: string; sellerCountry: string }): Promise<boolean> {
  try {
    return (await checkBuyerVatNumber(checker, input)).verified;
  } catch (error) {
    if (error instanceof ValidationError) return false;
    throw error;
  }
}

/**
 * Whether `expectedTotal` (the total the checkout page showed) fits the re-priced basket. The page
 * prices the billing country as a consumer, so a verified business saw the total with VAT; the
 * reverse charge only takes that VAT away. That total is accepted too, and the buyer pays less
 * than shown, never more. Any other difference is a changed basket.
 */
export function expectedTotalFits(expectedTotal: number, basket: { total: number; discountSubtotal: number; reverseCharge: boolean; vatCountry: string }, at: Date): boolean {
  if (expectedTotal === basket.total) return true;
  if (!basket.reverseCharge) return false;
  const consumerRate = standardVatRate(basket.vatCountry, at) ?? 0;
  return expectedTotal === basket.discountSubtotal + applyBasisPoints(basket.discountSubtotal, consumerRate);
}
