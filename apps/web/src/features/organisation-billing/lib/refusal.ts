import { checkoutMessages } from '@app/contract/checkout';
import { paymentMessages } from '@app/contract/messages';
import { activationMessages, organisationBillingDetailsMessages, renewalCardMessages, subscriptionMessages } from '@app/contract/organisation-billing';
import { dataOrThrowWith, refusalMessage as worded, RequestRefusal, statusOf } from '@/lib/request-refusal';
import type { RequestResult } from '@/lib/http-client';

// The billing calls refuse with one code per status (409 organisation_rule for every billing rule:
// read-only while past due, only an active subscription changes, a charge on its way) and a
// message per rule in the contract: those are shown as they come.

const contractMessages = new Set<string>([
  ...Object.values(activationMessages),
  ...Object.values(subscriptionMessages),
  ...Object.values(renewalCardMessages),
  ...Object.values(organisationBillingDetailsMessages),
  ...Object.values(checkoutMessages),
  ...Object.values(paymentMessages),
]);

/** What to tell the user about a refused billing call. */
export const refusalMessage = (result: Pick<RequestResult<unknown>, 'error' | 'errors' | 'serverMessage'>) => worded(result, contractMessages);

export const dataOrThrow = dataOrThrowWith(contractMessages);

export { RequestRefusal as BillingRefusal, statusOf };
