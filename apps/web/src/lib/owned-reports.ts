import { shopApiPaths } from '@app/contract/api-paths';
import { reportTypes, type Product, type ReportType } from '@app/contract/basket';
import { orderList } from '@app/contract/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from './http-client.ts';

// The report types the user owns, for the product offers (issue 5: an owned report is shown as
// owned, not offered again). The server's rule reads the reports its paid orders granted; so does
// this, from the caller's orders (GET /api/orders). The dashboard reads it, the checkout
// invalidates it once an order is paid.

/** The most orders one page of GET /api/orders holds (the contract's maximum). */
const ordersPerPage = 100;
/** A bound on pages asked, so a server that keeps answering full pages cannot loop this. */
const maxPages = 50;

/** `GET /api/orders`, every page: the report types granted by the caller's orders. */
export async function listOwnedReportTypes(signal?: AbortSignal): Promise<ReportType[]> {
  const owned = new Set<string>();
  for (let page = 1; page <= maxPages; page += 1) {
    const result = await httpClient.get(shopApiPaths.orders, { page, per_page: ordersPerPage }, { schema: orderList, signal });
    if (result.data === null) throw new Error(result.error ?? 'The orders could not be loaded');
    for (const order of result.data.data) {
      // Only a paid order grants reports; the check keeps that true whatever the list holds.
      if (order.status !== 'paid') continue;
      for (const report of order.reports) owned.add(report.report_type);
    }
    if (result.data.data.length < ordersPerPage || page * ordersPerPage >= result.data.meta.total) break;
  }
  return [...owned].filter(isReportType);
}

const knownReportTypes: ReadonlySet<string> = new Set(reportTypes);

function isReportType(value: string): value is ReportType {
  return knownReportTypes.has(value);
}

/** Every owned-reports query (whichever user): what a paid order invalidates. */
export const ownedReportsRootKey = ['orders', 'owned-report-types'] as const;

/** Keyed by the user: the cache outlives a logout, and another account may log in in this tab. */
export function ownedReportsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...ownedReportsRootKey, userId],
    queryFn: ({ signal }) => listOwnedReportTypes(signal),
    // The offers wait for this answer; without it they offer everything (the server still refuses
    // an owned report), so a failure is not worth a retry's delay.
    retry: false,
  });
}

export function useOwnedReports(userId: string | null) {
  return useQuery({ ...ownedReportsQueryOptions(userId ?? ''), enabled: userId !== null });
}

/**
 * True when buying `product` would bring no report the user does not own yet, the server's rule
 * (modules/shop alreadyOwnedRefusal): a report owned, or a bundle whose every report is owned. A
 * bundle with one report missing stays for sale; a product that grants no report never is owned.
 */
export function isOwned(product: Pick<Product, 'report_types'>, owned: readonly string[]): boolean {
  return product.report_types.length > 0 && product.report_types.every((type) => owned.includes(type));
}
