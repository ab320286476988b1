import { shopApiPaths } from '@app/contract/api-paths';
import { orderList } from '@app/contract/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';

/** Invoices per page of Settings › Billing. */
export const invoicesPerPage = 5;

/** `GET /api/orders?status=paid`: the caller's paid orders, each with its invoice, newest first. */
export async function listInvoicedOrders(page: number, signal?: AbortSignal) {
  const result = await httpClient.get(shopApiPaths.orders, { status: 'paid', page, per_page: invoicesPerPage }, { schema: orderList, signal });
  if (result.data === null) throw new Error(result.error ?? 'The invoices could not be loaded');
  return result.data;
}

export function invoicedOrdersQueryOptions(page: number) {
  // Under ['payments'] so that a payment (checkout) refreshes the list.
  return queryOptions({ queryKey: ['payments', 'invoiced-orders', page], queryFn: ({ signal }) => listInvoicedOrders(page, signal) });
}

export function useInvoicedOrders(page: number) {
  return useQuery({ ...invoicedOrdersQueryOptions(page), placeholderData: keepPreviousData });
}
