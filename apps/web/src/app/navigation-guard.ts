import type { Account } from '@app/contract/account';
import { isRegistrationComplete } from '@app/contract/registration-status';

/**
 * Who may open a route (spec 2 route table):
 * - guest: guest-only (home, login, signup, forgot-password, reset-password)
 * - auth: logged in, registration may be unfinished (logout, signup-data, verify-email, verification.verify)
 * - app: logged in with finished registration (every other named route)
 * - public: anyone (NotFound, privacy policy, terms)
 */
export type RouteAccess = 'guest' | 'auth' | 'app' | 'public';

export type NavigationTarget = { pathname: string; access: RouteAccess };

export type NavigationSession = { isLoggedIn: boolean; user: Account | null };

export const loginPath = '/login';
export const dashboardPath = '/dashboard';
const settingsPath = '/settings';

/** The path to redirect to before showing `target`, or null to let the navigation through. */
export function resolveNavigation(target: NavigationTarget, session: NavigationSession): string | null {
  switch (target.access) {
    case 'public':
      return null;
    case 'guest':
      // spec 2: guest-only routes redirect logged-in users to /dashboard. A guest on '/' is sent to
      // /login by the route table's own redirect, not here.
      return session.isLoggedIn ? dashboardPath : null;
    case 'auth':
      return session.isLoggedIn ? null : loginPath;
    case 'app': {
      if (!session.isLoggedIn) return loginPath;
      const registered = session.user !== null && isRegistrationComplete(session.user);
      // spec 2 / spec 4: incomplete registration is confined to the dashboard and settings.
      if (registered || isAllowedWhileRegistering(target.pathname)) return null;
      return dashboardPath;
    }
  }
}

function isAllowedWhileRegistering(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === dashboardPath || path === settingsPath || path.startsWith(`${settingsPath}/`);
}
