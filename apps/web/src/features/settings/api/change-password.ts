import type { ChangePasswordRequest } from '@app/contract/account-settings';
import { accountApiPaths } from '@app/contract/api-paths';
import { messageResponse } from '@app/contract/password-reset';
import { httpClient } from '@/lib/http-client';

/** `PUT /api/user/password`: the server signs out every other session of the account. */
export function changePassword(body: ChangePasswordRequest) {
  return httpClient.put(accountApiPaths.password, body, { schema: messageResponse });
}
