import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppLogo } from '@/components/app-logo';
import { buttonClassName } from '@/components/ui/button';
import { routePath } from '@/lib/route-paths';

/** Any path without a route. Open to everyone; the home link sends each user where they belong. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-background px-4 py-12 text-center">
      <AppLogo />
      <div className="max-w-md space-y-2">
        <p className="text-sm font-semibold text-primary">{t('notFound.code')}</p>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('notFound.title')}</h1>
        <p className="text-muted-foreground">{t('notFound.message')}</p>
      </div>
      <Link to={routePath('home')} className={buttonClassName()}>
        {t('notFound.home')}
      </Link>
    </main>
  );
}
