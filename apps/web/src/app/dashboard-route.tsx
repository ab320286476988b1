import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportOffers } from '@/features/basket/components/report-offers';
import { DashboardPage } from '@/features/dashboard/pages/dashboard-page';
import { Spinner } from '@/components/ui/spinner';
import { useActiveProfileState } from '@/lib/active-profile';

// Its own chunk (the members feature's cards and dialogs, billing's subscription): the personal
// dashboard, most users' first screen, does not load it (issue 14, web budgets).
const OrganisationDashboardRoute = lazy(() => import('./organisation-dashboard-route').then((module) => ({ default: module.OrganisationDashboardRoute })));

/**
 * dashboard: what it shows follows the profile in use (issue 12). An organisation chosen in the
 * profile switcher shows that organisation's dashboard; the personal profile shows the dashboard
 * with the basket feature's report offers (a feature never imports another). While a remembered
 * organisation is being confirmed, neither: the personal one would flash.
 */
export function DashboardRoute() {
  const { t } = useTranslation();
  const { profile, pending } = useActiveProfileState();
  const loading = (
    <p role="status" className="mx-auto flex w-full max-w-6xl items-center gap-2 text-sm text-muted-foreground">
      <Spinner />
      {t('app.loading')}
    </p>
  );
  if (pending) return loading;
  if (profile.kind === 'organisation') {
    return (
      <Suspense fallback={loading}>
        <OrganisationDashboardRoute key={profile.organisation.id} organisation={profile.organisation} />
      </Suspense>
    );
  }
  return <DashboardPage offers={<ReportOffers />} />;
}
