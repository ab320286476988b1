// How numbers and dates are written in the report.

/** A 0-100 score as the product shows it: whole numbers as such, others with one decimal. */
export function formatScore(score: number): string {
  const rounded = Math.round(score * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/** A centred value score, signed with two decimals (+0.42, −0.31). */
export function formatCentred(centred: number): string {
  const rounded = Math.round(centred * 100) / 100;
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : '±'}${Math.abs(rounded).toFixed(2)}`;
}

/** An instant as a long date in the report's language (UTC, so every reader sees the same day). */
export function formatDate(instant: string, language: string): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
  } catch {
    format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
  }
  return format.format(new Date(instant));
}

const countFormats = new Map<string, Intl.NumberFormat>();

export function formatCount(count: number, language: string): string {
  let format = countFormats.get(language);
  if (!format) {
    try {
      format = new Intl.NumberFormat(language);
    } catch {
      format = new Intl.NumberFormat('en');
    }
    countFormats.set(language, format);
  }
  return format.format(count);
}

/** 1st, 2nd, 3rd, 4th... 11th, 12th, 13th, 21st. */
export function ordinal(value: number): string {
  const tens = value % 100;
  if (tens >= 11 && tens <= 13) return `${value}th`;
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[value % 10] ?? 'th';
  return `${value}${suffix}`;
}
