import { ChartColumn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { statusOf } from '@/lib/request-refusal';
import { routePath } from '@/lib/route-paths';
import { useSharedMembers } from '../api/shared-results';
import { useTeamOverview } from '../api/team-overview';
import { useOverviewFilter } from '../lib/use-overview-filter';
import { OverviewSection } from './overview-section';
import { SharedResultsSection } from './shared-results-section';
import { TeamReportSection } from './team-report-section';

/**
 * Team insights of an organisation the viewer is not a member of but may see through another
 * organisation (issue 13: a client shared with the viewer's Human Capital Expert organisation).
 * The server decides what that relation shows: the team overview (and the team report's editions)
 * when it answers, the consenting members when their list answers; with no relation at all both are 404 and the page says the
 * organisation was not found, as for a stranger.
 */
export function SharedOrganisationInsights({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const [filter] = useOverviewFilter();
  const overview = useTeamOverview(organisationId, filter);
  const shared = useSharedMembers(organisationId, true);

  if (overview.isPending || shared.isPending) {
    return (
      <p role="status" className="mx-auto flex w-full max-w-5xl items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('app.loading')}
      </p>
    );
  }
  const showsOverview = statusOf(overview.error) !== 403;
  // Whose organisation it is, from the overview (a share without aggregates does not say).
  const name = overview.data?.organisation_name ?? null;
  const showsShared = !shared.isError;
  if (statusOf(overview.error) === 404 && statusOf(shared.error) === 404) {
    return (
      <div className="mx-auto w-full max-w-xl">
        <FormAlert>
          <p>{t('teamInsights.notFound')}</p>
          <div className="mt-3">
            <Link to={routePath('dashboard')} className={buttonClassName({ variant: 'outline', size: 'sm' })}>
              {t('teamInsights.toDashboard')}
            </Link>
          </div>
        </FormAlert>
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-5xl space-y-8">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <ChartColumn aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('teamInsights.heading')}</h1>
          {name && <p className="text-muted-foreground">{name}</p>}
        </div>
      </div>
      {showsOverview && <OverviewSection organisationId={organisationId} />}
      {name && <TeamReportSection organisationId={organisationId} organisationName={name} />}
      {showsShared && <SharedResultsSection organisationId={organisationId} />}
    </div>
  );
}
