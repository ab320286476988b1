import type { FastifyBaseLogger } from 'fastify';
import type { VatNumbersConfig } from '../../../config.ts';
import { FormatVatNumberChecker } from './format-checker.ts';
import type { VatNumberChecker } from './vat-number-checker.ts';
import { ViesVatNumberChecker } from './vies-checker.ts';

/** The checker VAT_NUMBER_CHECKER names; the seller's own number goes to VIES as the requester. */
export function createVatNumberChecker(config: VatNumbersConfig, sellerVatNumber: string, logger?: FastifyBaseLogger): VatNumberChecker {
  if (config.checker === 'vies') {
    return new ViesVatNumberChecker({ baseUrl: config.viesUrl, timeoutMs: config.viesTimeoutMs, requesterVatNumber: sellerVatNumber, logger });
  }
  return new FormatVatNumberChecker();
}
