import { account } from '@app/contract/account';
import { accountApiPaths } from '@app/contract/api-paths';
import type { BirthDetailsRequest } from '@app/contract/birth-details';
import { httpClient } from '@/lib/http-client';

/** `PUT /api/user/birth-details`: answers with the updated account (signup_completed set). */
export function saveBirthDetails(body: BirthDetailsRequest) {
  return httpClient.put(accountApiPaths.birthDetails, body, { schema: account });
}
