import { shopApiPaths } from '@app/contract/api-paths';
import { checkoutResponse, type CheckoutRequestInput } from '@app/contract/checkout';
import { httpClient } from '@/lib/http-client';

/**
 * `POST /api/checkout`: prices the basket again, creates the order and charges it. The answer is
 * 200 whatever the card said (`status` paid, failed or requires_action); the same
 * `idempotency_key` again returns the same order and never charges twice.
 */
export function placeOrder(body: CheckoutRequestInput) {
  return httpClient.post(shopApiPaths.checkout, body, { schema: checkoutResponse });
}
