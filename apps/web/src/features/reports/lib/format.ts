import { browserLanguage } from '@/lib/money';

// Dates of the reports pages in the reader's language (spec 9: the browser's, en-US without one).

/** '12 Mar 2026' style, or null for a missing instant. */
export function formatDate(iso: string | null, language: string = browserLanguage()): string | null {
  if (iso === null) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(date);
  }
}

/** A score as the report prints it: whole numbers, no decimals. */
export function formatScore(score: number): string {
  return String(Math.round(score));
}

/** A centred value with its sign and one decimal: '+0.8', '−0.3', '0.0'. */
export function formatCentred(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  if (rounded === 0) return '0.0';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toFixed(1)}`;
}

/** The anchor of a section: the document's ids are stable; the prefix keeps them apart from the page's own ids. */
export function sectionAnchor(id: string): string {
  return id.startsWith('section-') ? id : `section-${id}`;
}
