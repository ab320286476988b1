import { shopApiPaths } from '@app/contract/api-paths';
import { basketEnvelope, type Basket } from '@app/contract/cart';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';

/** The basket priced for one billing country; `basket` is null when the basket is empty (204). */
export interface PricedBasket {
  country: string;
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
 * price the order (issue 5: the total the page shows is the `expected_total` it sends).
 */
export async function getPricedBasket(country: string, signal?: AbortSignal): Promise<PricedBasket> {
  const result = await httpClient.get(shopApiPaths.cart, { country }, { schema: basketEnvelope, signal });
  if (result.error !== null) throw new PricedBasketError(result.error, result.status);
  return { country, basket: result.data?.data ?? null };
}

export function pricedBasketQueryOptions(country: string) {
  return queryOptions({
    queryKey: [...pricedBasketRootKey, country],
    queryFn: ({ signal }) => getPricedBasket(country, signal),
    // Priced again whenever the checkout opens: the basket may have changed on the basket page.
    staleTime: 0,
    retry: (failureCount, error) => !(error instanceof PricedBasketError && error.status < 500) && failureCount < 1,
  });
}

/**
 * The basket priced for `country` (null: no country chosen, nothing is fetched). While another
 * country's price loads, the previous answer stays as placeholder data.
 */
export function usePricedBasket(country: string | null) {
  return useQuery({ ...pricedBasketQueryOptions(country ?? ''), enabled: country !== null, placeholderData: keepPreviousData });
}
