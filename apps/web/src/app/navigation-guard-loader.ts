import { redirect, type LoaderFunctionArgs } from 'react-router';
import { sessionStore } from '@/lib/session-store';
import { resolveNavigation } from './navigation-guard';
import { accessForPath } from './routes';

/**
 * The one place the navigation guard runs: the root route's loader, which the router calls before
 * every navigation (the root route always revalidates). Spec section 2: the stored session is
 * restored first, then the route's access rule decides.
 */
export async function navigationGuardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  await sessionStore.restore();
  const { pathname } = new URL(request.url);
  const target = resolveNavigation(
    { pathname, access: accessForPath(pathname) },
    { isLoggedIn: sessionStore.isLoggedIn(), user: sessionStore.getSnapshot().user },
  );
  if (target !== null && target !== pathname) throw redirect(target);
  return null;
}
