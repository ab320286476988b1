import { organisationApiPaths } from '@app/contract/api-paths';
import { activationEnvelope, type ActivationInput } from '@app/contract/organisation-billing';
import { httpClient } from '@/lib/http-client';

/**
 * `POST /api/organisations/{id}/activate`: pays the first period (a card or a saved card) and
 * starts the subscription; the contract plan has no payment. The answer says where the payment
 * stands (active, requires_action, processing, failed), so the caller reads the whole result.
 */
export function activateOrganisation(organisationId: string, request: ActivationInput) {
  return httpClient.post(organisationApiPaths.activate(organisationId), request, { schema: activationEnvelope });
}
