import { organisationApiPaths } from '@app/contract/api-paths';
import type { BillingDetailsInput } from '@app/contract/billing-details';
import { organisationEnvelope } from '@app/contract/organisations';
import { httpClient } from '@/lib/http-client';

/** `PATCH /api/organisations/{id}/billing-details`: the whole set; answers the organisation as stored (422 by field). */
export function updateBillingDetails(organisationId: string, details: BillingDetailsInput) {
  return httpClient.patch(organisationApiPaths.billingDetails(organisationId), details, { schema: organisationEnvelope });
}
