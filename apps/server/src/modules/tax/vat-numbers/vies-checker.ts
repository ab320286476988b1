import { vatNumberPrefixFor } from '@app/contract/vat-numbers';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { hasVatNumberFormat } from './vat-number-formats.ts';
import { splitVatNumber, type VatNumberCheck, type VatNumberChecker } from './vat-number-checker.ts';

export interface ViesCheckerOptions {
  /** The REST service's base, e.g. https://ec.europa.eu/taxation_customs/vies/rest-api. */
  baseUrl: string;
  /** The whole question, answer included; a slower register counts as unreachable. */
  timeoutMs: number;
  /** The seller's own VAT number: sent as the requester, VIES answers with a consultation number. */
  requesterVatNumber?: string | undefined;
  logger?: FastifyBaseLogger | undefined;
}

// The answer of POST /check-vat-number. Fields we do not use are ignored; a missing `valid` is
// not an answer (VIES reports its outages in `userError` or `errorWrappers`).
const viesAnswer = z.object({
  valid: z.boolean().optional(),
  userError: z.string().optional(),
  name: z.string().nullish(),
  address: z.string().nullish(),
  requestIdentifier: z.string().nullish(),
  errorWrappers: z.array(z.object({ error: z.string().optional() })).nullish(),
});
type ViesAnswer = z.infer<typeof viesAnswer>;

/**
 * VAT_NUMBER_CHECKER=vies: asks the EU Commission's VIES REST service. Only its explicit "valid"
 * confirms a number and only its explicit "not valid" refuses one; an outage, a member state's
 * unavailable register, a timeout or an answer we cannot read are 'unverified': the buyer then
 * pays VAT as a consumer and the checkout goes on.
 */
export class ViesVatNumberChecker implements VatNumberChecker {
  readonly name = 'vies' as const;
  private readonly options: ViesCheckerOptions;
  /** VIES refused our requester details once (say, a placeholder seller number): ask without them. */
  private requesterRefused = false;

  constructor(options: ViesCheckerOptions) {
    this.options = options;
  }

  async verify(vatNumber: string, buyerCountry: string): Promise<VatNumberCheck> {
    const { prefix, national } = splitVatNumber(vatNumber);
    // Not worth a question: VIES would only say the same.
    if (prefix !== vatNumberPrefixFor(buyerCountry) || !hasVatNumberFormat(vatNumber)) return { status: 'invalid' };

    const requester = this.requester();
    let answer = await this.ask({ countryCode: prefix, vatNumber: national, ...requester });
    if (answer && requester && hasError(answer, 'INVALID_REQUESTER_INFO')) {
      this.requesterRefused = true;
      this.options.logger?.warn('VIES refused the seller VAT number as requester; asking without it (no consultation numbers)');
      answer = await this.ask({ countryCode: prefix, vatNumber: national });
    }
    if (!answer) return { status: 'unverified' };
    if (answer.valid === true) {
      return {
        status: 'valid',
        ...(disclosed(answer.name) ? { name: disclosed(answer.name) } : {}),
        ...(disclosed(answer.address) ? { address: disclosed(answer.address) } : {}),
        ...(answer.requestIdentifier ? { consultationNumber: answer.requestIdentifier } : {}),
      };
    }
    if (answer.valid === false && (answer.userError === undefined || answer.userError === 'INVALID')) return { status: 'invalid' };
    if (hasError(answer, 'INVALID_INPUT')) return { status: 'invalid' };
    this.options.logger?.warn({ viesError: answer.userError ?? answer.errorWrappers?.[0]?.error }, 'VIES could not check a VAT number; the buyer pays VAT');
    return { status: 'unverified' };
  }

  private requester(): { requesterMemberStateCode: string; requesterNumber: string } | undefined {
    const own = this.options.requesterVatNumber;
    if (!own || this.requesterRefused || !hasVatNumberFormat(own)) return undefined;
    const { prefix, national } = splitVatNumber(own);
    return { requesterMemberStateCode: prefix, requesterNumber: national };
  }

  /** The parsed answer, or undefined when VIES could not be reached or said nothing readable. */
  private async ask(body: Record<string, string>): Promise<ViesAnswer | undefined> {
    try {
      const response = await fetch(`${this.options.baseUrl}/check-vat-number`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const json: unknown = await response.json().catch(() => undefined);
      const parsed = viesAnswer.safeParse(json);
      if (parsed.success) return parsed.data;
      this.options.logger?.warn({ status: response.status }, 'VIES answered something unreadable; the buyer pays VAT');
      return undefined;
    } catch (error) {
      this.options.logger?.warn({ err: error }, 'VIES could not be reached in time; the buyer pays VAT');
      return undefined;
    }
  }
}

function hasError(answer: ViesAnswer, code: string): boolean {
  return answer.userError === code || (answer.errorWrappers ?? []).some((wrapper) => wrapper.error === code);
}

/** VIES writes "---" where a member state does not disclose a name or address. */
function disclosed(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed !== '---' ? trimmed : undefined;
}
