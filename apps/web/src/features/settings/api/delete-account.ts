import type { DeleteAccountRequest } from '@app/contract/account-settings';
import { accountApiPaths } from '@app/contract/api-paths';
import { httpClient } from '@/lib/http-client';

/** `DELETE /api/user`: 204 once the account is gone and every token of it revoked. */
export function deleteAccount(body: DeleteAccountRequest) {
  return httpClient.delete(accountApiPaths.deleteAccount, body);
}
