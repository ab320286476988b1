import { describe, expect, it } from 'vitest';
import { euCountryCodes } from '../../lib/countries.ts';
import { euStandardVatRates, standardVatRate, vatTreatment } from './vat-rates.ts';

const on = (day: string) => new Date(`${day}T12:00:00Z`);

describe('EU standard VAT rates with effective dates', () => {
  it('lists the 27 member states, each with its rates', () => {
    expect(euCountryCodes).toHaveLength(27);
    expect(Object.keys(euStandardVatRates).sort()).toEqual([...euCountryCodes].sort());
  });

  it('gives the rate in force on the day', () => {
    expect(standardVatRate('DE', on('2026-11-21'))).toBe(1900);
    expect(standardVatRate('DE', on('2020-08-15'))).toBe(1600);
    expect(standardVatRate('FI', on('2024-08-31'))).toBe(2400);
    expect(standardVatRate('FI', on('2024-09-01'))).toBe(2550);
    expect(standardVatRate('EE', on('2025-06-30'))).toBe(2200);
    expect(standardVatRate('EE', on('2025-07-01'))).toBe(2400);
    expect(standardVatRate('SK', on('2025-01-01'))).toBe(2300);
    expect(standardVatRate('RO', on('2025-08-01'))).toBe(2100);
  });

  it('reads country codes in any letter case, and Greece as EL or GR', () => {
    expect(standardVatRate('fr', on('2026-01-01'))).toBe(2000);
    expect(standardVatRate('EL', on('2026-01-01'))).toBe(2400);
  });

  it('has no rate for a country outside the EU', () => {
    expect(standardVatRate('CH', on('2026-01-01'))).toBeUndefined();
    expect(standardVatRate('US', on('2026-01-01'))).toBeUndefined();
  });
});

describe('VAT treatment of a sale', () => {
  const at = on('2026-11-21');

  it('charges an EU consumer their own country’s rate', () => {
    expect(vatTreatment({ countryCode: 'FR', sellerCountry: 'DE', vatNumberVerified: false, at })).toEqual({ country: 'FR', basisPoints: 2000, reverseCharge: false });
  });

  it('applies the reverse charge to a verified business in another EU country', () => {
    expect(vatTreatment({ countryCode: 'FR', sellerCountry: 'DE', vatNumberVerified: true, at })).toEqual({ country: 'FR', basisPoints: 0, reverseCharge: true });
  });

  it('charges VAT to a verified business in the seller’s own country', () => {
    expect(vatTreatment({ countryCode: 'DE', sellerCountry: 'DE', vatNumberVerified: true, at })).toEqual({ country: 'DE', basisPoints: 1900, reverseCharge: false });
  });

  it('charges no EU VAT to a buyer outside the EU', () => {
    expect(vatTreatment({ countryCode: 'US', sellerCountry: 'DE', vatNumberVerified: false, at })).toEqual({ country: 'US', basisPoints: 0, reverseCharge: false });
  });
});
