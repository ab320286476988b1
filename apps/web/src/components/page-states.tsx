import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { routePath } from '@/lib/route-paths';
import { cn } from '@/lib/utils';

// A page's (or a section's) two states before its content: loading, and failed to load.

/** 'Loading…' (or what `label` says is loading) with a spinner, read out as a status. */
export function Loading({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <p role="status" className={cn('flex items-center gap-2 text-sm text-muted-foreground', className)}>
      <Spinner />
      {label ?? t('app.loading')}
    </p>
  );
}

/** A page or section that could not load: why, and a retry unless it is gone for good (then the way to the dashboard). */
export function LoadFailed({ message, retry, className }: { message: string; retry?: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <FormAlert className={className}>
      <p>{message}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {retry && (
          <Button variant="outline" size="sm" onClick={retry}>
            {t('global.tryAgain')}
          </Button>
        )}
        {!retry && (
          <Link to={routePath('dashboard')} className={buttonClassName({ variant: 'outline', size: 'sm' })}>
            {t('breadcrumbs.dashboard')}
          </Link>
        )}
      </div>
    </FormAlert>
  );
}
