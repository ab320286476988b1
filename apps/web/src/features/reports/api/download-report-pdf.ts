import { reportApiPaths } from '@app/contract/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadWithSession } from '@/lib/download-file';
import { reportsRootKey } from '@/lib/report-query-keys';

export interface ReportPdfRequest {
  type: string;
  id: string;
  title: string;
  /** An older edition; the current one when left out. */
  edition?: number;
}

/** The PDF's path: what the Download link points at (the click fetches it with the session). */
export function reportPdfPath({ type, id, edition }: Pick<ReportPdfRequest, 'type' | 'id' | 'edition'>): string {
  return reportApiPaths.pdf(type, id, edition);
}

/** A file name from the title when the server gives none: 'BIG5 personality report.pdf'. */
function fallbackFileName(title: string, edition?: number): string {
  const base = title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'report';
  return edition === undefined ? `${base}.pdf` : `${base} (edition ${edition}).pdf`;
}

/** `GET /api/reports/{type}/{id}/pdf` saved as a file. Throws when it could not be downloaded. */
export async function downloadReportPdf(request: ReportPdfRequest): Promise<void> {
  const ok = await downloadWithSession(reportPdfPath(request), fallbackFileName(request.title, request.edition));
  if (!ok) throw new Error('The PDF could not be downloaded');
}

export function useDownloadReportPdf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadReportPdf,
    // A download marks the report as no longer new (server side).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...reportsRootKey, 'list'] }),
  });
}
