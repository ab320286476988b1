import { generatedReportType, reportParams, type ReportView } from '@app/contract/reports';
import { ArrowLeft, FileQuestion, Printer } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { useProgressiveCount } from '@/components/use-progressive-count';
import { showAllWhenVisible } from '@/components/when-visible';
import { useReports } from '@/lib/report-list';
import { reportsRootKey } from '@/lib/report-query-keys';
import { accentClass } from '@/lib/assessment-accent';
import { routePath } from '@/lib/route-paths';
import { useSession } from '@/lib/use-session';
import { cn } from '@/lib/utils';
import { ReportLoadError, useReport } from '../api/get-report';
import { DownloadPdfLink } from '../components/download-pdf-link';
import { NarrativePanel, narrativeAnchor } from '../components/narrative-panel';
import { ReportCover } from '../components/report-cover';
import { ReportSection } from '../components/report-section';
import { ReportStatusBadge, useWaitingForText } from '../components/report-status';
import { ReportSummary, summaryAnchor } from '../components/report-summary';
import { ReportToc, tocEntries, type TocEntry } from '../components/report-toc';
import { UpdateBanner } from '../components/update-banner';
import { useRetryReport } from '../api/retry-report';
import { PendingButton } from '@/components/ui/pending-button';
import '../reports-texts';

/** The edition a reader had before asking for an update, with its title for the file name. */
interface PreviousEdition {
  edition: number;
  title: string;
}

/** The route's params when they can name a report; null otherwise (answered as not found, without a request). */
function useReportParams(): { type: string; id: string } | null {
  const params = useParams();
  const parsed = reportParams.safeParse(params);
  if (!parsed.success || !generatedReportType.safeParse(parsed.data.type).success) return null;
  return parsed.data;
}

/** report.view (spec 2, ViewReport): one report on the web, block by block, as the PDF has it. */
export function ReportViewPage() {
  const params = useReportParams();
  if (params === null) return <ReportNotFound />;
  return <ReportViewFor type={params.type} id={params.id} />;
}

function ReportViewFor({ type, id }: { type: string; id: string }) {
  const { t } = useTranslation();
  const report = useReport(type, id);
  // The edition the reader had before asking for an update: still downloadable while the new one is made.
  const [previousEdition, setPreviousEdition] = useState<PreviousEdition | null>(null);
  const queryClient = useQueryClient();
  const opened = report.data?.kind === 'ready';
  useEffect(() => {
    // Opening the report marks it as no longer new (server side): the list follows.
    if (opened) void queryClient.invalidateQueries({ queryKey: [...reportsRootKey, 'list'] });
  }, [opened, queryClient]);

  if (report.isPending) {
    return (
      <p role="status" className="flex min-h-64 items-center justify-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('reports.view.loading')}
      </p>
    );
  }
  if (report.isError) {
    if (report.error instanceof ReportLoadError && (report.error.status === 404 || report.error.status === 403)) return <ReportNotFound />;
    return (
      <div className="mx-auto w-full max-w-2xl">
        <FormAlert>
          <p>{t('reports.view.loadFailed')}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void report.refetch()}>
            {t('reports.view.retry')}
          </Button>
        </FormAlert>
      </div>
    );
  }
  if (report.data.kind === 'not_ready') return <ReportNotReady type={type} id={id} previousEdition={previousEdition} />;
  return <ReportDocumentView view={report.data.view} onUpdated={setPreviousEdition} />;
}

