import { QueryClientProvider } from '@tanstack/react-query';
import { AppShellRoute } from './app-shell-route';
import { NotFoundMessage } from './not-found-message';
import { queryClient } from './query-client';

/** The NotFound page inside the signed-in app's shell: the same frame, cache and overlays as every app page. */
export function SignedInNotFound() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppShellRoute>
        <div className="flex flex-col items-center justify-center gap-6 py-16 text-center">
          <NotFoundMessage framed />
        </div>
      </AppShellRoute>
    </QueryClientProvider>
  );
}
