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

/**
 * Adds a feature's texts to the one namespace (keys stay `pages.signup.title`), from the module
 * that shows them, so they load with their pages and not at start-up: en.json is in every page's
 * first download, and the login page has a 150 KB budget (issue 3). Idempotent.
 */
export function addTranslations(language: string, texts: Record<string, unknown>): void {
  i18n.addResourceBundle(language, 'translation', texts, true, false);
}
