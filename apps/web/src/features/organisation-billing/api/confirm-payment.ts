import { organisationApiPaths } from '@app/contract/api-paths';
import type { OrderConfirmRequest } from '@app/contract/checkout';
import { activationEnvelope } from '@app/contract/organisation-billing';
import { httpClient } from '@/lib/http-client';

/**
 * `POST /api/organisations/{id}/activate/confirm`: after the card's extra step, how the payment
 * ended (the first period's, or a past-due period's "pay now").
 */
export function confirmPayment(organisationId: string, request: OrderConfirmRequest) {
  return httpClient.post(organisationApiPaths.activateConfirm(organisationId), request, { schema: activationEnvelope });
}
