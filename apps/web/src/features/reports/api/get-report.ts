import { reportApiPaths } from '@app/contract/api-paths';
import { reportView, type ReportView } from '@app/contract/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { generatingPollMs } from '@/lib/report-list';
import { reportsRootKey } from '@/lib/report-query-keys';

/** A failed load, with its status so the page can tell "not found" from a passing fault. */
export class ReportLoadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** What the web view can show: the report, or "not ready yet" (409 report_not_ready) with the server's words. */
export type ReportViewState = { kind: 'ready'; view: ReportView['data'] } | { kind: 'not_ready'; message: string };

/**
 * `GET /api/reports/{type}/{id}`: the report and its document. A 409 is not a failure here: the
 * report is still being made (or its generation failed), which the page shows while it asks again.
 * 404 for another user's or an unknown report.
 */
export async function getReport(type: string, id: string, signal?: AbortSignal): Promise<ReportViewState> {
  const result = await httpClient.get(reportApiPaths.report(type, id), undefined, { schema: reportView, signal });
  if (result.data !== null) return { kind: 'ready', view: result.data.data };
  if (result.status === 409) return { kind: 'not_ready', message: result.error ?? '' };
  throw new ReportLoadError(result.error ?? 'The report could not be loaded', result.status);
}

export function reportQueryOptions(type: string, id: string) {
  return queryOptions({
    queryKey: [...reportsRootKey, 'view', type, id],
    queryFn: ({ signal }) => getReport(type, id, signal),
    // Not ready yet, or its AI narrative still being written: asked again until it is, so the page
    // shows it without a reload.
    refetchInterval: (query) => {
      const state = query.state.data;
      return state?.kind === 'not_ready' || (state?.kind === 'ready' && state.view.narrative?.status === 'pending') ? generatingPollMs : false;
    },
    // A missing report stays missing; retrying only delays the message.
    retry: (failureCount, error) => !(error instanceof ReportLoadError && error.status < 500) && failureCount < 1,
  });
}

export function useReport(type: string, id: string) {
  return useQuery(reportQueryOptions(type, id));
}
