import { useDeferredValue, useEffect, useState } from 'react';
// From 'react-router' rather than 'react-router/dom': that one only adds ReactDOM.flushSync for
// navigate({ flushSync }), unused here, and under Node (tests) it loads a second copy of the router.
import { RouterProvider } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { subscribeSessionExpired } from '@/lib/http-client';
import { useSession } from '@/lib/use-session';
import { createAppRouter } from './router';

function AppRouter() {
  // Created once the session is known, so the first navigation's guard sees the restored user.
  const [router] = useState(createAppRouter);

  // A refresh failed and the session is gone: the guard moves the user to login, and the login
  // page says why (lib/session-expired-notice.ts).
  useEffect(
    () =>
      subscribeSessionExpired(() => {
        void router.revalidate();
      }),
    [router],
  );

  return <RouterProvider router={router} />;
}

/** Spec section 4: the session is restored before the app is shown. */
export function App() {
  const { status } = useSession();
  // The session store's change renders synchronously; deferred, the first render of the routes
  // (layouts and page at once) runs as a transition that React cuts into short slices, so a slow
  // phone's main thread is never blocked for long by it (Lighthouse's total blocking time).
  const shownStatus = useDeferredValue(status);
  return shownStatus === 'restoring' ? <LoadingScreen /> : <AppRouter />;
}
