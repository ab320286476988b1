import { browserLanguage } from '@/lib/money';

/** A date as the browser's language writes it ('26 Nov 2026'). */
export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(browserLanguage(), { dateStyle: 'medium' }).format(new Date(iso));
}

/** A date and time ('26 Nov 2026, 10:00'). */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(browserLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A number with at most one decimal ('54.2', '60'). */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(browserLanguage(), { maximumFractionDigits: 1 }).format(value);
}
