import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { createVatNumberChecker } from './create-vat-number-checker.ts';
import { FormatVatNumberChecker } from './format-checker.ts';
import { ViesVatNumberChecker } from './vies-checker.ts';

describe('loadConfig: VAT number checker and provider customer deletion (issue 5)', () => {
  it('checks VAT numbers offline by default, and asks the EU’s VIES with a short timeout when told', () => {
    expect(loadConfig({}).vatNumbers).toEqual({ checker: 'format', viesUrl: 'https://ec.europa.eu/taxation_customs/vies/rest-api', viesTimeoutMs: 3000 });
    expect(loadConfig({ VAT_NUMBER_CHECKER: 'vies', VIES_URL: 'http://127.0.0.1:4010/vies/', VIES_TIMEOUT_MS: '800' }).vatNumbers).toEqual({
      checker: 'vies',
      viesUrl: 'http://127.0.0.1:4010/vies',
      viesTimeoutMs: 800,
    });
  });

  it('refuses an unknown checker and a timeout out of range, naming the variable', () => {
    expect(() => loadConfig({ VAT_NUMBER_CHECKER: 'soap' })).toThrow('Invalid configuration: VAT_NUMBER_CHECKER must be format or vies (got "soap")');
    expect(() => loadConfig({ VIES_TIMEOUT_MS: '60000' })).toThrow('Invalid configuration: VIES_TIMEOUT_MS must be a whole number of milliseconds (100-30000) (got "60000")');
  });

  it('builds the configured checker', () => {
    expect(createVatNumberChecker(loadConfig({}).vatNumbers, 'DE123456789')).toBeInstanceOf(FormatVatNumberChecker);
    expect(createVatNumberChecker(loadConfig({ VAT_NUMBER_CHECKER: 'vies' }).vatNumbers, 'DE123456789')).toBeInstanceOf(ViesVatNumberChecker);
  });

  it('retries deleting a deleted account’s provider customer after 60 s unless told otherwise', () => {
    expect(loadConfig({}).payments.customerDeletionRetryDelaySeconds).toBe(60);
    expect(loadConfig({ PAYMENT_CUSTOMER_DELETION_RETRY_SECONDS: '5' }).payments.customerDeletionRetryDelaySeconds).toBe(5);
  });
});
