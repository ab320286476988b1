import { useEffect, useState } from 'react';
// From 'react-router' rather than 'react-router/dom': that one only adds ReactDOM.flushSync for
// navigate({ flushSync }), unused here, and under Node (tests) it loads a second copy of the router.
import { RouterProvider } from 'react-router';
import { subscribeSessionExpired } from '@/lib/http-client';
import { createAppRouter } from './router';

/**
 * Spec section 4: the session is restored before the app is shown. The router starts at once, in
 * parallel with the restore: its first navigation loads the layouts' and the page's code while
 * the user's answer is on its way, and its guard (the root route's loader) waits for the restore
 * before deciding, so the page shows only then (the root route's loading screen meanwhile).
 */
export function App() {
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
