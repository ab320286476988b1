import { lazy, Suspense } from 'react';
import { AppLogo } from '@/components/app-logo';
import { LoadingScreen } from '@/components/loading-screen';
import { isLoggedIn } from '@/lib/session-store';
import { useSession } from '@/lib/use-session';
import { NotFoundMessage } from './not-found-message';

// The app's frame (sidebar, header, query cache) loads only for a signed-in user's wrong link.
const SignedInNotFound = lazy(() => import('./signed-in-not-found').then((module) => ({ default: module.SignedInNotFound })));

/** Any path without a route, on its own (guests, and the error boundaries' 404). The home link sends each user where they belong. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-background px-4 py-12 text-center">
      <AppLogo />
      <NotFoundMessage />
    </main>
  );
}

/**
 * The NotFound route: open to everyone. A signed-in user stays in the app's frame (sidebar,
 * header), so that a wrong link does not feel like falling out of the product; a guest gets the
 * page on its own.
 */
export function NotFoundRoute() {
  const session = useSession();
  if (!isLoggedIn(session)) return <NotFoundPage />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInNotFound />
    </Suspense>
  );
}
