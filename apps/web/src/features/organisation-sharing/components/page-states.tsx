import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { routePath } from '@/lib/route-paths';

export function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner />
      {t('app.loading')}
    </p>
  );
}

/** A page or section that could not load: why, and a retry unless it is gone for good. */
export function LoadFailed({ message, retry }: { message: string; retry?: () => void }) {
  const { t } = useTranslation();
  return (
    <FormAlert>
      <p>{message}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {retry && (
          <Button variant="outline" size="sm" onClick={retry}>
            {t('organisationSharing.retry')}
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
