import { shopApiPaths } from '@app/contract/api-paths';
import { basketEnvelope, type Basket } from '@app/contract/basket';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';

/** The basket priced for one billing country; `basket` is null when the basket is empty (204). */
export interface PricedBasket {
  country: string;
  /** The business buyer's VAT number it was priced with, or null (a consumer). */
  vatNumber: string | null;
  basket: Basket | null;
}

/** A failed pricing, with its status (a 4xx is not retried). */
export class PricedBasketError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Every priced basket's key starts with this: invalidating it re-prices whatever the country. */
export const pricedBasketRootKey = ['checkout', 'priced-basket'] as const;

/**
 * `GET /api/cart?country=FR`: the basket with the VAT of that billing country, as the checkout will
 * price the order (issue 5: the total the page shows is the `expected_total` it sends). With a VAT
 * number (`&vat_number=FR...`) the server checks it as the checkout does, and a verified business
 * in another EU country is priced with the reverse charge (`summary.reverse_charge`).
 */
export async function getPricedBasket(country: string, vatNumber: string | null, signal?: AbortSignal): Promise<PricedBasket> {
  const result = await httpClient.get(shopApiPaths.cart, { country, vat_number: vatNumber }, { schema: basketEnvelope, signal });
  if (result.error !== null) throw new PricedBasketError(result.error, result.status);
  return { country, vatNumber, basket: result.data?.data ?? null };
}

export function pricedBasketQueryOptions(country: string, vatNumber: string | null = null) {
  return queryOptions({
    queryKey: [...pricedBasketRootKey, country, vatNumber ?? ''],
    queryFn: ({ signal }) => getPricedBasket(country, vatNumber, signal),
    // Priced again whenever the checkout opens: the basket may have changed on the basket page.
    staleTime: 0,
    retry: (failureCount, error) => !(error instanceof PricedBasketError && error.status < 500) && failureCount < 1,
  });
}

/**
 * The basket priced for `country` and the buyer's VAT number (null: no country chosen, nothing is
 * fetched). While another price loads, the previous answer stays as placeholder data.
 */
export function usePricedBasket(country: string | null, vatNumber: string | null = null) {
  return useQuery({ ...pricedBasketQueryOptions(country ?? '', vatNumber), enabled: country !== null, placeholderData: keepPreviousData });
}
