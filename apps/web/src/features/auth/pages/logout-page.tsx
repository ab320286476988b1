import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { routePath } from '@/lib/route-paths';
import { sessionStore } from '@/lib/session-store';
import { useNavigateTo } from '@/lib/use-navigate-to';

/**
 * Spec section 2: logs out, then goes to login; when the logout call fails the page stays and
 * shows why (the session is cleared either way, spec section 4).
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigateTo = useNavigateTo();
  const [error, setError] = useState<string | null>(null);
  // Once per visit: React's development double-mount must not log out twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Spec section 2: logging out clears the basket state: the basket is kept per user (its query
    // is keyed by the user, its chosen VAT country forgotten with the session), so nothing of it
    // reaches the next account.
    void sessionStore.logout().then((result) => {
      // 401: the session had already ended on the server (revoked, or its refresh failed), which
      // is what logging out asks for; only another failure keeps the user here.
      if (result.error && result.status !== 401) setError(result.error);
      else void navigateTo('login', { replace: true });
    });
  }, [navigateTo]);

  if (error) {
    return (
      <div className="flex flex-col gap-4 text-center">
        <h1 className="text-xl font-semibold tracking-tight">{t('pages.logout.failed')}</h1>
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
        <Link to={routePath('login')} className={buttonClassName({ className: 'w-full' })}>
          {t('pages.logout.continueToLogin')}
        </Link>
      </div>
    );
  }

  return (
    <div className="flex flex-col items-center gap-3 py-4 text-center">
      <h1 className="text-xl font-semibold tracking-tight">{t('pages.logout.heading')}</h1>
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('pages.logout.inProgress')}
      </p>
    </div>
  );
}
