import type { ReportListItem } from '@app/contract/reports';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { useUpdateReport } from '../api/update-report';

/**
 * Offered when the person changed answers after this edition: a free new edition from the latest
 * answers. Once asked for, the page shows the new edition being made (the current one stays
 * downloadable); `onUpdated` is told which edition that was.
 */
export function UpdateBanner({ report, onUpdated }: { report: ReportListItem; onUpdated: (previousEdition: number) => void }) {
  const { t } = useTranslation();
  const update = useUpdateReport();
  return (
    <section aria-labelledby="report-update-heading" className="space-y-3 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:p-5 print:hidden">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1">
          <h2 id="report-update-heading" className="flex items-center gap-2 font-semibold">
            <RefreshCw aria-hidden="true" className="size-4 text-primary" />
            {t('reports.view.update.heading')}
          </h2>
          <p className="max-w-prose text-sm text-muted-foreground">{t('reports.view.update.text', { edition: report.edition })}</p>
        </div>
        <PendingButton
          pending={update.isPending}
          pendingLabel={t('reports.view.update.updating')}
          onClick={() => update.mutate({ type: report.type, id: report.id }, { onSuccess: () => onUpdated(report.edition) })}
        >
          {t('reports.view.update.action')}
        </PendingButton>
      </div>
      {update.isError && <FormAlert>{update.error.message || t('reports.view.update.failed')}</FormAlert>}
    </section>
  );
}
