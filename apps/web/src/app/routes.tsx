import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import type { Crumb, PageHandle } from '@/lib/page-handle';
import { routePaths, type ParamlessRouteName, type RouteName } from '@/lib/route-paths';
import type { RouteAccess } from './navigation-guard';

// The route table: every route this build delivers, by its spec section 2 name (the path comes
// from lib/route-paths.ts), with who may open it, the layout that frames it, and what the page
// declares for the head and the breadcrumbs. Later issues add their pages here.

export type LayoutName = 'auth' | 'app' | 'settings';

interface RouteBase extends PageHandle {
  name: RouteName;
  access: RouteAccess;
}

export interface PageRoute extends RouteBase {
  layout: LayoutName;
  /** Loaded on first visit (code splitting): the login page must not carry the whole app. */
  page: () => Promise<ComponentType>;
}

export interface RedirectRoute extends RouteBase {
  redirect: (session: { isLoggedIn: boolean }) => ParamlessRouteName;
}

export type AppRoute = PageRoute | RedirectRoute;

export function isPageRoute(route: AppRoute): route is PageRoute {
  return 'page' in route;
}

export function isRedirectRoute(route: AppRoute): route is RedirectRoute {
  return 'redirect' in route;
}

const settingsCrumb: Crumb = { titleKey: 'breadcrumbs.settings', to: 'profile.edit' };

export const appRoutes: readonly AppRoute[] = [
  // Spec: '/' goes to /dashboard when logged in, otherwise to /login.
  { name: 'home', access: 'guest', redirect: ({ isLoggedIn }) => (isLoggedIn ? 'dashboard' : 'login') },
  {
    name: 'login',
    access: 'guest',
    layout: 'auth',
    titleKey: 'pages.login.title',
    page: () => import('@/features/auth/pages/login-page').then((module) => module.LoginPage),
  },
  {
    name: 'logout',
    access: 'auth',
    layout: 'auth',
    titleKey: 'pages.logout.title',
    page: () => import('@/features/auth/pages/logout-page').then((module) => module.LogoutPage),
  },
  {
    name: 'dashboard',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.dashboard.title',
    breadcrumbs: [{ titleKey: 'breadcrumbs.dashboard' }],
    page: () => import('@/features/dashboard/pages/dashboard-page').then((module) => module.DashboardPage),
  },
  // Spec: '/settings' goes to /settings/profile.
  { name: '(settings)', access: 'app', redirect: () => 'profile.edit' },
  {
    name: 'profile.edit',
    access: 'app',
    layout: 'settings',
    titleKey: 'pages.profile.title',
    breadcrumbs: [settingsCrumb, { titleKey: 'breadcrumbs.profile' }],
    page: () => import('@/features/settings/pages/profile-page').then((module) => module.ProfilePage),
  },
  {
    name: 'appearance',
    access: 'app',
    layout: 'settings',
    titleKey: 'pages.appearance.title',
    breadcrumbs: [settingsCrumb, { titleKey: 'breadcrumbs.appearance' }],
    page: () => import('@/features/settings/pages/appearance-page').then((module) => module.AppearancePage),
  },
];

/** Any path no route matches: a real page that anyone may see. */
export const notFoundRoute = {
  name: 'NotFound',
  access: 'public',
  titleKey: 'notFound.title',
} as const satisfies PageHandle & { name: string; access: RouteAccess };

/** The route table's entry for a URL path, or undefined when the NotFound page answers it. */
export function findRoute(pathname: string): AppRoute | undefined {
  return appRoutes.find((route) => matchPath({ path: routePaths[route.name], end: true }, pathname) !== null);
}

/** Who may open a URL path: its route's rule, or 'public' for NotFound. */
export function accessForPath(pathname: string): RouteAccess {
  return findRoute(pathname)?.access ?? notFoundRoute.access;
}
