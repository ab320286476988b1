import { subscriptionMessages } from '@app/contract/organisation-billing';
import { memberMessages } from '@app/contract/organisation-members';
import type { RequestResult } from '@/lib/http-client';
import { t } from '@/lib/i18n';

// The server refuses members' and invitations' changes with one code per status (403 forbidden,
// 409 organisation_rule, 410 invitation_unusable) and a message per rule, written for users in the
// contract: 'You are the last owner…', 'This invitation has expired…'. Those are shown as they
// come; any other refusal shows spec 8's translation of its code.

const contractMessages = new Set<string>([...Object.values(memberMessages), subscriptionMessages.readOnly]);

/** What to tell the user about a failed call. */
export function refusalMessage(result: Pick<RequestResult<unknown>, 'error' | 'errors' | 'serverMessage'>): string {
  const own = result.serverMessage;
  if (own && contractMessages.has(own)) return own;
  // A 422 outside a form (an ownership offer to someone who is no longer a member): its field's message.
  const fieldMessage = Object.values(result.errors ?? {})[0]?.[0];
  if (fieldMessage) return fieldMessage;
  return result.error ?? t('global.genericError');
}

/** A failed call, thrown from a mutation so its onError (and `error`) can say why. */
export class RequestRefusal extends Error {
  override name = 'RequestRefusal';

  constructor(readonly result: RequestResult<unknown>) {
    super(refusalMessage(result));
  }
}

/** The result's data, or a RequestRefusal for a failed call (204 gives null). */
export function dataOrThrow<T>(result: RequestResult<T>): T | null {
  if (result.error !== null) throw new RequestRefusal(result);
  return result.data;
}
