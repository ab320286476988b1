import { accountApiPaths } from '@app/contract/api-paths';
import { messageResponse, type ResetPasswordRequest } from '@app/contract/password-reset';
import { httpClient } from '@/lib/http-client';

/** POST /api/reset-password: the token and e-mail of the link, and the new password twice. */
export function resetPassword(request: ResetPasswordRequest) {
  return httpClient.post(accountApiPaths.resetPassword, request, { schema: messageResponse, auth: false });
}
