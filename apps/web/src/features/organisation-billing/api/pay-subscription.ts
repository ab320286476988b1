import { organisationApiPaths } from '@app/contract/api-paths';
import type { CheckoutPayment } from '@app/contract/checkout';
import { activationEnvelope } from '@app/contract/organisation-billing';
import { httpClient } from '@/lib/http-client';

/** `POST /api/organisations/{id}/subscription/pay`: "pay now" for the period a renewal could not pay (past due). */
export function paySubscription(organisationId: string, request: { idempotency_key: string; payment: CheckoutPayment }) {
  return httpClient.post(organisationApiPaths.subscriptionPay(organisationId), request, { schema: activationEnvelope });
}
