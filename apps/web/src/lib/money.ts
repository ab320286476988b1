// Spec section 9: amounts travel as integer euro cents (minor units); the web divides by 100 only
// to show them, formatted as currency with the browser's language, en-US when it has none.

export const defaultMoneyLocale = 'en-US';
export const currency = 'EUR';

/** The browser's language (navigator.language), or en-US when there is none (spec section 9). */
export function browserLanguage(): string {
  const language = typeof navigator === 'undefined' ? '' : navigator.language;
  return language && language.trim() !== '' ? language : defaultMoneyLocale;
}

// Intl.NumberFormat is costly to build and a basket formats a dozen amounts per render.
const formats = new Map<string, Intl.NumberFormat>();

function formatFor(locale: string, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const cacheKey = `${key}|${locale}`;
  let format = formats.get(cacheKey);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      // A language tag the runtime refuses (RangeError) falls back to the default.
      format = new Intl.NumberFormat(defaultMoneyLocale, options);
    }
    formats.set(cacheKey, format);
  }
  return format;
}

/**
 * Builds the browser language's currency format ahead of the first price. The first
 * Intl.NumberFormat with a currency loads that data: 10-20 ms on a phone, inside whichever render
 * shows a price first (the dashboard's report offers, the basket). The app's frame calls this once
 * it is drawn, in a task of its own, while the page's data are on their way.
 */
export function prepareMoneyFormat(locale: string = browserLanguage()): void {
  moneyFormat(locale);
}

function moneyFormat(locale: string): Intl.NumberFormat {
  return formatFor(locale, 'money', { style: 'currency', currency });
}

/** `1999` -> '€19.99' (en-US), '19,99 €' (de-DE). */
export function formatMoney(cents: number, locale: string = browserLanguage()): string {
  return moneyFormat(locale).format(cents / 100);
}

/** The basket's `vat_percentage` (19, 7.7) as the language writes a percentage: '19%', '7,7 %'. */
export function formatPercentage(percentage: number, locale: string = browserLanguage()): string {
  return formatFor(locale, 'percent', { style: 'percent', maximumFractionDigits: 2 }).format(percentage / 100);
}
