import { accountApiPaths } from '@app/contract/api-paths';
import { messageResponse } from '@app/contract/password-reset';
import { httpClient } from '@/lib/http-client';

/** POST /api/email/verification-notification: a new link (spec 4); 429 while throttled. */
export function resendVerification() {
  return httpClient.post(accountApiPaths.resendVerification, undefined, { schema: messageResponse });
}
