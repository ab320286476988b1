import { ActiveOrganisationContext } from '@/components/active-organisation-context';
import { ReportOffers } from '@/features/basket/components/report-offers';
import { DashboardPage } from '@/features/dashboard/pages/dashboard-page';

/**
 * dashboard: the dashboard with the basket feature's report offers (a feature never imports
 * another), under the organisation the user works as, if one is chosen (issue 12).
 */
export function DashboardRoute() {
  return (
    <>
      <ActiveOrganisationContext />
      <DashboardPage offers={<ReportOffers />} />
    </>
  );
}
