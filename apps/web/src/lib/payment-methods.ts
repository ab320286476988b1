import { shopApiPaths } from '@app/contract/api-paths';
import { paymentMethodList } from '@app/contract/payment-methods';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from './http-client.ts';

// The buyer's saved payment methods: the checkout offers them, the payments page manages them;
// both read (and the payments page invalidates) this one query.

/** `GET /api/payment-methods`: default first, then newest first. */
export async function listPaymentMethods() {
  const result = await httpClient.get(shopApiPaths.paymentMethods, undefined, { schema: paymentMethodList });
  if (result.data === null) throw new Error(result.error ?? 'No payment methods');
  return result.data.data;
}

export const paymentMethodsQueryOptions = queryOptions({
  queryKey: ['payments', 'methods'],
  queryFn: listPaymentMethods,
});

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions);
}
