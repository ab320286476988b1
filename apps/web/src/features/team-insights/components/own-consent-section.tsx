import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { routePath } from '@/lib/route-paths';
import { useConsent } from '../api/consents';
import { ConsentChoice } from './consent-choice';

/** The viewer's own choice for this organisation, beside its overview; every organisation's is in Settings › Organisations. */
export function OwnConsentSection({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const consent = useConsent(organisationId);
  return (
    <div className="space-y-2">
      {consent.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t('app.loading')}
        </p>
      ) : consent.isError ? (
        <FormAlert>
          <p>{consent.error.message || t('teamInsights.loadFailed')}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void consent.refetch()}>
            {t('teamInsights.retry')}
          </Button>
        </FormAlert>
      ) : (
        <ConsentChoice consent={consent.data} heading={t('teamInsights.consent.ownHeading')} />
      )}
      <p className="text-sm">
        <Link to={routePath('organisations.consent')} className="font-medium text-primary underline-offset-4 hover:underline">
          {t('teamInsights.consent.allOrganisations')}
        </Link>
      </p>
    </div>
  );
}
