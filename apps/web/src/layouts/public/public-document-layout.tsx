import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppLogo } from '@/components/app-logo';
import { AppearanceSwitcher } from '@/components/appearance-switcher';
import { routePath } from '@/lib/route-paths';

/**
 * A readable column for long documents (privacy policy, terms) under the product's header, for
 * guests and signed-in users alike.
 */
export function PublicDocumentLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-muted dark:bg-background">
      <a
        href="#main-content"
        className="sr-only rounded-md bg-card px-3 py-2 text-sm font-medium shadow-md focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        {t('app.skipToContent')}
      </a>
      <header className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6 sm:py-4">
        <Link to={routePath('home')} className="rounded-md" aria-label={t('app.home', { name: t('app.name') })}>
          <AppLogo />
        </Link>
        <AppearanceSwitcher />
      </header>
      <main id="main-content" tabIndex={-1} className="flex-1 px-4 pt-2 pb-16 outline-none sm:px-6 sm:pt-4">
        <div className="mx-auto w-full max-w-3xl rounded-xl border bg-card px-5 py-8 text-card-foreground shadow-sm sm:px-10 sm:py-12">
          {children}
        </div>
      </main>
    </div>
  );
}
