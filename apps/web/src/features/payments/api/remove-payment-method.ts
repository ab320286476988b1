import { shopApiPaths } from '@app/contract/api-paths';
import { httpClient } from '@/lib/http-client';

/** `DELETE /api/payment-methods/{id}`: 204; the method is detached at the provider too. */
export function removePaymentMethod(id: string) {
  return httpClient.delete(shopApiPaths.paymentMethod(id));
}
