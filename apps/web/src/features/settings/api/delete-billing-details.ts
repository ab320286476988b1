import { accountApiPaths } from '@app/contract/api-paths';
import { httpClient } from '@/lib/http-client';

/** `DELETE /api/user/billing-details`: 204, whether or not any were saved. */
export function deleteBillingDetails() {
  return httpClient.delete(accountApiPaths.billingDetails);
}
