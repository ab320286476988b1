import { splitVatNumber } from './vat-number-checker.ts';

// The shape of each EU member state's VAT numbers after the country prefix (the prefixes as VIES
// uses them: EL for Greece). A number that does not fit is certainly wrong (a typo); one that
// fits may still not be registered, which only the register can tell.
const nationalFormats: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  // Two check characters (digits or letters other than I and O), then the SIREN.
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[0-9A-Z+*]\d{5}[A-Z]{1,2}$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** True when the number has the shape of a VAT number of the member state its prefix names. */
export function hasVatNumberFormat(vatNumber: string): boolean {
  const { prefix, national } = splitVatNumber(vatNumber);
  return nationalFormats[prefix]?.test(national) ?? false;
}
