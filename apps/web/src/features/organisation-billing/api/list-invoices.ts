import { organisationApiPaths } from '@app/contract/api-paths';
import { periodInvoiceList } from '@app/contract/organisation-billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { organisationKey } from './billing-keys';

/** `GET /api/organisations/{id}/subscription/invoices`: one invoice per period, newest first. */
export async function listInvoices(organisationId: string, signal?: AbortSignal) {
  const envelope = dataOrThrow(await httpClient.get(organisationApiPaths.subscriptionInvoices(organisationId), undefined, { schema: periodInvoiceList, signal }));
  return envelope?.data ?? [];
}

export function invoicesQueryOptions(organisationId: string) {
  return queryOptions({
    queryKey: [...organisationKey(organisationId), 'invoices'],
    queryFn: ({ signal }) => listInvoices(organisationId, signal),
    retry: false,
  });
}

export function useInvoices(organisationId: string) {
  return useQuery(invoicesQueryOptions(organisationId));
}
