import { shopApiPaths } from '@app/contract/api-paths';
import { transactionList } from '@app/contract/transactions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';

/** Rows per page of the transactions list. */
export const transactionsPerPage = 10;

/** `GET /api/transactions?page=&per_page=`: the caller's transactions, newest first. */
export async function listTransactions(page: number, signal?: AbortSignal) {
  const result = await httpClient.get(shopApiPaths.transactions, { page, per_page: transactionsPerPage }, { schema: transactionList, signal });
  if (result.data === null) throw new Error(result.error ?? 'The transactions could not be loaded');
  return result.data;
}

export function transactionsQueryOptions(page: number) {
  // Under ['payments'] so that a payment (checkout) refreshes the list.
  return queryOptions({ queryKey: ['payments', 'transactions', page], queryFn: ({ signal }) => listTransactions(page, signal) });
}

export function useTransactions(page: number) {
  // The previous page stays while the next one loads, so the table does not jump.
  return useQuery({ ...transactionsQueryOptions(page), placeholderData: keepPreviousData });
}
