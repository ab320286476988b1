import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { routePath } from '@/lib/route-paths';

/** The 404 text and the way back: home for a guest, the dashboard inside the app's frame. */
export function NotFoundMessage({ framed = false }: { framed?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="max-w-md space-y-2">
        <p className="text-sm font-semibold text-primary">{t('notFound.code')}</p>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('notFound.title')}</h1>
        <p className="text-muted-foreground">{t('notFound.message')}</p>
      </div>
      <Link to={routePath(framed ? 'dashboard' : 'home')} className={buttonClassName()}>
        {framed ? t('notFound.dashboard') : t('notFound.home')}
      </Link>
    </>
  );
}
