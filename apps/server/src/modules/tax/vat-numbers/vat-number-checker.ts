// Issue 5: a business buyer in another EU country gets the reverse charge only when the configured
// checker verified their VAT number. One interface, two adapters: `format` (offline, the default;
// it can refuse a number but never confirms one) and `vies` (the EU Commission's register).

/**
 * - 'valid': the register confirms the number (only then the reverse charge applies);
 * - 'invalid': the number cannot be right (wrong shape, or the register says it is not valid);
 * - 'unverified': nobody could confirm it (offline checker, register down or too slow).
 */
export type VatNumberStatus = 'valid' | 'invalid' | 'unverified';

export interface VatNumberCheck {
  status: VatNumberStatus;
  /** The registered trader's name and address, when the register tells them. */
  name?: string;
  address?: string;
  /** The register's consultation number: proof for a tax audit that the number was checked. */
  consultationNumber?: string;
}

export interface VatNumberChecker {
  readonly name: 'format' | 'vies';
  /**
   * Checks a VAT number with its country prefix ("FR12345678901") for a buyer billed in
   * `buyerCountry` (ISO code; Greece as GR or EL). Never throws for an outage: that is 'unverified'.
   */
  verify(vatNumber: string, buyerCountry: string): Promise<VatNumberCheck>;
}

/** The two-letter prefix and the national part of a VAT number ("EL", "123456789"). */
export function splitVatNumber(vatNumber: string): { prefix: string; national: string } {
  const compact = vatNumber.replace(/[\s.-]/g, '').toUpperCase();
  return { prefix: compact.slice(0, 2), national: compact.slice(2) };
}
