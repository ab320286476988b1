import { queryClient } from '../src/app/query-client.ts';

/**
 * Empties the app's one query cache. It outlives a rendered route (a module-level client), so a
 * route test that scripts different server answers per test starts each test from the server.
 */
export function clearQueryCache(): void {
  queryClient.clear();
}

/** Asks the server again for every query under `queryKey`, as any view opening would. */
export function refetchQueries(queryKey: readonly unknown[]): Promise<void> {
  return queryClient.refetchQueries({ queryKey });
}
