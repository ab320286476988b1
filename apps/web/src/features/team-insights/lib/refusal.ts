import { teamInsightMessages } from '@app/contract/team-insights';
import { dataOrThrowWith, refusalMessage as worded, RequestRefusal } from '@/lib/request-refusal';
import type { RequestResult } from '@/lib/http-client';

// Team insights' refusals carry the contract's own sentences ('This member has not chosen to share
// their individual results…', 'The group minimum cannot be lower than 3.'): shown as they come.

const contractMessages = new Set<string>(Object.values(teamInsightMessages));

/** What to tell the user about a failed call. */
export const refusalMessage = (result: Pick<RequestResult<unknown>, 'error' | 'errors' | 'serverMessage'>) => worded(result, contractMessages);

export const dataOrThrow = dataOrThrowWith(contractMessages);

export { RequestRefusal };
