import { accountApiPaths } from '@app/contract/api-paths';
import { locationSearchBounds, locationSearchResponse, type Location } from '@app/contract/locations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';

/** How many places the birth-place search offers at once. */
export const locationSuggestionLimit = 8;

/** `GET /api/locations?q=&limit=`: places whose name starts with `query`, most populous first. */
export async function searchLocations(query: string, signal?: AbortSignal): Promise<Location[]> {
  const result = await httpClient.get(
    accountApiPaths.locations,
    { q: query, limit: locationSuggestionLimit },
    { schema: locationSearchResponse, signal },
  );
  if (result.data === null) throw new Error(result.error ?? 'Location search failed');
  return result.data.data;
}

export function locationSearchQueryOptions(query: string) {
  return queryOptions({
    queryKey: ['locations', query.toLocaleLowerCase()],
    queryFn: ({ signal }) => searchLocations(query, signal),
    // Places do not move: a prefix typed again (after a backspace) answers from the cache.
    staleTime: Infinity,
    // A typeahead says "could not search" at once; the next keystroke is the retry.
    retry: false,
  });
}

/** Suggestions for `query`; idle below the contract's minimum length (2 characters). */
export function useLocationSearch(query: string) {
  const enabled = query.length >= locationSearchBounds.minQueryLength;
  return useQuery({
    ...locationSearchQueryOptions(query),
    enabled,
    // While the next letters load, the previous suggestions stay instead of flashing away.
    placeholderData: enabled ? keepPreviousData : undefined,
  });
}
