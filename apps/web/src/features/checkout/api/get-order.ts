import { shopApiPaths } from '@app/contract/api-paths';
import { orderEnvelope } from '@app/contract/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';

/** The message of a failed load, kept with its status so the page can tell "not found" apart. */
export class OrderLoadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** `GET /api/orders/{id}`: one of the caller's orders (404 for anyone else's). */
export async function getOrder(orderId: string, signal?: AbortSignal) {
  const result = await httpClient.get(shopApiPaths.order(orderId), undefined, { schema: orderEnvelope, signal });
  if (result.data === null) throw new OrderLoadError(result.error ?? 'The order could not be loaded', result.status);
  return result.data.data;
}

export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['orders', orderId],
    queryFn: ({ signal }) => getOrder(orderId, signal),
    // A missing order stays missing; retrying only delays the message.
    retry: (failureCount, error) => !(error instanceof OrderLoadError && error.status < 500) && failureCount < 1,
  });
}

export function useOrder(orderId: string | null) {
  return useQuery({ ...orderQueryOptions(orderId ?? ''), enabled: orderId !== null });
}
