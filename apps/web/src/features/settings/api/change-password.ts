import type { ChangePasswordRequest } from '@app/contract/account-settings';
import { accountApiPaths } from '@app/contract/api-paths';
import { z } from 'zod';
import { httpClient } from '@/lib/http-client';

const changePasswordResponse = z.object({ message: z.string() });

/** `PUT /api/user/password`: the server signs out every other session of the account. */
export function changePassword(body: ChangePasswordRequest) {
  return httpClient.put(accountApiPaths.password, body, { schema: changePasswordResponse });
}
