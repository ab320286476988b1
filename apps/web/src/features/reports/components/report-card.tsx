import type { ReportListItem } from '@app/contract/reports';
import { Eye, FileText, RotateCw, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { accentClass } from '@/lib/assessment-accent';
import { routePath } from '@/lib/route-paths';
import { cn } from '@/lib/utils';
import { useRetryReport } from '../api/retry-report';
import { formatDate } from '../lib/format';
import { DownloadPdfLink } from './download-pdf-link';
import { displayStatus, ReportStatusBadge, useWaitingForText } from './report-status';

/**
 * One report of the list (spec 3, Report): title, generated date, page count, purchased date, its
 * state, 'New purchase' until first opened; View and Download PDF once ready, Try again once failed.
 */
export function ReportCard({ report }: { report: ReportListItem }) {
  const { t } = useTranslation();
  const titleId = useId();
  const retry = useRetryReport();
  const status = displayStatus(report);
  const waitingText = useWaitingForText(report.waiting_for);
  const ready = report.status === 'ready';

  return (
    <article
      aria-labelledby={titleId}
      className={cn('flex h-full flex-col gap-4 rounded-xl border border-t-4 border-t-assessment bg-card p-5 shadow-sm', accentClass(report.type), report.is_new && ready && 'border-primary/40 ring-1 ring-primary/20')}
    >
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-assessment-soft text-assessment">
          <FileText className="size-5" />
        </span>
        <div className="min-w-0 flex-1 space-y-1.5">
          <h2 id={titleId} className="leading-snug font-semibold">
            {report.title}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <ReportStatusBadge report={report} />
            {report.is_new && (
              <span className="inline-flex items-center gap-1 rounded-full bg-primary px-2.5 py-0.5 text-xs font-medium text-primary-foreground">
                <Sparkles aria-hidden="true" className="size-3" />
                {t('reports.list.newPurchase')}
              </span>
            )}
            {report.edition > 1 && <span className="text-xs text-muted-foreground">{t('reports.list.edition', { edition: report.edition })}</span>}
          </div>
        </div>
      </div>

      <dl className="grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">{t('reports.list.generated')}</dt>
          <dd className="mt-0.5 font-medium">{formatDate(report.generated_at) ?? t('reports.list.notYet')}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('reports.list.pages')}</dt>
          <dd className="mt-0.5 font-medium tabular-nums">{report.page_count === null ? '—' : t('reports.list.pageCount', { count: report.page_count })}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('reports.list.purchased')}</dt>
          <dd className="mt-0.5 font-medium">{formatDate(report.purchased_at)}</dd>
        </div>
      </dl>

      {!ready && (
        // Announced when it changes: the list asks the server again while a report is on its way.
        <p role="status" className="text-sm text-muted-foreground">
          {status === 'waiting'
            ? t('reports.statusText.waitingFor', { assessments: waitingText })
            : status === 'failed'
              ? t('reports.statusText.failed')
              : t('reports.statusText.generating')}
        </p>
      )}

      <div className="mt-auto flex flex-wrap items-start gap-2">
        {ready && (
          <>
            <Link to={routePath('report.view', { type: report.type, id: report.id })} aria-label={t('reports.list.viewReport', { title: report.title })} className={buttonClassName()}>
              <Eye aria-hidden="true" />
              {t('reports.list.view')}
            </Link>
            <DownloadPdfLink type={report.type} id={report.id} title={report.title} label={t('reports.list.download')} accessibleLabel={t('reports.list.downloadReport', { title: report.title })} />
          </>
        )}
        {report.status === 'failed' && (
          <PendingButton pending={retry.isPending} pendingLabel={t('reports.list.tryingAgain')} onClick={() => retry.mutate({ type: report.type, id: report.id })}>
            <RotateCw aria-hidden="true" />
            {t('reports.list.tryAgain')}
          </PendingButton>
        )}
        {status === 'waiting' && (
          <Link to={routePath('dashboard')} className={buttonClassName({ variant: 'outline' })}>
            {t('reports.list.answerQuestions')}
          </Link>
        )}
      </div>
      {retry.isError && <FormAlert>{t('reports.list.retryFailed')}</FormAlert>}
    </article>
  );
}
