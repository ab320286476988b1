import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GuestHeader } from '@/components/guest-header';
import { routePath } from '@/lib/route-paths';

/** A centred card under the product's name, with the appearance switcher in the corner. */
export function AuthSimpleLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-muted dark:bg-background">
      <GuestHeader />
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:items-center sm:px-6 sm:pt-0">
        <div className="w-full max-w-md rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">{children}</div>
      </main>
      <footer className="flex justify-center gap-5 px-4 pb-6 text-xs text-muted-foreground">
        <Link to={routePath('privacy-policy')} className="rounded-sm underline-offset-4 hover:text-foreground hover:underline">
          {t('auth.privacyPolicy')}
        </Link>
        <Link to={routePath('terms-of-service')} className="rounded-sm underline-offset-4 hover:text-foreground hover:underline">
          {t('auth.termsOfService')}
        </Link>
      </footer>
    </div>
  );
}
