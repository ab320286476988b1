import { subscriptionMessages } from '@app/contract/organisation-billing';
import { memberMessages } from '@app/contract/organisation-members';
import { dataOrThrowWith, refusalMessage as worded, RequestRefusal } from '@/lib/request-refusal';
import type { RequestResult } from '@/lib/http-client';

// Members' and invitations' changes are refused with one code per status (403 forbidden, 409
// organisation_rule, 410 invitation_unusable) and a message per rule in the contract ('You are
// the last owner…', 'This invitation has expired…'): those are shown as they come.

const contractMessages = new Set<string>([...Object.values(memberMessages), subscriptionMessages.readOnly]);

/** What to tell the user about a failed call. */
export const refusalMessage = (result: Pick<RequestResult<unknown>, 'error' | 'errors' | 'serverMessage'>) => worded(result, contractMessages);

export const dataOrThrow = dataOrThrowWith(contractMessages);

export { RequestRefusal };
