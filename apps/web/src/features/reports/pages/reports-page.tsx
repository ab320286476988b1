import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { useReports } from '@/lib/report-list';
import { useSession } from '@/lib/use-session';
import { ReportCard } from '../components/report-card';
import { ReportsEmptyState } from '../components/reports-empty-state';
import '../reports-texts';

/**
 * reports (spec 2 and 3): every report the user bought, newest first. A report being made turns
 * ready here without a reload (the list asks again while one is on its way).
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const reports = useReports(user?.id ?? null);

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('reports.list.heading')}</h1>
        <p className="text-muted-foreground">{t('reports.list.description')}</p>
      </div>
      {reports.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t('reports.list.loading')}
        </p>
      ) : reports.isError && !reports.data ? (
        <FormAlert>
          <p>{t('reports.list.loadFailed')}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void reports.refetch()}>
            {t('reports.list.retry')}
          </Button>
        </FormAlert>
      ) : reports.data.length === 0 ? (
        <ReportsEmptyState />
      ) : (
        <ul aria-label={t('reports.list.heading')} className="grid gap-4 md:grid-cols-2">
          {reports.data.map((report) => (
            <li key={report.id}>
              <ReportCard report={report} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
