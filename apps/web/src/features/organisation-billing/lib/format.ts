import { browserLanguage } from '@/lib/money';

/** An instant as the browser's language writes a day ('Dec 26, 2026'). */
export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat(browserLanguage(), { dateStyle: 'medium' }).format(new Date(iso));
}
