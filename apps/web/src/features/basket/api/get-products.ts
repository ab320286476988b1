import { shopApiPaths } from '@app/contract/api-paths';
import { productList, type Product } from '@app/contract/basket';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';

/** `GET /api/products`: the active catalogue, in the shop's order. */
export async function getProducts(signal?: AbortSignal): Promise<Product[]> {
  const result = await httpClient.get(shopApiPaths.products, undefined, { schema: productList, signal });
  if (result.data === null) throw new Error(result.error ?? '');
  return result.data.data;
}

export function productsQueryOptions() {
  return queryOptions({
    queryKey: ['products'],
    queryFn: ({ signal }) => getProducts(signal),
    // The server lets the catalogue be cached for a minute; prices do not change while one reads.
    staleTime: 60_000,
  });
}

export function useProducts() {
  return useQuery(productsQueryOptions());
}
