import { reportApiPaths } from '@app/contract/api-paths';
import { reportEnvelope } from '@app/contract/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { reportsRootKey } from '@/lib/report-query-keys';

/** `POST /api/reports/{type}/{id}/retry`: a failed report goes back to pending. */
export async function retryReport({ type, id }: { type: string; id: string }) {
  const result = await httpClient.post(reportApiPaths.retry(type, id), undefined, { schema: reportEnvelope });
  if (result.data === null) throw new Error(result.error ?? 'The report could not be tried again');
  return result.data.data;
}

export function useRetryReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryReport,
    // The list (and a web view waiting for it) show it pending and start asking again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportsRootKey }),
  });
}
