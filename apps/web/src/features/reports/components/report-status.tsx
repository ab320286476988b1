import type { ReportListItem } from '@app/contract/reports';
import { CircleCheck, CircleX, Clock, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatList } from '@/lib/list-format';
import { cn } from '@/lib/utils';

const tone = {
  ready: 'bg-emerald-600/10 text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300',
  generating: 'bg-primary/10 text-primary',
  pending: 'bg-primary/10 text-primary',
  waiting: 'bg-amber-500/15 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  failed: 'bg-destructive/10 text-destructive',
} as const;

/** Pending with assessments still open is "waiting for your answers"; pending otherwise is on its way. */
export function displayStatus(report: Pick<ReportListItem, 'status' | 'waiting_for'>): keyof typeof tone {
  if (report.status === 'pending') return report.waiting_for.length > 0 ? 'waiting' : 'generating';
  return report.status;
}

/** The report's state as a badge: Ready, Being generated…, Waiting for your answers, Failed. */
export function ReportStatusBadge({ report }: { report: Pick<ReportListItem, 'status' | 'waiting_for'> }) {
  const { t } = useTranslation();
  const status = displayStatus(report);
  const Icon = status === 'ready' ? CircleCheck : status === 'failed' ? CircleX : status === 'waiting' ? Clock : LoaderCircle;
  return (
    <span className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap', tone[status])}>
      <Icon aria-hidden="true" className={cn('size-3.5', status === 'generating' && 'animate-spin')} />
      {t(`reports.status.${status}`)}
    </span>
  );
}

/** 'BIG5 and Environment': the assessments a report waits for, in the reader's language. */
export function useWaitingForText(waitingFor: ReportListItem['waiting_for']): string {
  const { t } = useTranslation();
  return formatList(waitingFor.map((type) => t(`reports.assessments.${type}`)));
}
