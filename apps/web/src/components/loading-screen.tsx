import { useTranslation } from 'react-i18next';
import { Spinner } from './ui/spinner';

/** Shown while the session is restored at start-up and while the first route loads. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background">
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-5" />
        {t('app.loading')}
      </p>
    </main>
  );
}
