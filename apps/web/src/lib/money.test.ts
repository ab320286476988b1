import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLanguage, formatMoney, formatPercentage } from './money.ts';

// Intl writes a no-break space (U+00A0) or a narrow one (U+202F) between number and sign in some
// languages; the tests compare with ordinary spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('money (spec 9: euros from cents, in the browser language, default en-US)', () => {
  it('divides the cents by 100 and writes euros as American English does', () => {
    expect(formatMoney(1999, 'en-US')).toBe('€19.99');
    expect(formatMoney(0, 'en-US')).toBe('€0.00');
    expect(formatMoney(5, 'en-US')).toBe('€0.05');
    expect(formatMoney(123456789, 'en-US')).toBe('€1,234,567.89');
  });

  it('writes them as the given language does', () => {
    expect(plain(formatMoney(123456, 'de-DE'))).toBe('1.234,56 €');
    expect(plain(formatMoney(123456, 'fr-FR'))).toBe('1 234,56 €');
    expect(formatMoney(123456, 'en-IE')).toBe('€1,234.56');
  });

  it("uses the browser's language when none is given", () => {
    vi.stubGlobal('navigator', { language: 'de-DE' });
    expect(browserLanguage()).toBe('de-DE');
    expect(plain(formatMoney(4900))).toBe('49,00 €');
  });

  it('falls back to en-US when the browser has no language', () => {
    vi.stubGlobal('navigator', { language: '' });
    expect(browserLanguage()).toBe('en-US');
    expect(formatMoney(4900)).toBe('€49.00');
  });

  it('falls back to en-US for a language tag the runtime refuses', () => {
    expect(formatMoney(4900, 'not a language!')).toBe('€49.00');
  });

  it('writes a negative amount with its sign', () => {
    expect(formatMoney(-1000, 'en-US')).toBe('-€10.00');
  });

  it('writes the VAT percentage of the basket summary, with decimals only when it has them', () => {
    expect(formatPercentage(19, 'en-US')).toBe('19%');
    expect(formatPercentage(7.7, 'en-US')).toBe('7.7%');
    expect(plain(formatPercentage(20, 'de-DE'))).toBe('20 %');
  });
});
