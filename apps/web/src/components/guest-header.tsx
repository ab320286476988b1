import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '@/lib/route-paths';
import { AppLogo } from './app-logo';
import { AppearanceSwitcher } from './appearance-switcher';

/** The header of the pages outside the app shell (auth, legal): the product's name home, the appearance switcher. */
export function GuestHeader() {
  const { t } = useTranslation();
  return (
    <header className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6 sm:py-4">
      <Link to={routePath('home')} className="rounded-md" aria-label={t('app.home', { name: t('app.name') })}>
        <AppLogo />
      </Link>
      <AppearanceSwitcher />
    </header>
  );
}
