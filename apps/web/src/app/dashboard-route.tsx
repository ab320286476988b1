import { useTranslation } from 'react-i18next';
import { ReportOffers } from '@/features/basket/components/report-offers';
import { DashboardPage } from '@/features/dashboard/pages/dashboard-page';
import { Spinner } from '@/components/ui/spinner';
import { useActiveProfileState } from '@/lib/active-profile';
import { OrganisationDashboardRoute } from './organisation-dashboard-route';

/**
 * dashboard: what it shows follows the profile in use (issue 12). An organisation chosen in the
 * profile switcher shows that organisation's dashboard; the personal profile shows the dashboard
 * with the basket feature's report offers (a feature never imports another). While a remembered
 * organisation is being confirmed, neither: the personal one would flash.
 */
export function DashboardRoute() {
  const { t } = useTranslation();
  const { profile, pending } = useActiveProfileState();
  if (pending) {
    return (
      <p role="status" className="mx-auto flex w-full max-w-6xl items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('app.loading')}
      </p>
    );
  }
  if (profile.kind === 'organisation') return <OrganisationDashboardRoute key={profile.organisation.id} organisation={profile.organisation} />;
  return <DashboardPage offers={<ReportOffers />} />;
}
