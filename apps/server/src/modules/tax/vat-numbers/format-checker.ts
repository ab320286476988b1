import { vatNumberPrefixFor } from '@app/contract/vat-numbers';
import { hasVatNumberFormat } from './vat-number-formats.ts';
import { splitVatNumber, type VatNumberCheck, type VatNumberChecker } from './vat-number-checker.ts';

/**
 * The offline default (VAT_NUMBER_CHECKER=format): a number of the wrong shape, or of another
 * country than the buyer's, is 'invalid'; any other is 'unverified', never 'valid', because a
 * shape proves no registration. So without VIES every buyer pays VAT as a consumer.
 */
export class FormatVatNumberChecker implements VatNumberChecker {
  readonly name = 'format' as const;

  async verify(vatNumber: string, buyerCountry: string): Promise<VatNumberCheck> {
    const { prefix } = splitVatNumber(vatNumber);
    if (prefix !== vatNumberPrefixFor(buyerCountry) || !hasVatNumberFormat(vatNumber)) return { status: 'invalid' };
    return { status: 'unverified' };
  }
}
