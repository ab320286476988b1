import { lazy, Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { LoadingScreen } from '@/components/loading-screen';
import { AuthLayout } from '@/layouts/auth-layout';
import { isLoggedIn } from '@/lib/session-store';
import { useSession } from '@/lib/use-session';
import { queryClient } from './query-client';

// The app's frame (sidebar, header, overlays) loads only for a signed-in user.
const AppShellRoute = lazy(() => import('./app-shell-route').then((module) => ({ default: module.AppShellRoute })));

/**
 * The layout of a page that both a guest and a signed-in user may open (the invitation link): the
 * auth layout's card for a guest, who is offered to log in or sign up; the signed-in app's shell,
 * with its query cache, overlays and verification banner, for a user. It follows the session, so
 * a logout on the page changes the frame at once.
 */
export function SessionLayoutRoute() {
  const session = useSession();
  if (!isLoggedIn(session)) return <AuthLayout />;
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<LoadingScreen />}>
        <AppShellRoute />
      </Suspense>
    </QueryClientProvider>
  );
}
