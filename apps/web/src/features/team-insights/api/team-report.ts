import { reportMessages } from '@app/contract/reports';
import { teamReportApiPaths } from '@app/contract/api-paths';
import { teamReportEnvelope, teamReportList, teamReportMessages, type TeamReportItem, type TeamReportList } from '@app/contract/team-report';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { downloadWithSession } from '@/lib/download-file';
import { httpClient } from '@/lib/http-client';
import { dataOrThrowWith, refusalMessage } from '@/lib/request-refusal';
import { teamInsightsKey } from './team-insight-keys';

// The team report (issue 13): its editions, a new one, 'Try again' and the PDF. Refusals carry the
// contract's sentences ('Team reports come with the Team personality profiles service…'), shown as they come.

const knownMessages = new Set<string>([...Object.values(teamReportMessages), reportMessages.notFound]);
const dataOrThrow = dataOrThrowWith(knownMessages);

const teamReportKey = (organisationId: string) => [...teamInsightsKey(organisationId), 'team-reports'] as const;

const inProgress = (report: TeamReportItem) => report.status === 'pending' || report.status === 'generating';

/** `GET /api/organisations/{id}/team-reports`: asked again every two seconds while an edition is being made. */
export function useTeamReports(organisationId: string) {
  return useQuery({
    queryKey: teamReportKey(organisationId),
    queryFn: async ({ signal }): Promise<TeamReportList> => {
      const envelope = dataOrThrow(await httpClient.get(teamReportApiPaths.list(organisationId), undefined, { schema: teamReportList, signal }));
      if (envelope === null) throw new Error('The team reports answered with no body');
      return envelope.data;
    },
    refetchInterval: (query) => (query.state.data?.reports.some(inProgress) ? 2000 : false),
  });
}

/**
 * `POST /api/organisations/{id}/team-reports` `{ request_key }`. One key per intended edition: a
 * request whose answer never came is sent again with the same key, so it cannot make two.
 */
export function useCreateTeamReport(organisationId: string) {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: async (): Promise<TeamReportItem> => {
      key.current ??= crypto.randomUUID();
      const result = await httpClient.post(teamReportApiPaths.list(organisationId), { request_key: key.current }, { schema: teamReportEnvelope });
      // Made or refused: the next click is a new request. No answer or a server failure (the client
      // gives both as 5xx): the edition may exist, so the next click sends the same key again.
      if (result.status < 500) key.current = null;
      if (result.data === null) throw new Error(refusalMessage(result, knownMessages));
      return result.data.data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamReportKey(organisationId) }),
  });
}

/** `POST .../team-reports/{reportId}/retry`: a failed edition goes back to pending. */
export function useRetryTeamReport(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reportId: string): Promise<TeamReportItem> => {
      const result = await httpClient.post(teamReportApiPaths.retry(organisationId, reportId), undefined, { schema: teamReportEnvelope });
      if (result.data === null) throw new Error(refusalMessage(result, knownMessages));
      return result.data.data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamReportKey(organisationId) }),
  });
}

/** The edition's PDF saved as a file (the API wants the session's token, which a plain link cannot send). */
export function useDownloadTeamReport(organisationId: string) {
  return useMutation({
    mutationFn: async (report: TeamReportItem): Promise<void> => {
      const ok = await downloadWithSession(teamReportApiPaths.pdf(organisationId, report.id), `Team report (edition ${report.edition}).pdf`);
      if (!ok) throw new Error('The PDF could not be downloaded');
    },
  });
}
