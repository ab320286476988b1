// Standard VAT rates of the EU member states, in basis points, with the date each took effect
// (sources: the European Commission's "VAT rates applied in the Member States" list and the
// national announcements of the changes since 2020). Reports are electronically supplied services:
// a consumer pays the rate of their own country (the OSS rules), so the rate follows the billing
// country. An operator adds a row here when a country changes its rate; past rows stay, so an
// order priced before a change can be explained.

import { normaliseCountryCode } from '../../lib/countries.ts';

export interface VatRatePeriod {
  /** First day (UTC, yyyy-MM-dd) on which the rate applies. */
  from: string;
  basisPoints: number;
}

/** Each EU member state of lib/countries.ts (ISO 3166-1 alpha-2) to its periods, oldest first. */
export const euStandardVatRates: Readonly<Record<string, readonly VatRatePeriod[]>> = {
  AT: [{ from: '2016-01-01', basisPoints: 2000 }],
  BE: [{ from: '1996-01-01', basisPoints: 2100 }],
  BG: [{ from: '2007-01-01', basisPoints: 2000 }],
  CY: [{ from: '2014-01-13', basisPoints: 1900 }],
  CZ: [{ from: '2013-01-01', basisPoints: 2100 }],
  DE: [
    { from: '2007-01-01', basisPoints: 1900 },
    { from: '2020-07-01', basisPoints: 1600 },
    { from: '2021-01-01', basisPoints: 1900 },
  ],
  DK: [{ from: '1992-01-01', basisPoints: 2500 }],
  EE: [
    { from: '2009-07-01', basisPoints: 2000 },
    { from: '2024-01-01', basisPoints: 2200 },
    { from: '2025-07-01', basisPoints: 2400 },
  ],
  ES: [{ from: '2012-09-01', basisPoints: 2100 }],
  FI: [
    { from: '2013-01-01', basisPoints: 2400 },
    { from: '2024-09-01', basisPoints: 2550 },
  ],
  FR: [{ from: '2014-01-01', basisPoints: 2000 }],
  GR: [{ from: '2016-06-01', basisPoints: 2400 }],
  HR: [{ from: '2013-01-01', basisPoints: 2500 }],
  HU: [{ from: '2012-01-01', basisPoints: 2700 }],
  IE: [
    { from: '2012-01-01', basisPoints: 2300 },
    { from: '2020-09-01', basisPoints: 2100 },
    { from: '2021-03-01', basisPoints: 2300 },
  ],
  IT: [{ from: '2013-10-01', basisPoints: 2200 }],
  LT: [{ from: '2009-09-01', basisPoints: 2100 }],
  LU: [
    { from: '2015-01-01', basisPoints: 1700 },
    { from: '2023-01-01', basisPoints: 1600 },
    { from: '2024-01-01', basisPoints: 1700 },
  ],
  LV: [{ from: '2012-07-01', basisPoints: 2100 }],
  MT: [{ from: '2004-01-01', basisPoints: 1800 }],
  NL: [{ from: '2012-10-01', basisPoints: 2100 }],
  PL: [{ from: '2011-01-01', basisPoints: 2300 }],
  PT: [{ from: '2011-01-01', basisPoints: 2300 }],
  RO: [
    { from: '2017-01-01', basisPoints: 1900 },
    { from: '2025-08-01', basisPoints: 2100 },
  ],
  SE: [{ from: '1990-07-01', basisPoints: 2500 }],
  SI: [{ from: '2013-07-01', basisPoints: 2200 }],
  SK: [
    { from: '2011-01-01', basisPoints: 2000 },
    { from: '2025-01-01', basisPoints: 2300 },
  ],
};

/**
 * The standard rate of an EU country on the given instant (its UTC date), or undefined for a
 * country outside the EU (or an EU date before our first row).
 */
export function standardVatRate(countryCode: string, at: Date): number | undefined {
  const periods = euStandardVatRates[normaliseCountryCode(countryCode)];
  if (!periods) return undefined;
  const day = at.toISOString().slice(0, 10);
  let rate: number | undefined;
  for (const period of periods) {
    if (period.from <= day) rate = period.basisPoints;
  }
  return rate;
}

export interface VatTreatment {
  /** The country whose rules apply (the buyer's, else the default). */
  country: string;
  basisPoints: number;
  /** A verified business buyer in another EU country: no VAT charged, the buyer accounts for it. */
  reverseCharge: boolean;
}

/**
 * Which VAT applies to a sale of our digital products:
 * - an EU buyer pays their own country's standard rate;
 * - an EU business whose VAT number the configured checker verified, in a country other than the
 *   seller's, gets the reverse charge (0 %); an unverified number counts as a consumer;
 * - a buyer outside the EU is outside the scope of EU VAT (0 %).
 */
export function vatTreatment(input: { countryCode: string; sellerCountry: string; vatNumberVerified: boolean; at: Date }): VatTreatment {
  const country = normaliseCountryCode(input.countryCode);
  const rate = standardVatRate(country, input.at);
  if (rate === undefined) return { country, basisPoints: 0, reverseCharge: false };
  if (input.vatNumberVerified && country !== normaliseCountryCode(input.sellerCountry)) return { country, basisPoints: 0, reverseCharge: true };
  return { country, basisPoints: rate, reverseCharge: false };
}
