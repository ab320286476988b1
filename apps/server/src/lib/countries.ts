// Facts about countries that the configuration and the tax rules both need. Pure data, so that
// config.ts can check SELLER_COUNTRY without importing a module.

/** The EU member states, ISO 3166-1 alpha-2 (Greece as 'GR', as on invoices). */
export const euCountryCodes: readonly string[] = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
];

const euCountries = new Set(euCountryCodes);

/** Upper-cases and maps Greece's VAT prefix 'EL' to its ISO code 'GR'. */
export function normaliseCountryCode(countryCode: string): string {
  const upper = countryCode.trim().toUpperCase();
  return upper === 'EL' ? 'GR' : upper;
}

export function isEuCountry(countryCode: string): boolean {
  return euCountries.has(normaliseCountryCode(countryCode));
}
