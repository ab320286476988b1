import { checkoutMessages } from '@app/contract/checkout';
import { paymentMessages } from '@app/contract/messages';
import { activationMessages, subscriptionMessages } from '@app/contract/organisation-billing';
import type { RequestResult } from '@/lib/http-client';
import { t } from '@/lib/i18n';

// The billing calls refuse with one code per status (409 organisation_rule for every billing
// rule: read-only while past due, only an active subscription changes, a charge on its way) and a
// message per rule written for users in the contract: those are shown as they come; anything else
// shows spec 8's translation of its code.

const contractMessages = new Set<string>([
  ...Object.values(activationMessages),
  ...Object.values(subscriptionMessages),
  ...Object.values(checkoutMessages),
  ...Object.values(paymentMessages),
]);

/** What to tell the user about a refused billing call. */
export function refusalMessage(result: Pick<RequestResult<unknown>, 'error' | 'errors' | 'serverMessage'>): string {
  const own = result.serverMessage;
  if (own && contractMessages.has(own)) return own;
  const fieldMessage = Object.values(result.errors ?? {})[0]?.[0];
  if (fieldMessage) return fieldMessage;
  return result.error ?? t('global.genericError');
}

/** A refused call, thrown from a query or mutation so its error says why (and its status). */
export class BillingRefusal extends Error {
  override name = 'BillingRefusal';

  constructor(readonly result: RequestResult<unknown>) {
    super(refusalMessage(result));
  }

  get status(): number {
    return this.result.status;
  }
}

/** The result's data, or a BillingRefusal for a refused call (204 gives null). */
export function dataOrThrow<T>(result: RequestResult<T>): T | null {
  if (result.error !== null) throw new BillingRefusal(result);
  return result.data;
}

/** The HTTP status of a failed query's error (0 when it is not a refusal). */
export function statusOf(error: unknown): number {
  return error instanceof BillingRefusal ? error.status : 0;
}
