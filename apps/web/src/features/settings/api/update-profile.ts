import { account } from '@app/contract/account';
import type { UpdateProfileRequest } from '@app/contract/account-settings';
import { accountApiPaths } from '@app/contract/api-paths';
import { httpClient } from '@/lib/http-client';

/** `PATCH /api/user/profile`: answers with the account; a changed e-mail is unverified again. */
export function updateProfile(body: UpdateProfileRequest) {
  return httpClient.patch(accountApiPaths.profile, body, { schema: account });
}
