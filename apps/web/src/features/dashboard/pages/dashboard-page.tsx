import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/use-session';

export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className="mx-auto w-full max-w-5xl space-y-2">
      <h1 className="text-2xl font-semibold tracking-tight">
        {user ? t('pages.dashboard.welcome', { name: user.name }) : t('pages.dashboard.title')}
      </h1>
      <p className="text-muted-foreground">{t('pages.dashboard.intro')}</p>
    </div>
  );
}
