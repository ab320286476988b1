import { shopApiPaths } from '@app/contract/api-paths';
import { checkoutResponse, type OrderConfirmRequest } from '@app/contract/checkout';
import { httpClient } from '@/lib/http-client';

/** `POST /api/orders/{id}/confirm`: after the extra confirmation step, how the payment ended. */
export function confirmOrder(orderId: string, body: OrderConfirmRequest) {
  return httpClient.post(shopApiPaths.orderConfirm(orderId), body, { schema: checkoutResponse });
}
