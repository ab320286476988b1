import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from './query-client';

/**
 * Gives the routes below it TanStack Query. A route of its own, loaded lazily, so that pages
 * without server data (login) do not carry the query library; the cache is one module-level
 * client, shared by every subtree that mounts this route.
 */
export function QueryProviderRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
