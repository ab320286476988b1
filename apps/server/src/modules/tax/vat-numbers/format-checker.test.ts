import { describe, expect, it } from 'vitest';
import { FormatVatNumberChecker } from './format-checker.ts';
import { hasVatNumberFormat } from './vat-number-formats.ts';

describe('the offline format checker', () => {
  const checker = new FormatVatNumberChecker();

  it('never confirms a number, however well formed: the buyer pays VAT as a consumer', async () => {
    expect(await checker.verify('FR12345678901', 'FR')).toEqual({ status: 'unverified' });
    expect(await checker.verify('EL123456789', 'GR')).toEqual({ status: 'unverified' });
  });

  it('refuses a number of the wrong shape, or of another country than the buyer’s', async () => {
    expect(await checker.verify('FR1234', 'FR')).toEqual({ status: 'invalid' });
    expect(await checker.verify('DE123456789', 'FR')).toEqual({ status: 'invalid' });
    expect(await checker.verify('GR123456789', 'GR')).toEqual({ status: 'invalid' });
  });

  it('knows the member states’ shapes', () => {
    for (const good of ['ATU12345678', 'BE0123456789', 'DE123456789', 'ESX1234567X', 'FRXY123456789', 'IE1234567T', 'IE1A23456T', 'NL123456789B01', 'SE123456789001', 'CY12345678L', 'LT123456789012']) {
      expect(hasVatNumberFormat(good), good).toBe(true);
    }
    for (const bad of ['AT12345678', 'BE2123456789', 'DE12345678', 'FRIO123456789', 'NL123456789A01', 'SE123456789012', 'XX123456789', 'GR123456789']) {
      expect(hasVatNumberFormat(bad), bad).toBe(false);
    }
  });
});
