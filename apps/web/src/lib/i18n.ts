import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

// spec 9: default locale en. Bundling en and initialising synchronously means the first render
// (and any non-React code, such as the HTTP client) already has its texts.
export const defaultLocale = 'en';

// The global instance, so react-i18next's hooks and any library that reads i18next see the same one.
export const i18n = i18next;

void i18n.use(initReactI18next).init({
  resources: { [defaultLocale]: { translation: en } },
  lng: defaultLocale,
  fallbackLng: defaultLocale,
  initAsync: false,
  // React escapes on render; escaping here too would show &amp; to users.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Translate outside React (stores, the HTTP client). Returns the key itself when it has no text. */
export function t(key: string, values?: Record<string, unknown>): string {
  return i18n.t(key, values);
}

/** Switch the interface language; an empty or missing locale means the default (spec 4). */
export function setLanguage(locale: string | null | undefined): Promise<unknown> {
  const language = locale && locale.trim() !== '' ? locale : defaultLocale;
  return i18n.changeLanguage(language);
}
