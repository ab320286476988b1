import { eventMessages } from '@app/contract/event-attendees';
import { subscriptionMessages } from '@app/contract/organisation-billing';
import { dataOrThrowWith, refusalMessage as worded } from '@/lib/request-refusal';
import type { RequestResult } from '@/lib/http-client';

// The attendees' refusals carry a message per rule in the contract ('Only an event organiser has
// attendees.', 'This event link is not valid…'): shown as they come.

const contractMessages = new Set<string>([...Object.values(eventMessages), subscriptionMessages.readOnly]);

export const refusalMessage = (result: Pick<RequestResult<unknown>, 'error' | 'errors' | 'serverMessage'>) => worded(result, contractMessages);

export const dataOrThrow = dataOrThrowWith(contractMessages);