function ReportDocumentView({ view, onUpdated }: { view: ReportView['data']; onUpdated: (previous: PreviousEdition) => void }) {
  const { t } = useTranslation();
  const { report, document: doc, narrative } = view;
  // Written, or being written: its own section after the summary. Failed: an alert above the report.
  const showNarrative = narrative !== null && (narrative.status === 'pending' || (narrative.status === 'ready' && Boolean(narrative.text)));
  const entries: TocEntry[] = [
    { anchor: summaryAnchor, title: t('reports.view.summaryHeading'), children: [] },
    ...(showNarrative ? [{ anchor: narrativeAnchor, title: t('reports.view.narrative.heading'), children: [] }] : []),
    ...tocEntries(doc.sections),
  ];
  // The summary and the first section in the render that brings the report, the others one by
  // one after it (components/use-progressive-count.ts).
  const drawnSections = useProgressiveCount(doc.sections.length, 1);

  return (
    <article lang={doc.language} className={cn('mx-auto w-full max-w-6xl space-y-6 print:max-w-none print:space-y-4', accentClass(report.type))}>
      <ReportCover
        document={doc}
        actions={
          <div className="flex shrink-0 flex-wrap gap-2 print:hidden">
            <DownloadPdfLink type={report.type} id={report.id} title={doc.title} label={t('reports.view.download')} variant="default" />
            <Button variant="outline" onClick={() => void showAllWhenVisible(() => import('../components/blocks/chart-drawings')).then(() => window.print())}>
              <Printer aria-hidden="true" />
              {t('reports.view.print')}
            </Button>
          </div>
        }
      />
      {view.update_available && <UpdateBanner report={report} onUpdated={(edition) => onUpdated({ edition, title: doc.title })} />}
      {narrative?.status === 'unavailable' && <NarrativePanel narrative={narrative} type={report.type} id={report.id} />}

      <div className="grid gap-8 lg:grid-cols-[14rem_minmax(0,1fr)] print:block">
        <aside className="print:hidden">
          <ReportToc entries={entries} className="rounded-xl border bg-card p-3 lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto" />
        </aside>
        <div className="min-w-0 space-y-10">
          <ReportSummary summary={doc.summary} />
          {showNarrative && narrative && <NarrativePanel narrative={narrative} type={report.type} id={report.id} />}
          {doc.sections.slice(0, drawnSections).map((section) => (
            <ReportSection key={section.id} section={section} />
          ))}
          <footer className="border-t pt-4 text-xs text-muted-foreground">{t('reports.view.scoringVersions', { versions: doc.scoring_versions.join(', ') })}</footer>
        </div>
      </div>
    </article>
  );
}

/** 409: the report is being made (or its generation failed); this page asks again until it can show it. */
function ReportNotReady({ type, id, previousEdition }: { type: string; id: string; previousEdition: PreviousEdition | null }) {
  const { t } = useTranslation();
  const { user } = useSession();
  // The list row says why: waiting for answers, being generated, or failed (with Try again).
  const row = useReports(user?.id ?? null).data?.find((candidate) => candidate.id === id);
  const waitingText = useWaitingForText(row?.waiting_for ?? []);
  const retry = useRetryReport();
  const failed = row?.status === 'failed';

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-5 rounded-2xl border bg-card px-6 py-12 text-center shadow-sm">
      {failed ? null : <Spinner className="size-8 text-primary" />}
      <div className="space-y-2">
        <h1 className="text-xl font-semibold tracking-tight">{row?.title ?? t('reports.view.notReadyHeading')}</h1>
        {row && <ReportStatusBadge report={row} />}
        <p role="status" className="text-sm text-muted-foreground">
          {failed
            ? t('reports.statusText.failed')
            : row && row.status === 'pending' && row.waiting_for.length > 0
              ? t('reports.statusText.waitingFor', { assessments: waitingText })
              : t('reports.view.notReadyText')}
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        {failed && row && (
          <PendingButton pending={retry.isPending} pendingLabel={t('reports.list.tryingAgain')} onClick={() => retry.mutate({ type: row.type, id: row.id })}>
            {t('reports.list.tryAgain')}
          </PendingButton>
        )}
        {previousEdition !== null && (
          <DownloadPdfLink
            type={type}
            id={id}
            title={previousEdition.title}
            edition={previousEdition.edition}
            label={t('reports.view.update.previousEdition', { edition: previousEdition.edition })}
          />
        )}
        <Link to={routePath('reports')} className={buttonClassName({ variant: 'outline' })}>
          <ArrowLeft aria-hidden="true" />
          {t('reports.view.backToReports')}
        </Link>
      </div>
      {retry.isError && <FormAlert>{t('reports.list.retryFailed')}</FormAlert>}
    </div>
  );
}

/** 404 (another user's or an unknown report), in the app's frame: the NotFound page's message, and the way back. */
function ReportNotFound() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-5 py-12 text-center">
      <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <FileQuestion className="size-7" />
      </span>
      <div className="space-y-2">
        <p className="text-sm font-semibold text-primary">{t('notFound.code')}</p>
        <h1 className="text-2xl font-semibold tracking-tight">{t('reports.view.notFoundHeading')}</h1>
        <p className="text-muted-foreground">{t('reports.view.notFoundText')}</p>
      </div>
      <Link to={routePath('reports')} className={buttonClassName()}>
        {t('reports.view.backToReports')}
      </Link>
    </div>
  );
}
