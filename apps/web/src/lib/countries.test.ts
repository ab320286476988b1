import { describe, expect, it } from 'vitest';
import { browserCountry, countryName, isListedCountry } from './countries.ts';

describe('browserCountry', () => {
  it('reads the region a language tag names', () => {
    expect(browserCountry('de-AT')).toBe('AT');
    expect(browserCountry('en-US')).toBe('US');
    expect(browserCountry('zh-Hant-TW')).toBe('TW');
    expect(browserCountry('pt-br')).toBe('BR');
  });

  it('takes the likely region of a tag without one', () => {
    expect(browserCountry('de')).toBe('DE');
    expect(browserCountry('fr')).toBe('FR');
  });

  it('answers no country for a region we do not list or a tag the runtime refuses', () => {
    expect(browserCountry('es-419')).toBe('');
    expect(browserCountry('en-ZZ')).toBe('');
    expect(browserCountry('not a language!')).toBe('');
  });
});

describe('countryName', () => {
  it('names a listed country in the language and keeps the code of one we do not list', () => {
    expect(countryName('FR', 'en')).toBe('France');
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(isListedCountry('XK')).toBe(false);
    expect(countryName('XK', 'en')).toBe('XK');
  });
});
