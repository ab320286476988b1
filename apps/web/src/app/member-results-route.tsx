import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { MemberResultsPage } from '@/features/team-insights/pages/member-results-page';

// The personal dashboard's results summary, with its texts, in its own chunk (recharts is large):
// a consenting member's results look to their organisation's owners and admins as they look to them.
const ResultsSummary = lazy(() =>
  Promise.all([import('@/features/dashboard/components/results-summary'), import('@/features/dashboard/dashboard-texts')]).then(([module]) => ({ default: module.ResultsSummary })),
);

/** organization.member-results (issue 13): the team-insights feature's page around the dashboard feature's results summary. */
export function MemberResultsRoute() {
  const { t } = useTranslation();
  return (
    <MemberResultsPage
      renderResults={(results) => (
        <Suspense
          fallback={
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner />
              {t('app.loading')}
            </p>
          }
        >
          <ResultsSummary results={results} />
        </Suspense>
      )}
    />
  );
}
