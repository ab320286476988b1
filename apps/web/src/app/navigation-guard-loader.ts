import { redirect, type LoaderFunctionArgs } from 'react-router';
import { routePath } from '@/lib/route-paths';
import { returnPathParam } from '@/lib/return-path';
import { sessionStore } from '@/lib/session-store';
import { loginPath, resolveNavigation } from './navigation-guard';
import { accessForPath } from './routes';

/**
 * The one place the navigation guard runs: the root route's loader, which the router calls before
 * every navigation (the root route always revalidates). Spec section 2: the stored session is
 * restored first, then the route's access rule decides.
 */
export async function navigationGuardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  await sessionStore.restore();
  const { pathname, search } = new URL(request.url);
  const target = resolveNavigation(
    { pathname, access: accessForPath(pathname) },
    { isLoggedIn: sessionStore.isLoggedIn(), user: sessionStore.getSnapshot().user },
  );
  if (target === null || target === pathname) return null;
  // Only routes that need a login send a visitor to it (resolveNavigation).
  throw redirect(target === loginPath ? loginPathReturningTo(`${pathname}${search}`) : target);
}

/**
 * The login page, told to come back to `path` after logging in (a verification link opened
 * without a session). Not for the dashboard, where a login goes anyway, nor for the logout page,
 * which would end the session just started.
 */
function loginPathReturningTo(path: string): string {
  if (path === routePath('dashboard') || path === routePath('logout')) return loginPath;
  return routePath('login', {}, { [returnPathParam]: path });
}
