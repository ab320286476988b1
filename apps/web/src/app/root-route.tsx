import { Outlet, ScrollRestoration } from 'react-router';
import { DocumentHead } from './document-head';
import { NavigationProgress } from './navigation-progress';

/** The root of every page: head tags, the loading bar, scroll restoration, then the layout. */
export function RootRoute() {
  return (
    <>
      <DocumentHead />
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
