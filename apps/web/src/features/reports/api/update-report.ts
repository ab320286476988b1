import { reportApiPaths } from '@app/contract/api-paths';
import { reportEnvelope } from '@app/contract/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { reportsRootKey } from '@/lib/report-query-keys';

/**
 * `POST /api/reports/{type}/{id}/update`: a free new edition from the latest answers. The report
 * goes back to being generated; the older edition stays downloadable.
 */
export async function updateReport({ type, id }: { type: string; id: string }) {
  const result = await httpClient.post(reportApiPaths.update(type, id), undefined, { schema: reportEnvelope });
  if (result.data === null) throw new Error(result.error ?? 'The report could not be updated');
  return result.data.data;
}

export function useUpdateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsRootKey }),
  });
}
