import { reportApiPaths } from '@app/contract/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { reportQueryOptions } from './get-report';

/** `POST /api/reports/{type}/{id}/narrative`: writes the optional AI narrative again after it failed. */
export async function retryNarrative({ type, id }: { type: string; id: string }) {
  const result = await httpClient.post(reportApiPaths.narrative(type, id));
  if (result.error !== null) throw new Error(result.error);
}

export function useRetryNarrative(type: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryNarrative({ type, id }),
    // The report's view carries the narrative: read it again, whatever the call answered.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportQueryOptions(type, id).queryKey }),
  });
}
