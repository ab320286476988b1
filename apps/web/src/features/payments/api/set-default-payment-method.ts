import { shopApiPaths } from '@app/contract/api-paths';
import { paymentMethodEnvelope } from '@app/contract/payment-methods';
import { httpClient } from '@/lib/http-client';

/** `PUT /api/payment-methods/{id}/default`: the method becomes the one chosen first at checkout. */
export function setDefaultPaymentMethod(id: string) {
  return httpClient.put(shopApiPaths.paymentMethodDefault(id), undefined, { schema: paymentMethodEnvelope });
}
