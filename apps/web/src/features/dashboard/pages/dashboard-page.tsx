import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { hasReadyReport, useReports } from '@/lib/report-list';
import { useSession } from '@/lib/use-session';
import { useAssessmentResults } from '../api/get-assessment-results';
import { ResultsInWords } from '../components/results-in-words';
import { SignupProgressCard } from '../components/signup-progress-card';
import { assessmentsDone } from '../lib/signup-progress';
import '../dashboard-texts';

// recharts is large: its chunk loads only for users whose results exist.
const ResultsSummary = lazy(() => import('../components/results-summary').then((module) => ({ default: module.ResultsSummary })));

/**
 * The dashboard (spec 2): the signup progress steps; once every question is answered, a summary
 * of the results with charts, and the reports to buy. The last step, Reports, is done once one of
 * the user's reports is ready to read. The offers are the basket feature's, which the app gives
 * (`offers`): a feature never imports another.
 */
export function DashboardPage({ offers }: { offers?: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const complete = user !== null && assessmentsDone(user);
  // Asked again while a bought report is being made, so the step turns Completed on its own.
  const reports = useReports(user?.id ?? null);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">
          {user ? t('pages.dashboard.welcome', { name: user.name }) : t('pages.dashboard.title')}
        </h1>
        <p className="text-muted-foreground">{t('pages.dashboard.intro')}</p>
      </div>
      {user && <SignupProgressCard user={user} hasReadyReport={hasReadyReport(reports.data)} />}
      {user && complete && (
        <>
          <ResultsSection userId={user.id} unansweredQuestions={user.unanswered_questions} />
          {offers}
        </>
      )}
    </div>
  );
}

function ResultsSection({ userId, unansweredQuestions }: { userId: string; unansweredQuestions: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const results = useAssessmentResults(userId, unansweredQuestions);
  const loading = (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner />
      {t('dashboard.results.loading')}
    </p>
  );

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="space-y-1">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('dashboard.results.heading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('dashboard.results.description')}</p>
      </div>
      {results.isPending ? (
        loading
      ) : results.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <FormAlert className="flex-1">{t('dashboard.results.loadFailed')}</FormAlert>
          <Button variant="outline" onClick={() => void results.refetch()}>
            {t('dashboard.results.retry')}
          </Button>
        </div>
      ) : (
        <>
          <ResultsInWords results={results.data} />
          <Suspense fallback={loading}>
            <ResultsSummary results={results.data} />
          </Suspense>
        </>
      )}
    </section>
  );
}
