import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { routePath } from '@/lib/route-paths';
import { useConsents } from '../api/consents';
import { ConsentChoice } from '../components/consent-choice';
import '../team-insights-texts';

/**
 * Settings › Organisations (issue 13): every organisation the user belongs to, with what it may see
 * of their results (aggregate only until they choose otherwise) and who sees what.
 */
export function OrganisationConsentsPage() {
  const { t } = useTranslation();
  const consents = useConsents();

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">{t('teamInsights.consents.heading')}</h2>
        <p className="text-sm text-muted-foreground">{t('teamInsights.consents.description')}</p>
      </div>
      {consents.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t('app.loading')}
        </p>
      ) : consents.isError ? (
        <FormAlert>
          <p>{t('teamInsights.loadFailed')}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void consents.refetch()}>
            {t('teamInsights.retry')}
          </Button>
        </FormAlert>
      ) : consents.data.length === 0 ? (
        <div className="rounded-xl border border-dashed p-6 text-sm">
          <p>{t('teamInsights.consents.none')}</p>
          <Link to={routePath('organization.create')} className={buttonClassName({ variant: 'outline', size: 'sm', className: 'mt-3' })}>
            {t('teamInsights.consents.create')}
          </Link>
        </div>
      ) : (
        consents.data.map((consent) => <ConsentChoice key={consent.organisation_id} consent={consent} headingLevel={3} />)
      )}
    </div>
  );
}
