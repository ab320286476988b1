import { ChartColumn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SectionErrorBoundary } from '@/components/section-error-boundary';
import { Button, buttonClassName } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { useOrganisation } from '@/lib/organisation-details';
import { usePageValue } from '@/lib/page-values';
import { statusOf } from '@/lib/request-refusal';
import { routePath } from '@/lib/route-paths';
import { GroupMinimumSection } from '../components/group-minimum-section';
import { OverviewSection } from '../components/overview-section';
import { OwnConsentSection } from '../components/own-consent-section';
import { SharedOrganisationInsights } from '../components/shared-organisation-insights';
import { SharedResultsSection } from '../components/shared-results-section';
import { TeamReportSection } from '../components/team-report-section';
import '../team-insights-texts';

/**
 * organization.insights (issue 13): the team overview for every member; for owners and admins the
 * group minimum and its log, and for a business's owners and admins the members who share their
 * individual results. The viewer's own choice of what the organisation sees is here too.
 */
export function TeamInsightsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const organisation = useOrganisation(id);
  usePageValue('organisationName', organisation.data?.name);

  if (organisation.isPending) {
    return (
      <p role="status" className="mx-auto flex w-full max-w-5xl items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('app.loading')}
      </p>
    );
  }
  if (organisation.isError) {
    const notFound = statusOf(organisation.error) === 404;
    // Not a member: the viewer may still see it through their own organisation (a client shared with their HC expert organisation).
    if (notFound) return <SharedOrganisationInsights organisationId={id} />;
    return (
      <div className="mx-auto w-full max-w-xl">
        <FormAlert>
          <p>{notFound ? t('teamInsights.notFound') : t('teamInsights.loadFailed')}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {!notFound && (
              <Button variant="outline" size="sm" onClick={() => void organisation.refetch()}>
                {t('teamInsights.retry')}
              </Button>
            )}
            <Link to={routePath('dashboard')} className={buttonClassName({ variant: 'outline', size: 'sm' })}>
              {t('teamInsights.toDashboard')}
            </Link>
          </div>
        </FormAlert>
      </div>
    );
  }

  const { name, role, type } = organisation.data;
  const manager = role !== 'member';
  return (
    <div className="mx-auto w-full max-w-5xl space-y-8">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <ChartColumn aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('teamInsights.heading')}</h1>
          <p className="text-muted-foreground">{t('teamInsights.description', { organisation: name })}</p>
        </div>
      </div>

      <SectionErrorBoundary fallback={(retry) => <SectionFailed retry={retry} />}>
        <OverviewSection organisationId={id} />
      </SectionErrorBoundary>

      <SectionErrorBoundary fallback={(retry) => <SectionFailed retry={retry} />}>
        <TeamReportSection organisationId={id} organisationName={name} />
      </SectionErrorBoundary>

      {manager && type === 'business' && (
        <SectionErrorBoundary fallback={(retry) => <SectionFailed retry={retry} />}>
          <SharedResultsSection organisationId={id} />
        </SectionErrorBoundary>
      )}

      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <SectionErrorBoundary fallback={(retry) => <SectionFailed retry={retry} />}>
          <OwnConsentSection organisationId={id} />
        </SectionErrorBoundary>
        {manager && (
          <SectionErrorBoundary fallback={(retry) => <SectionFailed retry={retry} />}>
            <GroupMinimumSection organisationId={id} />
          </SectionErrorBoundary>
        )}
      </div>
    </div>
  );
}

/** A section that failed to draw: the rest of the page keeps working. */
function SectionFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <FormAlert>
      <p>{t('teamInsights.sectionFailed')}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={retry}>
        {t('teamInsights.retry')}
      </Button>
    </FormAlert>
  );
}
