import type { Big5Result, EnvironmentResult, ValuesResult } from '@app/contract/assessment-results';
import type { ScoreNorm } from '@app/assessments/reports/norms';
import type { GeneratedReportType, ReportDocument } from '@app/contract/reports';
import type { TeamReportDocument } from '@app/contract/team-report';

/** Everything a report edition is made from; plain data, so it can cross to a worker thread. */
export interface RenderInput {
  type: GeneratedReportType;
  personName: string;
  edition: number;
  /** ISO 8601 instants. */
  generatedAt: string;
  purchasedAt: string;
  results: { big5: Big5Result | null; environment: EnvironmentResult | null; values: ValuesResult | null };
  /** The distributions behind the percentiles: 'everyone' and the person's age band, per scale (score-norms.ts). */
  norms: ScoreNorm[];
}

export interface RenderedEdition {
  document: ReportDocument;
  pdf: Buffer;
  pageCount: number;
}

/** A team report's PDF (issue 13): drawn from its stored document, which is already composed. */
export interface RenderedTeamReport {
  pdf: Buffer;
  pageCount: number;
}

/** Composes a report's document from the scores and renders its PDF (render-pool.ts runs it in worker threads). */
export interface ReportRenderer {
  render(input: RenderInput): Promise<RenderedEdition>;
  renderTeamReport(document: TeamReportDocument): Promise<RenderedTeamReport>;
  close(): Promise<void>;
}
