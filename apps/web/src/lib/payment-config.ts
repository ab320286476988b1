import { shopApiPaths } from '@app/contract/api-paths';
import { paymentConfig } from '@app/contract/checkout';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from './http-client.ts';

// Which provider takes cards (`test` or `stripe`) and Stripe.js's key: both the checkout and the
// payments page ask, so the query lives here, shared.

/** `GET /api/payments/config`. */
export async function getPaymentConfig() {
  const result = await httpClient.get(shopApiPaths.paymentConfig, undefined, { schema: paymentConfig });
  if (result.data === null) throw new Error(result.error ?? 'No payment configuration');
  return result.data;
}

export const paymentConfigQueryOptions = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: getPaymentConfig,
  // Chosen at server start: it does not change while the page is open.
  staleTime: Infinity,
});

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions);
}
