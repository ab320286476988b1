import type { BankChoice, BankItem, LocalizedText } from './bank-schema.ts';

/**
 * The text for a locale: the exact tag ('pt-BR'), then its language ('pt'), then English, which
 * every bank text has (the loader checks it).
 */
export function localize(text: LocalizedText, locale: string): string {
  const language = locale.split('-')[0] ?? locale;
  return text[locale] ?? text[language] ?? text.en;
}

export function itemText(item: BankItem, locale: string): string {
  return localize(item.text, locale);
}

/** The optional explanation shown under the question, or null. */
export function itemDescription(item: BankItem, locale: string): string | null {
  return item.description ? localize(item.description, locale) : null;
}

export function choiceLabel(choice: BankChoice, locale: string): string {
  return localize(choice.label, locale);
}
