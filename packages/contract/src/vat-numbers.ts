// Issue 5: a business buyer's VAT number at checkout. The checkout answers 422 on
// `billing.vat_number` with one of these when the number cannot be right; a number that could not
// be checked (the register is down) is no error: the buyer pays VAT as a consumer.

/** Greece's VAT numbers start with EL, not with its ISO code GR. */
export function vatNumberPrefixFor(countryCode: string): string {
  const upper = countryCode.toUpperCase();
  return upper === 'GR' ? 'EL' : upper;
}

export const vatNumberMessages = {
  /** The number's country prefix is not the billing country's. */
  wrongCountry: (prefix: string) => `A VAT number for this billing country starts with ${prefix}.`,
  /** The number does not have the shape of that country's VAT numbers (a typo). */
  wrongFormat: (prefix: string) => `This is not the format of a ${prefix} VAT number. Please check it.`,
  /** The EU's register (VIES) says the number is not a valid registration. */
  notRegistered: 'The EU VAT register does not confirm this VAT number. Check it, or leave the field empty to pay with VAT.',
} as const;
