import { reportApiPaths } from '@app/contract/api-paths';
import { reportList, type ReportListItem } from '@app/contract/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from './http-client.ts';
import { reportsRootKey } from './report-query-keys.ts';

// `GET /api/reports`: the caller's reports, newest first (issue 11). In lib, not in the reports
// feature, because the dashboard reads it too (its Reports step is done once a report is ready).
// While a report is being made the list asks again every few seconds, so the row turns ready
// without a reload, and stops once nothing is on its way.

/** Asked again this often while a report is being generated. */
export const generatingPollMs = 2000;
/** Asked again this often while every unfinished report waits for answers (the user is answering, not waiting). */
export const waitingPollMs = 15_000;

/** `GET /api/reports`: the caller's reports. */
export async function listReports(signal?: AbortSignal): Promise<ReportListItem[]> {
  const result = await httpClient.get(reportApiPaths.list, undefined, { schema: reportList, signal });
  if (result.data === null) throw new Error(result.error ?? 'The reports could not be loaded');
  return result.data.data;
}

/** True while the server is making the report (or about to): it may turn ready any moment. */
export function isOnItsWay(report: ReportListItem): boolean {
  return report.status === 'generating' || (report.status === 'pending' && report.waiting_for.length === 0);
}

/** How soon to ask again: soon while a report is on its way, slowly while one waits for answers, never otherwise. */
export function reportsPollInterval(reports: readonly ReportListItem[] | undefined): number | false {
  if (!reports) return false;
  if (reports.some(isOnItsWay)) return generatingPollMs;
  if (reports.some((report) => report.status === 'pending')) return waitingPollMs;
  return false;
}

/** Keyed by the user: the cache outlives a logout, and another account may log in in this tab. */
export function reportsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...reportsRootKey, 'list', userId],
    queryFn: ({ signal }) => listReports(signal),
    refetchInterval: (query) => reportsPollInterval(query.state.data),
  });
}

export function useReports(userId: string | null) {
  return useQuery({ ...reportsQueryOptions(userId ?? ''), enabled: userId !== null });
}

/** True when the user owns at least one report that can be read (the dashboard's Reports step). */
export function hasReadyReport(reports: readonly ReportListItem[] | undefined): boolean {
  return reports?.some((report) => report.status === 'ready') ?? false;
}
