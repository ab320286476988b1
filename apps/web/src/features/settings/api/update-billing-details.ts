import { accountApiPaths } from '@app/contract/api-paths';
import { billingDetailsEnvelope, type BillingDetailsInput } from '@app/contract/billing-details';
import { httpClient } from '@/lib/http-client';

/** `PUT /api/user/billing-details`: saves the whole set and answers it as stored. */
export function updateBillingDetails(body: BillingDetailsInput) {
  return httpClient.put(accountApiPaths.billingDetails, body, { schema: billingDetailsEnvelope });
}
