import { shopApiPaths } from '@app/contract/api-paths';
import { paymentMethodEnvelope, type AddPaymentMethodRequestInput } from '@app/contract/payment-methods';
import { httpClient } from '@/lib/http-client';

/** `POST /api/payment-methods`: saves a card; a refusal is 400 'Failed to attach payment method'. */
export function addPaymentMethod(body: AddPaymentMethodRequestInput) {
  return httpClient.post(shopApiPaths.paymentMethods, body, { schema: paymentMethodEnvelope });
}
