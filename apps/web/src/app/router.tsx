import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { routePath, routePaths } from '@/lib/route-paths';
import { inNextTask } from '@/lib/next-task';
import { sessionStore } from '@/lib/session-store';
import { navigationGuardLoader } from './navigation-guard-loader';
import { RootRoute } from './root-route';
import { RouteErrorBoundary } from './route-error-boundary';
import { NotFoundRoute } from './not-found-page';
import { appRoutes, isPageRoute, isRedirectRoute, notFoundRoute, type LayoutName, type PageRoute, type RedirectRoute } from './routes';

// Turns the route table (routes.tsx) into React Router's route objects: the root route runs the
// guard, layouts and pages load lazily, and every level has its own error boundary. A lazy part
// resolves a task after its code was evaluated, so that evaluation and the render that follows are
// two tasks, not one long one (lib/next-task.ts).

function pageRouteObject(route: PageRoute): RouteObject {
  const { name, access, titleKey, descriptionKey, breadcrumbs, page } = route;
  return {
    id: name,
    path: routePaths[name],
    handle: { name, access, titleKey, descriptionKey, breadcrumbs },
    errorElement: <RouteErrorBoundary />,
    lazy: { Component: () => page().then(inNextTask) },
  };
}

function RedirectingRoute() {
  return null;
}

function redirectRouteObject(route: RedirectRoute): RouteObject {
  return {
    id: route.name,
    path: routePaths[route.name],
    handle: { name: route.name, access: route.access },
    // Never shown (the loader always redirects); declared so the router knows the route is a leaf.
    Component: RedirectingRoute,
    loader: async () => {
      // The guard restores the session in parallel; wait for the same restore before deciding.
      await sessionStore.restore();
      return redirect(routePath(route.redirect({ isLoggedIn: sessionStore.isLoggedIn() })));
    },
  };
}

function pagesIn(layout: LayoutName): RouteObject[] {
  return appRoutes.filter(isPageRoute).filter((route) => route.layout === layout).map(pageRouteObject);
}

export function createAppRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootRoute />,
      errorElement: <RouteErrorBoundary variant="root" />,
      hydrateFallbackElement: <LoadingScreen />,
      loader: navigationGuardLoader,
      // The guard must see every navigation, not only the first (spec section 2).
      shouldRevalidate: () => true,
      children: [
        ...appRoutes.filter(isRedirectRoute).map(redirectRouteObject),
        {
          id: 'layout:auth',
          errorElement: <RouteErrorBoundary variant="root" />,
          lazy: { Component: () => import('@/layouts/auth-layout').then((module) => inNextTask(module.AuthLayout)) },
          children: pagesIn('auth'),
        },
        {
          id: 'layout:public',
          errorElement: <RouteErrorBoundary variant="root" />,
          lazy: { Component: () => import('@/layouts/public-layout').then((module) => inNextTask(module.PublicLayout)) },
          children: pagesIn('public'),
        },
        {
          id: 'layout:session',
          errorElement: <RouteErrorBoundary variant="root" />,
          lazy: { Component: () => import('./session-layout-route').then((module) => inNextTask(module.SessionLayoutRoute)) },
          children: pagesIn('session'),
        },
        {
          id: 'queries',
          lazy: { Component: () => import('./query-provider-route').then((module) => inNextTask(module.QueryProviderRoute)) },
          children: [
            {
              id: 'layout:app',
              errorElement: <RouteErrorBoundary variant="root" />,
              lazy: { Component: () => import('./app-shell-route').then((module) => inNextTask(module.AppShellRoute)) },
              children: [
                ...pagesIn('app'),
                {
                  id: 'layout:settings',
                  errorElement: <RouteErrorBoundary />,
                  lazy: { Component: () => import('@/layouts/settings/layout').then((module) => inNextTask(module.SettingsLayout)) },
                  children: pagesIn('settings'),
                },
              ],
            },
          ],
        },
        {
          id: notFoundRoute.name,
          path: '*',
          handle: notFoundRoute,
          // Not lazy: the error boundaries show its guest page too, so it is in the main bundle
          // anyway; a signed-in user's framed page loads the app's shell on demand.
          Component: NotFoundRoute,
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}
