import { shopApiPaths } from '@app/contract/api-paths';
import { paymentSetupResponse } from '@app/contract/payment-methods';
import { httpClient } from '@/lib/http-client';

/** `POST /api/payment-methods/setup`: readies the card form (Stripe: a SetupIntent's client secret). */
export function preparePaymentSetup() {
  return httpClient.post(shopApiPaths.paymentSetup, undefined, { schema: paymentSetupResponse });
}
