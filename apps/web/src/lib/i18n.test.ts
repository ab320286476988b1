// @vitest-environment node
import { errorCodes } from '@app/contract/errors';
import { errorMessages, validationMessages } from '@app/contract/messages';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { i18n, setLanguage, t } from './i18n.ts';

afterEach(async () => {
  await setLanguage('en');
});

describe('i18n', () => {
  it('has its English texts at import, without waiting for an init promise', () => {
    expect(i18n.isInitialized).toBe(true);
    expect(t('global.genericError')).toBe('Oops! Something went wrong, please try again later.');
  });

  it('spells the spec 8 messages exactly as the contract does', () => {
    expect(t('global.genericError')).toBe(errorMessages.generic);
    expect(t('global.anErrorOccurred')).toBe(errorMessages.anErrorOccurred);
    expect(t('errors.requestFailed')).toBe(errorMessages.anErrorOccurred);
    expect(t('errors.sessionExpired')).toBe(errorMessages.sessionExpired);
    expect(t('errors.failedToFetch')).toBe(errorMessages.failedToFetch);
    expect(t('serverErrors.generic')).toBe(errorMessages.tryAgainLater);
    expect(t('serverErrors.invalid_credentials')).toBe(errorMessages.invalidCredentials);
    expect(t('serverErrors.validation_failed')).toBe(errorMessages.invalidData);
    expect(t('serverErrors.ai_unavailable')).toBe(errorMessages.aiUnavailable);
  });

  it('spells every validation message of the contract as the contract does (forms translate them by their text)', () => {
    for (const [key, message] of Object.entries(validationMessages)) {
      expect(t(`validation.${key}`, { value: 5 })).toBe(typeof message === 'string' ? message : message(5));
    }
  });

  it('has a serverErrors text for every error code of the contract', () => {
    const missing = errorCodes.filter((code) => !(code in en.serverErrors));

    expect(missing).toEqual([]);
  });

  it('falls back to English for a locale without its own texts, and to en for an empty locale', async () => {
    await setLanguage('de');
    expect(i18n.language).toBe('de');
    expect(t('errors.sessionExpired')).toBe('Session expired. Please log in again.');

    await setLanguage('');
    expect(i18n.language).toBe('en');
  });

  it('answers a missing key with the key itself, which the HTTP client relies on to fall back', () => {
    expect(t('serverErrors.no_such_code')).toBe('serverErrors.no_such_code');
  });
});
