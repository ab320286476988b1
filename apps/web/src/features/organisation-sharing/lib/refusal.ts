import { subscriptionMessages } from '@app/contract/organisation-billing';
import { memberMessages } from '@app/contract/organisation-members';
import { shareMessages } from '@app/contract/organisation-shares';
import { dataOrThrowWith, refusalMessage as worded } from '@/lib/request-refusal';
import type { RequestResult } from '@/lib/http-client';

// Shares and the people an expert maintains are refused with a message per rule in the contract
// ('This client is no longer shared with you.', 'The client has not shared this…'): shown as they come.

const contractMessages = new Set<string>([...Object.values(shareMessages), ...Object.values(memberMessages), subscriptionMessages.readOnly]);

export const refusalMessage = (result: Pick<RequestResult<unknown>, 'error' | 'errors' | 'serverMessage'>) => worded(result, contractMessages);

export const dataOrThrow = dataOrThrowWith(contractMessages);
