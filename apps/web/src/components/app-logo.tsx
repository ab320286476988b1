import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { AppLogoIcon } from './app-logo-icon';

/** The product's mark and name, as the sidebar and the auth pages show it. */
export function AppLogo({ className, showName = true }: { className?: string; showName?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={cn('flex items-center gap-2', className)}>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <AppLogoIcon className="size-5" />
      </span>
      <span className={cn('truncate text-base font-semibold tracking-tight', !showName && 'sr-only')}>{t('app.name')}</span>
    </span>
  );
}
