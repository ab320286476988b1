import { accountApiPaths } from '@app/contract/api-paths';
import { messageResponse } from '@app/contract/password-reset';
import { httpClient } from '@/lib/http-client';

/** POST /api/forgot-password: always the same message, registered or not (no enumeration). */
export function requestPasswordReset(email: string) {
  return httpClient.post(accountApiPaths.forgotPassword, { email }, { schema: messageResponse, auth: false });
}
