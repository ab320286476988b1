import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClassName, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { reportPdfPath, useDownloadReportPdf, type ReportPdfRequest } from '../api/download-report-pdf';

export interface DownloadPdfLinkProps extends ReportPdfRequest {
  label: string;
  /** The link's name for screen readers when `label` alone does not say which report. */
  accessibleLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/**
 * A real link to the PDF (it can be copied, and it names the file's address), whose click fetches
 * the file with the session's token and saves it: the API wants the Bearer token, which a plain
 * link cannot send (the invoice download does the same).
 */
export function DownloadPdfLink({ label, accessibleLabel, variant = 'outline', size, className, ...request }: DownloadPdfLinkProps) {
  const { t } = useTranslation();
  const download = useDownloadReportPdf();
  return (
    <span className="inline-flex flex-col gap-1">
      <a
        href={reportPdfPath(request)}
        download
        aria-label={accessibleLabel}
        aria-disabled={download.isPending || undefined}
        className={cn(buttonClassName({ variant, size }), download.isPending && 'pointer-events-none opacity-60', className)}
        onClick={(event) => {
          event.preventDefault();
          if (!download.isPending) download.mutate(request);
        }}
      >
        {download.isPending ? <Spinner /> : <Download aria-hidden="true" />}
        {download.isPending ? t('reports.list.downloading') : label}
      </a>
      {download.isError && (
        <span role="alert" className="text-xs font-medium text-destructive">
          {t('reports.list.downloadFailed')}
        </span>
      )}
    </span>
  );
}
