import { accountApiPaths } from '@app/contract/api-paths';
import { billingDetailsEnvelope, type BillingDetails } from '@app/contract/billing-details';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from './http-client.ts';

// The account's saved billing details (issue 16): the checkout opens with them, Settings › Billing
// edits them; both read (and a save or a paid order invalidates) this one query.

/** `GET /api/user/billing-details`: null while none are saved. */
export async function getBillingDetails(signal?: AbortSignal): Promise<BillingDetails | null> {
  const result = await httpClient.get(accountApiPaths.billingDetails, undefined, { schema: billingDetailsEnvelope, signal });
  if (result.error !== null) throw new Error(result.error);
  return result.data?.data ?? null;
}

/** Every billing-details query (whichever user): what a save or a paid order invalidates. */
export const billingDetailsRootKey = ['account', 'billing-details'] as const;

/** Keyed by the user: the cache outlives a logout, and another account may log in in this tab. */
export function billingDetailsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...billingDetailsRootKey, userId],
    queryFn: ({ signal }) => getBillingDetails(signal),
    // The checkout waits for this answer; without it the form opens empty (nothing is lost), so a
    // failure is not worth a retry's delay.
    retry: false,
  });
}

export function useBillingDetails(userId: string | null) {
  return useQuery({ ...billingDetailsQueryOptions(userId ?? ''), enabled: userId !== null });
}
