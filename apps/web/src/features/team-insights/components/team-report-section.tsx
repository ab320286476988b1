import { teamReportApiPaths } from '@app/contract/api-paths';
import type { TeamReportItem } from '@app/contract/team-report';
import { CircleCheck, CircleX, Download, FileText, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClassName } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { Spinner } from '@/components/ui/spinner';
import { statusOf } from '@/lib/request-refusal';
import { cn } from '@/lib/utils';
import { useCreateTeamReport, useDownloadTeamReport, useRetryTeamReport, useTeamReports } from '../api/team-report';
import { formatDate } from '../lib/format';
import '../team-report-texts';

const tone = {
  ready: 'bg-emerald-600/10 text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300',
  generating: 'bg-primary/10 text-primary',
  pending: 'bg-primary/10 text-primary',
  failed: 'bg-destructive/10 text-destructive',
} as const;

/**
 * The team report (issue 13): for owners and admins of an organisation whose subscription includes
 * the team service, 'Create team report' and each edition's state (being generated, ready with
 * Download PDF, failed with Try again); members see the editions to download. Nothing is shown to
 * whoever has neither.
 */
export function TeamReportSection({ organisationId, organisationName }: { organisationId: string; organisationName: string }) {
  const { t } = useTranslation();
  const reports = useTeamReports(organisationId);
  const create = useCreateTeamReport(organisationId);

  if (reports.isPending) return null;
  if (reports.isError) {
    // A viewer who may not see the team overview has no team report either: nothing to show.
    const status = statusOf(reports.error);
    if (status === 403 || status === 404) return null;
    return (
      <FormAlert>
        <p>{t('teamReport.loadFailed')}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void reports.refetch()}>
          {t('teamReport.retry')}
        </Button>
      </FormAlert>
    );
  }
  const { can_create: canCreate, reports: editions } = reports.data;
  if (!canCreate && editions.length === 0) return null;
  const making = editions.some((report) => report.status === 'pending' || report.status === 'generating');

  return (
    <section aria-labelledby="team-report-heading" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <FileText aria-hidden="true" className="size-4.5" />
          </span>
          <div className="min-w-0 space-y-1">
            <h2 id="team-report-heading" className="text-lg font-semibold">
              {t('teamReport.heading')}
            </h2>
            <p className="max-w-prose text-sm text-muted-foreground">{t('teamReport.description', { organisation: organisationName })}</p>
          </div>
        </div>
        {canCreate && (
          <PendingButton pending={create.isPending} pendingLabel={t('teamReport.creating')} disabled={making} onClick={() => create.mutate()}>
            {t('teamReport.create')}
          </PendingButton>
        )}
      </div>
      {create.isError && <FormAlert className="mt-4">{create.error.message}</FormAlert>}
      {editions.length > 0 ? (
        <ul className="mt-4 grid gap-2" aria-label={t('teamReport.editions')}>
          {editions.map((report) => (
            <Edition key={report.id} organisationId={organisationId} report={report} canRetry={canCreate} />
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-muted-foreground">{t('teamReport.none')}</p>
      )}
    </section>
  );
}

function Edition({ organisationId, report, canRetry }: { organisationId: string; report: TeamReportItem; canRetry: boolean }) {
  const { t } = useTranslation();
  const retry = useRetryTeamReport(organisationId);
  const download = useDownloadTeamReport(organisationId);
  const Icon = report.status === 'ready' ? CircleCheck : report.status === 'failed' ? CircleX : LoaderCircle;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border px-4 py-3">
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium">{t('teamReport.edition', { edition: report.edition })}</span>
        <span className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap', tone[report.status])}>
          <Icon aria-hidden="true" className={cn('size-3.5', report.status !== 'ready' && report.status !== 'failed' && 'animate-spin')} />
          {t(`teamReport.status.${report.status}`)}
        </span>
        <span className="text-sm text-muted-foreground">
          {t('teamReport.created', { date: formatDate(report.created_at) })}
          {report.page_count !== null && <> · {t('teamReport.pages', { count: report.page_count })}</>}
        </span>
        {report.status === 'failed' && <span className="w-full text-sm text-destructive">{retry.isError ? retry.error.message : t('teamReport.failedNote')}</span>}
      </div>
      {report.status === 'ready' && (
        <span className="inline-flex flex-col items-end gap-1">
          <a
            href={teamReportApiPaths.pdf(organisationId, report.id)}
            download
            aria-label={t('teamReport.downloadLabel', { edition: report.edition })}
            aria-disabled={download.isPending || undefined}
            className={cn(buttonClassName({ variant: 'outline', size: 'sm' }), download.isPending && 'pointer-events-none opacity-60')}
            onClick={(event) => {
              event.preventDefault();
              if (!download.isPending) download.mutate(report);
            }}
          >
            {download.isPending ? <Spinner /> : <Download aria-hidden="true" />}
            {download.isPending ? t('teamReport.downloading') : t('teamReport.download')}
          </a>
          {download.isError && (
            <span role="alert" className="text-xs font-medium text-destructive">
              {t('teamReport.downloadFailed')}
            </span>
          )}
        </span>
      )}
      {report.status === 'failed' && canRetry && (
        <PendingButton variant="outline" size="sm" pending={retry.isPending} pendingLabel={t('teamReport.tryAgain')} onClick={() => retry.mutate(report.id)}>
          {t('teamReport.tryAgain')}
        </PendingButton>
      )}
    </li>
  );
}
