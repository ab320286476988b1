import { reportApiPaths } from '@app/contract/api-paths';
import { reportNarrativeEnvelope } from '@app/contract/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { reportQueryOptions } from './get-report';

/** `POST /api/reports/{type}/{id}/narrative`: writes the optional AI narrative again after it failed (202, pending again). */
export async function retryNarrative({ type, id }: { type: string; id: string }) {
  const result = await httpClient.post(reportApiPaths.narrative(type, id), undefined, { schema: reportNarrativeEnvelope });
  if (result.data === null) throw new Error(result.error ?? 'The narrative could not be tried again');
  return result.data.data;
}

export function useRetryNarrative(type: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryNarrative({ type, id }),
    // The report's view carries the narrative: read it again (pending, it is then asked for until written).
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportQueryOptions(type, id).queryKey }),
  });
}
