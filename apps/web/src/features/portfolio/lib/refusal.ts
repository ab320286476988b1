import { subscriptionMessages } from '@app/contract/organisation-billing';
import { portfolioMessages } from '@app/contract/portfolio';
import { dataOrThrowWith, refusalMessage as worded } from '@/lib/request-refusal';
import type { RequestResult } from '@/lib/http-client';

// The portfolio's refusals carry a message per rule in the contract ('Only an investor organisation
// has a portfolio.', 'This invitation has expired…'): shown as they come.

const contractMessages = new Set<string>([...Object.values(portfolioMessages), subscriptionMessages.readOnly]);

export const refusalMessage = (result: Pick<RequestResult<unknown>, 'error' | 'errors' | 'serverMessage'>) => worded(result, contractMessages);

export const dataOrThrow = dataOrThrowWith(contractMessages);
