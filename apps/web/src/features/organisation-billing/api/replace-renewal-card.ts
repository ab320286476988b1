import { organisationApiPaths, shopApiPaths } from '@app/contract/api-paths';
import { activationEnvelope, type RenewalCardInput } from '@app/contract/organisation-billing';
import { paymentSetupResponse } from '@app/contract/payment-methods';
import { httpClient } from '@/lib/http-client';

/** `PUT /api/organisations/{id}/subscription/payment-method`: the card renewals use from now on (nothing charged). */
export function replaceRenewalCard(organisationId: string, body: RenewalCardInput) {
  return httpClient.put(organisationApiPaths.subscriptionPaymentMethod(organisationId), body, { schema: activationEnvelope });
}

/** `POST /api/payment-methods/setup`: Stripe's SetupIntent for the card form, as saving any card starts. */
export function preparePaymentSetup() {
  return httpClient.post(shopApiPaths.paymentSetup, undefined, { schema: paymentSetupResponse });
}
