import type { RequestResult } from './http-client.ts';
import { t } from './i18n.ts';

// A refused call of the organisation pages: the server answers one code per status (409
// organisation_rule, 410 invitation_unusable...) and, per rule, a message written for users in the
// contract. A feature names the contract's messages it may show as they come; anything else shows
// a field's message, else spec 8's translation of the code.

/** What to tell the user about a refused call, given the contract's messages the caller shows as they come. */
export function refusalMessage(result: Pick<RequestResult<unknown>, 'error' | 'errors' | 'serverMessage'>, knownMessages: ReadonlySet<string>): string {
  const own = result.serverMessage;
  if (own && knownMessages.has(own)) return own;
  // A 422 outside a form (an offer to someone who is no longer a member): its field's message.
  const fieldMessage = Object.values(result.errors ?? {})[0]?.[0];
  if (fieldMessage) return fieldMessage;
  return result.error ?? t('global.genericError');
}

/** A refused call, thrown from a query or mutation so its error says why (and its status). */
export class RequestRefusal extends Error {
  override name = 'RequestRefusal';

  constructor(
    readonly result: RequestResult<unknown>,
    knownMessages: ReadonlySet<string>,
  ) {
    super(refusalMessage(result, knownMessages));
  }

  get status(): number {
    return this.result.status;
  }
}

/** The HTTP status of a failed query's error (0 when it is not a refusal). */
export function statusOf(error: unknown): number {
  return error instanceof RequestRefusal ? error.status : 0;
}

/** A `dataOrThrow` for a feature: the result's data, or a RequestRefusal worded with its known messages (204 gives null). */
export function dataOrThrowWith(knownMessages: ReadonlySet<string>) {
  return <T>(result: RequestResult<T>): T | null => {
    if (result.error !== null) throw new RequestRefusal(result, knownMessages);
    return result.data;
  };
}
